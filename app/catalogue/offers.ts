import { BRAND_ENTRIES, GENERIC_OFFER } from "./data";
import { exampleParts } from "./examples";
import { findBrandEntry, tidyName } from "./names";
import { copyableFrom } from "./offer-rules";
import { categoryRiskNote, isRiskNoteChoice, riskNoteOfChoice } from "./risk-note-choices";
import { logoOf, slugFromName, slugOf } from "./slugs";
import { isBonusUnit, isOfferKind, type OfferBonus } from "./terms";
import type { BrandCategoryId, BrandEntry, BrandRow, ReferralOffer } from "./types";

/** The categories that list an entry besides the one an offer gives itself. */
function categoriesOf(entry: BrandEntry): BrandCategoryId[] {
  return [entry.category, ...(entry.alsoIn ?? [])];
}

export function offerFromEntry(entry: BrandEntry): ReferralOffer {
  const slug = slugOf(entry);
  return {
    id: slug,
    slug,
    brand: entry.name,
    aliases: entry.aliases ?? [],
    category: entry.category,
    alsoIn: entry.alsoIn ?? [],
    serviceDescription: entry.serviceDescription,
    description: entry.offerDescription,
    code: entry.code,
    link: entry.link,
    logo: logoOf(entry),
    featured: entry.featured ?? false,
    copyable: entry.copyable ?? true,
    advantages: entry.advantages,
    ...termsOfEntry(entry),
    startsOn: entry.startsOn,
    validUntil: entry.validUntil,
    verifiedOn: entry.verifiedOn,
    ...exampleParts(entry.code, entry.link, { code: true, link: true }, Boolean(entry.verifiedOn)),
    ...riskOf(undefined, entry, entry.category),
  };
}

/**
 * The warning an offer carries: its row's choice, else its entry's, else its category's. Absent rather than
 * undefined, as the offer's other optional parts.
 */
function riskOf(
  choice: unknown,
  entry: BrandEntry | undefined,
  category: BrandCategoryId | null,
): Pick<ReferralOffer, "risk"> {
  const chosen = isRiskNoteChoice(choice) ? choice : entry?.risk;
  const risk = chosen ? riskNoteOfChoice(chosen) : categoryRiskNote(category);
  return risk ? { risk } : {};
}

type OfferTerms = Pick<ReferralOffer, "bonus" | "kind" | "conditions" | "referrerReward">;

const termsOfEntry = (entry: BrandEntry | undefined): OfferTerms => ({
  bonus: entry?.bonus,
  kind: entry?.kind ?? "non-precise",
  conditions: entry?.conditions ?? [],
  referrerReward: entry?.referrerReward,
});

/** A numeric column: node-postgres and PGlite read `numeric` as a string, PostgREST as a number. */
function amountOf(value: unknown): number | undefined {
  const amount = typeof value === "string" ? Number(value) : value;
  return typeof amount === "number" && Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

/**
 * The terms a row gives: they go together, so a row that states the kind (as the back office always does) states
 * them all, and its empty amount or conditions mean "none" rather than the entry's. A row without a kind keeps the
 * entry's terms.
 */
function termsOfRow(row: BrandRow, entry: BrandEntry | undefined): OfferTerms {
  const referrerReward = present(row.referrer_reward as string | null) ?? entry?.referrerReward;
  if (!isOfferKind(row.bonus_kind)) return { ...termsOfEntry(entry), referrerReward };
  const amount = amountOf(row.bonus_amount);
  const bonus: OfferBonus | undefined =
    amount !== undefined && isBonusUnit(row.bonus_unit)
      ? { amount, unit: row.bonus_unit, upTo: row.bonus_up_to === true }
      : undefined;
  const conditions = Array.isArray(row.conditions)
    ? row.conditions.filter((line): line is string => typeof line === "string" && line.trim() !== "")
    : [];
  return { bonus, kind: row.bonus_kind, conditions, referrerReward };
}

/** Bundled offers, one per entry of data.ts. */
export const BUNDLED_OFFERS: readonly ReferralOffer[] = BRAND_ENTRIES.map(offerFromEntry);

function present(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * A backend row as an offer: each column the row sets wins, then the brand's entry, then the generic offer for a
 * brand data.ts does not know. The brand is shown under its entry's name ("Boursorama Banque" as "BoursoBank"),
 * or under the row's name, tidied.
 */
export function offerFromRow(row: BrandRow, entry: BrandEntry | undefined): ReferralOffer {
  const column = <T>(name: string): T | undefined => (row[name] ?? undefined) as T | undefined;
  const category = column<string>("category");
  const hideClipboard = column<boolean>("hide_clipboard");
  const brand = entry?.name ?? tidyName(row.name);
  const ownCategory = (
    category && category !== "all" ? category : (entry?.category ?? null)
  ) as ReferralOffer["category"];
  const ownCode = column<string>("code");
  const ownLink = present(column<string>("link"));
  const code = ownCode ?? entry?.code ?? GENERIC_OFFER.code;
  const link = ownLink ?? entry?.link ?? GENERIC_OFFER.link;
  const verifiedOn = present(column<string>("verified_on")) ?? entry?.verifiedOn;
  return {
    id: String(row.id),
    slug: present(column<string>("slug")) ?? (entry ? slugOf(entry) : slugFromName(brand)),
    brand,
    aliases: entry?.aliases ?? [],
    category: ownCategory,
    alsoIn: entry ? categoriesOf(entry).filter((id) => id !== ownCategory) : [],
    serviceDescription: present(row.description) ?? entry?.serviceDescription ?? "",
    description: present(column<string>("offer_description")) ?? entry?.offerDescription ?? GENERIC_OFFER.description,
    code,
    link,
    logo: present(row.logo_url) ?? (entry ? logoOf(entry) : undefined),
    featured: column<boolean>("featured") ?? entry?.featured ?? false,
    copyable: copyableFrom(hideClipboard, entry?.copyable),
    advantages: column<string[]>("advantages") ?? entry?.advantages ?? [],
    ...termsOfRow(row, entry),
    startsOn: present(column<string>("starts_on")) ?? entry?.startsOn,
    validUntil: present(column<string>("valid_until")) ?? entry?.validUntil,
    verifiedOn,
    votesSince: present(column<string>("votes_since")),
    version: Number(row.version) || undefined,
    ...exampleParts(code, link, { code: ownCode == null && !!entry, link: !ownLink && !!entry }, Boolean(verifiedOn)),
    ...riskOf(row.risk_note, entry, ownCategory),
  };
}

/** A brand read from the backend as an offer, completed by the entry of the same name or alias. */
export function offerFromBrandRow(row: BrandRow): ReferralOffer {
  return offerFromRow(row, findBrandEntry(row.name));
}

const slugIndexes = new WeakMap<readonly ReferralOffer[], Map<string, ReferralOffer>>();

/** The offer of `slug` in `offers`; the list is indexed on first use (10 000 offers are read on every brand page). */
export function findOfferBySlug(offers: readonly ReferralOffer[], slug: string): ReferralOffer | undefined {
  let index = slugIndexes.get(offers);
  if (!index) {
    index = new Map();
    // The first of a slug wins, as a search from the start would find it.
    for (const offer of offers) if (!index.has(offer.slug)) index.set(offer.slug, offer);
    slugIndexes.set(offers, index);
  }
  return index.get(slug);
}
