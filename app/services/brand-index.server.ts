import { brandIndex, type InitialGroup } from "~/catalogue/brand-index";
import { tryLoadCatalogue } from "./offers.server";
import type { ReferralOffer } from "~/catalogue/types";

/** The index made from each catalogue's offers, dropped with them (a vote changes the catalogue, not its offers). */
const indexesByOffers = new WeakMap<readonly ReferralOffer[], InitialGroup[]>();

/** The A–Z index of today's brands, or null when the offers cannot be read. */
export async function loadBrandIndex(): Promise<InitialGroup[] | null> {
  const catalogue = await tryLoadCatalogue();
  if (!catalogue) return null;
  let index = indexesByOffers.get(catalogue.offers);
  if (!index) indexesByOffers.set(catalogue.offers, (index = brandIndex(catalogue.offers)));
  return index;
}
