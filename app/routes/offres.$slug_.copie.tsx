import { countFor } from "~/services/audience.server";
import { offerForSlug } from "~/services/pages/offers.server";
import type { ActionFunctionArgs } from "@remix-run/node";

/**
 * `/offres/{slug}/copie`: a copy of the offer's code, told by the copy button (navigator.sendBeacon), counted. POST
 * only: the request pipeline answers any other method 405.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const offer = await offerForSlug(params.slug ?? "");
  if (!offer) throw new Response("Offre introuvable", { status: 404 });
  countFor(request, "copies", offer.slug);
  return new Response(null, { status: 204 });
}
