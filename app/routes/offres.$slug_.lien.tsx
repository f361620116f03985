import { todayInFrance, isExpired } from "~/catalogue/dates";
import { countFor } from "~/services/audience.server";
import { offerForSlug } from "~/services/offers.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * `/offres/{slug}/lien`: the follow of an offer's referral link, counted, then a 302 to the offer's own link. Only
 * that link: no parameter is read (any query is a 404), the slug is a listed offer's, and an expired or unknown
 * offer gets the 404 page. Never stored, never indexed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const offer = new URL(request.url).search ? undefined : await offerForSlug(params.slug ?? "");
  const link = offer?.link && URL.canParse(offer.link) ? new URL(offer.link) : undefined;
  if (!offer || isExpired(offer, todayInFrance()) || link?.protocol !== "https:") {
    throw new Response("Offre introuvable", { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  }
  if (request.method === "GET") countFor(request, "follows", offer.slug);
  return new Response(null, {
    status: 302,
    headers: { Location: link.href, "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
