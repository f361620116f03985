import { countFor } from "~/services/audience.server";
import { findBrandOffer, tryLoadCatalogue } from "~/services/offers.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** A transparent 1 × 1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * `/offres/{slug}/vue`: the image a brand page asks for by itself, never stored, so that a page served from a shared
 * cache is counted too, with or without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const catalogue = await tryLoadCatalogue();
  const offer = catalogue ? findBrandOffer(catalogue, params.slug ?? "") : undefined;
  if (offer && offer.slug === params.slug && request.method === "GET") countFor(request, "views", offer.slug);
  return new Response(PIXEL, {
    headers: { "Content-Type": "image/gif", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
