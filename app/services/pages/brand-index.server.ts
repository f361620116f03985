import { brandIndex, type InitialGroup } from "~/catalogue/brand-index";
import { tryLoadCatalogue, type Catalogue } from "./offers.server";
import type { ReferralOffer } from "~/catalogue/types";

export interface BrandIndex {
  groups: InitialGroup[];
  /** The initials alone, as the listings link them. */
  initials: { key: string; label: string }[];
}

/** The index made from each catalogue's offers, dropped with them (a vote changes the catalogue, not its offers). */
const indexesByOffers = new WeakMap<readonly ReferralOffer[], BrandIndex>();

/** The A–Z index of a catalogue's brands, made once for its offers. */
export function brandIndexOf(catalogue: Catalogue): BrandIndex {
  let index = indexesByOffers.get(catalogue.offers);
  if (!index) {
    const groups = brandIndex(catalogue.offers);
    index = { groups, initials: groups.map(({ key, label }) => ({ key, label })) };
    indexesByOffers.set(catalogue.offers, index);
  }
  return index;
}

/** The A–Z index of today's brands, or null when the offers cannot be read. */
export async function loadBrandIndex(): Promise<BrandIndex | null> {
  const catalogue = await tryLoadCatalogue();
  return catalogue ? brandIndexOf(catalogue) : null;
}
