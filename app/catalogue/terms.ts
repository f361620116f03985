/**
 * What an offer gives, as data: the new customer's bonus (an amount, its unit, whether it is a ceiling), its kind,
 * and its main conditions. The cards, the brand pages, the back office and the `brands` table read them here; the
 * table's checks (20250207000000_offer_terms.sql) hold the same lists and limits.
 */

/** The kinds of bonus, as the `brands.bonus_kind` column and the back office's list spell them. */
export const OFFER_KINDS = [
  "argent",
  "freebet",
  "cashback",
  "reduction",
  "crypto",
  "frais-offerts",
  "autre",
  "non-precise",
] as const;

export type OfferKind = (typeof OFFER_KINDS)[number];

/**
 * How each kind is named in the back office's list. Game credits are always named as such (ANJ: they are not money).
 * Visitors never read "non-precise": what they see goes through kindLabel.
 */
export const KIND_LABELS: Readonly<Record<OfferKind, string>> = {
  argent: "Argent versé sur le compte",
  freebet: "Crédit de jeu (freebet)",
  cashback: "Cashback",
  reduction: "Réduction",
  crypto: "Crypto-actif",
  "frais-offerts": "Frais offerts",
  autre: "Autre avantage",
  "non-precise": "Non précisée (rien n'est affiché)",
};

/** The kind as visitors read it, or nothing when the offer does not say: no filler stands in for a missing fact. */
export const kindLabel = (kind: OfferKind): string | undefined =>
  kind === "non-precise" ? undefined : KIND_LABELS[kind];

/** The units an amount is stated in: euros, dollars, or a percentage (of fees, of a bill, of a return). */
export const BONUS_UNITS = ["EUR", "USD", "%"] as const;

export type BonusUnit = (typeof BONUS_UNITS)[number];

const UNIT_SIGNS: Readonly<Record<BonusUnit, string>> = { EUR: "€", USD: "$", "%": "%" };

/** What the owner's list of units shows. */
export const UNIT_LABELS: Readonly<Record<BonusUnit, string>> = {
  EUR: "euros (€)",
  USD: "dollars ($)",
  "%": "pourcentage (%)",
};

export interface OfferBonus {
  amount: number;
  unit: BonusUnit;
  /** The amount is a ceiling: "Jusqu'à 200 €". */
  upTo: boolean;
}

/** The main conditions an offer may list, and the length of each. */
export const MAX_CONDITIONS = 5;
export const MAX_CONDITION_LENGTH = 120;

const wholeAmount = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
const centsAmount = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "200 €", "2,50 €", "5 $", "20 %"; "Jusqu'à 200 €" for a ceiling. Spaces are non-breaking, as French typography asks. */
export function formatBonus(bonus: OfferBonus): string {
  const format = Number.isInteger(bonus.amount) ? wholeAmount : centsAmount;
  const amount = format.format(bonus.amount).replace(/\s/g, "\u202f");
  const figure = `${amount}\u00a0${UNIT_SIGNS[bonus.unit]}`;
  return bonus.upTo ? `Jusqu'à ${figure}` : figure;
}

export const isOfferKind = (value: unknown): value is OfferKind =>
  typeof value === "string" && (OFFER_KINDS as readonly string[]).includes(value);

export const isBonusUnit = (value: unknown): value is BonusUnit =>
  typeof value === "string" && (BONUS_UNITS as readonly string[]).includes(value);

const formAmount = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2, useGrouping: false });

/** An offer's terms as the back office's form shows them, ready to be sent back unchanged. */
export function termsFormValues(offer: {
  bonus?: OfferBonus;
  kind: OfferKind;
  conditions: readonly string[];
  referrerReward?: string;
  startsOn?: string;
}) {
  return {
    bonus_amount: offer.bonus ? formAmount.format(offer.bonus.amount) : "",
    bonus_unit: offer.bonus?.unit ?? "EUR",
    bonus_up_to: offer.bonus?.upTo ?? false,
    bonus_kind: offer.kind,
    conditions: offer.conditions.join("\n"),
    referrer_reward: offer.referrerReward ?? "",
    starts_on: offer.startsOn ?? "",
  };
}
