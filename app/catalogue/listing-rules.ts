import { isExpired } from "./dates";
import type { RiskNote } from "./risk-note-choices";
import type { CategoryId, ReferralOffer } from "./types";

/** The rules every listing follows, searched or not: which offers a category holds, and in what order. */

/** A category lists the offers of its own brands and those whose entry says they also belong there. */
export function isInCategory(offer: Pick<ReferralOffer, "category" | "alsoIn">, categoryId: CategoryId): boolean {
  if (categoryId === "all") return true;
  return offer.category === categoryId || offer.alsoIn.includes(categoryId);
}

const frenchCollator = new Intl.Collator("fr", { sensitivity: "base", ignorePunctuation: false });

/** Current offers first, then expired ones; each group by brand name in French order, ignoring case and accents. */
export function sortOffers(offers: readonly ReferralOffer[], today: string): ReferralOffer[] {
  return [...offers].sort(
    (a, b) => Number(isExpired(a, today)) - Number(isExpired(b, today)) || frenchCollator.compare(a.brand, b.brand),
  );
}

/**
 * The note an offer shows: a gambling operator's offer always carries the gambling warning, whatever its field says
 * (the law asks it of every promotion of gambling); any other offer, its own field's.
 */
export function riskNoteOf(offer: Pick<ReferralOffer, "category" | "alsoIn" | "risk">): RiskNote | undefined {
  return isInCategory(offer, "betting") ? "betting" : offer.risk;
}
