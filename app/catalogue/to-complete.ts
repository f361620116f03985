import { isExpired } from "./dates";
import { exampleLabel, hasExample } from "./examples";
import { isInstructionCode } from "./offer-rules";
import type { ReferralOffer } from "./types";

/**
 * What the owner still has to fill in: the running offers that lack an amount, a kind, their conditions, the owner's
 * check or a code. Those whose code or link is still the bundle's example come first (a public site withholds it,
 * examples.ts), then the most viewed, since those are the ones visitors read. The back office lists them as
 * "À compléter".
 */
export interface OfferToComplete {
  slug: string;
  brand: string;
  missing: string[];
  views: number;
}

/** What an offer lacks, in the back office's words; empty when nothing. */
export function missingFacts(
  offer: Pick<
    ReferralOffer,
    "bonus" | "kind" | "conditions" | "verifiedOn" | "code" | "link" | "exampleCode" | "exampleLink"
  >,
): string[] {
  const missing: string[] = [];
  const example = exampleLabel(offer);
  if (example) missing.push(example);
  if (!offer.bonus) missing.push("montant");
  if (offer.kind === "non-precise") missing.push("nature");
  if (offer.conditions.length === 0) missing.push("conditions");
  if (!offer.verifiedOn) missing.push("vérification");
  const code = offer.code.trim();
  if (!hasExample(offer) && (!code || (isInstructionCode(code) && !offer.link))) missing.push("code");
  return missing;
}

export function offersToComplete(
  offers: readonly ReferralOffer[],
  views: ReadonlyMap<string, number>,
  today: string,
): OfferToComplete[] {
  const collator = new Intl.Collator("fr", { sensitivity: "base" });
  return offers
    .filter((offer) => !isExpired(offer, today))
    .map((offer) => ({
      slug: offer.slug,
      brand: offer.brand,
      missing: missingFacts(offer),
      views: views.get(offer.slug) ?? 0,
      example: hasExample(offer),
    }))
    .filter((offer) => offer.missing.length > 0)
    .sort((a, b) => Number(b.example) - Number(a.example) || b.views - a.views || collator.compare(a.brand, b.brand))
    .map(({ example: _example, ...offer }) => offer);
}
