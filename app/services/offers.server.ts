import { todayInFrance } from "~/catalogue/dates";
import { mergeOffers, selectFeatured } from "~/catalogue/merge";
import { BUNDLED_OFFERS, findOfferBySlug, offerFromBrandRow } from "~/catalogue/offers";
import { getBackend } from "./backend/index.server";
import type { BrandRow, ReferralOffer } from "~/catalogue/types";

export interface Catalogue {
  /** Every offer to show, merged and sorted. */
  offers: ReferralOffer[];
  /** The three offers of the home page. */
  featured: ReferralOffer[];
  /** Today's date in France, which decides whether an offer has expired. */
  today: string;
}

/** The last catalogue built, reused while the brands read and the day are the same. */
let lastBuilt: { rows: BrandRow[]; content: string; today: string; catalogue: Catalogue } | undefined;

/** Reads the brands and merges them over the bundled offers. Rejects with a BackendError when the source fails. */
export async function loadCatalogue(now: Date = new Date()): Promise<Catalogue> {
  const backend = await getBackend();
  const rows = await backend.listBrands();
  const today = todayInFrance(now);
  if (lastBuilt?.today === today) {
    // The brands cache hands back the same array until it refreshes; without the cache, each read is a new array
    // that usually says the same: either way the merge, and what pages derive from it, is not done again.
    if (lastBuilt.rows === rows) return lastBuilt.catalogue;
    const content = JSON.stringify(rows);
    if (lastBuilt.content === content) return lastBuilt.catalogue;
  }
  const apiOffers = rows.map(offerFromBrandRow);
  const catalogue = { offers: mergeOffers(apiOffers, today), featured: selectFeatured(apiOffers, today), today };
  lastBuilt = { rows, content: JSON.stringify(rows), today, catalogue };
  return catalogue;
}

/** The catalogue, or null when the brands cannot be read (the failure is logged). */
export async function tryLoadCatalogue(): Promise<Catalogue | null> {
  try {
    return await loadCatalogue();
  } catch (error) {
    console.error("Chargement des marques impossible :", error);
    return null;
  }
}

/** Status of a page answered without its offers: the source failed and nothing is cached (entry.server adds Retry-After). */
export const UNAVAILABLE = { status: 503 } as const;

/** The Crypto.com page is written by hand: its logo, code and link do not come from the backend. */
const HAND_WRITTEN_SLUGS = new Set(["crypto-com"]);

/** The offer of a brand page. */
export function findBrandOffer(catalogue: Catalogue, slug: string): ReferralOffer | undefined {
  if (HAND_WRITTEN_SLUGS.has(slug)) return findOfferBySlug(BUNDLED_OFFERS, slug);
  return findOfferBySlug(catalogue.offers, slug);
}

/** The brand a question is about: from the catalogue, or the bundled offers when the source is down. */
export async function brandNameForSlug(slug: string): Promise<string | undefined> {
  const catalogue = await tryLoadCatalogue();
  const offer = catalogue ? findBrandOffer(catalogue, slug) : findOfferBySlug(BUNDLED_OFFERS, slug);
  return offer?.brand;
}
