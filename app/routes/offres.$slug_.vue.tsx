import { countFor } from "~/services/audience.server";
import { COUNT_IMAGE } from "~/services/http/pipeline.server";
import { findBrandOffer, tryLoadCatalogue } from "~/services/offers.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * `/offres/{slug}/vue`: the image a brand page asks for by itself, never stored, so that a page served from a shared
 * cache is counted too, with or without JavaScript. The request pipeline answers a plain GET of it itself (at the
 * cost of a cached page); this route answers the rest (HEAD, or a server run without the pipeline).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const catalogue = await tryLoadCatalogue();
  const offer = catalogue ? findBrandOffer(catalogue, params.slug ?? "") : undefined;
  if (offer && offer.slug === params.slug && request.method === "GET") countFor(request, "views", offer.slug);
  return new Response(COUNT_IMAGE, {
    headers: { "Content-Type": "image/gif", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
