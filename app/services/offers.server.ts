import { mergeOffers, offerFromBrandRow, selectFeatured, todayInFrance } from "~/catalogue/offers";
import type { ReferralOffer } from "~/catalogue/types";
import { getBrandsSource } from "./brands.server";

export interface Catalogue {
  /** Every offer to show, merged and sorted. */
  offers: ReferralOffer[];
  /** The three offers of the home page. */
  featured: ReferralOffer[];
  /** Today's date in France, which decides whether an offer has expired. */
  today: string;
}

/** Reads the brands and merges them over the bundled offers. Rejects with a BackendError when the source fails. */
export async function loadCatalogue(now: Date = new Date()): Promise<Catalogue> {
  const source = await getBrandsSource();
  const rows = await source.listBrands();
  const apiOffers = rows.map(offerFromBrandRow);
  const today = todayInFrance(now);
  return { offers: mergeOffers(apiOffers, today), featured: selectFeatured(apiOffers, today), today };
}
