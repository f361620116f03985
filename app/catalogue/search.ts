import { isExpired } from "./dates";
import { foldText } from "./names";
import type { CategoryId, ReferralOffer } from "./types";

/** Case- and accent-insensitive substring match on the brand name; an empty search matches everything. */
export function matchesSearch(offer: Pick<ReferralOffer, "brand">, query: string): boolean {
  const needle = foldText(query.trim());
  return !needle || foldText(offer.brand).includes(needle);
}

/** A category lists the offers of its own brands and those whose entry says they also belong there. */
export function isInCategory(offer: Pick<ReferralOffer, "category" | "alsoIn">, categoryId: CategoryId): boolean {
  if (categoryId === "all") return true;
  return offer.category === categoryId || offer.alsoIn.includes(categoryId);
}

/** The offers of a tab: in the category and matching the search. */
export function filterOffers(
  offers: readonly ReferralOffer[],
  { query = "", category = "all" }: { query?: string; category?: CategoryId },
): ReferralOffer[] {
  return offers.filter((offer) => matchesSearch(offer, query) && isInCategory(offer, category));
}

const frenchCollator = new Intl.Collator("fr", { sensitivity: "base", ignorePunctuation: false });

/** Current offers first, then expired ones; each group by brand name in French order, ignoring case and accents. */
export function sortOffers(offers: readonly ReferralOffer[], today: string): ReferralOffer[] {
  return [...offers].sort(
    (a, b) => Number(isExpired(a, today)) - Number(isExpired(b, today)) || frenchCollator.compare(a.brand, b.brand),
  );
}

export interface OfferSearchIndex {
  offers: readonly ReferralOffer[];
}
export function buildSearchIndex(offers: readonly ReferralOffer[], _today: string): OfferSearchIndex {
  return { offers };
}
export function searchOffers(index: OfferSearchIndex, query: string, category: CategoryId): ReferralOffer[] {
  return filterOffers(index.offers, { query, category });
}
export function suggestOffers(_index: OfferSearchIndex, _query: string, _limit = 5): ReferralOffer[] {
  return [];
}
