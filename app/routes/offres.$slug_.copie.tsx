import { countFor } from "~/services/audience.server";
import { findBrandOffer, tryLoadCatalogue } from "~/services/offers.server";
import type { ActionFunctionArgs } from "@remix-run/node";

/** `/offres/{slug}/copie`: a copy of the offer's code, told by the copy button (navigator.sendBeacon), counted. */
export async function action({ request, params }: ActionFunctionArgs) {
  const catalogue = await tryLoadCatalogue();
  const offer = catalogue ? findBrandOffer(catalogue, params.slug ?? "") : undefined;
  if (!offer || offer.slug !== params.slug) throw new Response("Offre introuvable", { status: 404 });
  countFor(request, "copies", offer.slug);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST" } });
}
