import { formatBonus, kindLabel, type BonusUnit, type OfferKind } from "./terms";
import type { ReferralOffer } from "./types";

/**
 * An offer's dated history: what visitors see of it (amount, kind, conditions, code, link), compared from one merge
 * of the offers to the next, and what each change was. The database keeps the last snapshot of each offer and the
 * changes (20250208000000_offer_history.sql); this module decides what counts as a change and how it reads.
 */

/** What a visitor sees of an offer's terms, as stored: plain JSON, the same for the same offer. */
export interface OfferSnapshot {
  amount: number | null;
  unit: BonusUnit | null;
  upTo: boolean;
  kind: OfferKind;
  conditions: string[];
  code: string;
  link: string;
}

export type ChangeKind = "added" | "improved" | "changed";

/** A change to record: the snapshot it was computed from (null for an offer first seen) and the new one. */
export interface OfferChange {
  slug: string;
  change: ChangeKind;
  before: OfferSnapshot | null;
  after: OfferSnapshot;
  /** The categories the offer is listed in: their followers hear of it. */
  categories: string[];
}

/** A recorded change, as the brand page shows it. */
export interface OfferHistoryEntry {
  /** ISO timestamp. */
  recordedAt: string;
  change: ChangeKind;
  before: OfferSnapshot | null;
  after: OfferSnapshot;
}

/** How many changes the brand page lists. */
export const HISTORY_SHOWN = 10;

export function snapshotOf(offer: ReferralOffer): OfferSnapshot {
  return {
    amount: offer.bonus?.amount ?? null,
    unit: offer.bonus?.unit ?? null,
    upTo: offer.bonus?.upTo ?? false,
    kind: offer.kind,
    conditions: [...offer.conditions],
    code: offer.code.trim(),
    link: offer.link,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

export function sameSnapshot(a: OfferSnapshot, b: OfferSnapshot): boolean {
  return (
    a.amount === b.amount &&
    a.unit === b.unit &&
    a.upTo === b.upTo &&
    a.kind === b.kind &&
    sameList(a.conditions, b.conditions) &&
    a.code === b.code &&
    a.link === b.link
  );
}

/**
 * "improved" when the amount rose in the same unit and kind, or a condition was removed, and nothing got worse (no
 * lower amount, no new condition, no other unit or kind); anything else that changed is "changed". A new code or link
 * alone is a change, never an improvement.
 */
export function classifyChange(before: OfferSnapshot, after: OfferSnapshot): "improved" | "changed" {
  const sameMeasure = before.unit === after.unit && before.kind === after.kind;
  if (!sameMeasure || (before.amount === null) !== (after.amount === null)) return "changed";
  const rose = before.amount !== null && after.amount !== null && after.amount > before.amount;
  const fell = before.amount !== null && after.amount !== null && after.amount < before.amount;
  const added = after.conditions.some((condition) => !before.conditions.includes(condition));
  const removed = before.conditions.some((condition) => !after.conditions.includes(condition));
  return (rose || removed) && !fell && !added ? "improved" : "changed";
}

/** The changes between the stored snapshots and the offers merged now, each to record once. */
export function changesSince(
  stored: ReadonlyMap<string, OfferSnapshot>,
  offers: readonly ReferralOffer[],
): OfferChange[] {
  const changes: OfferChange[] = [];
  for (const offer of offers) {
    const after = snapshotOf(offer);
    const before = stored.get(offer.slug) ?? null;
    const categories = offer.category ? [offer.category, ...offer.alsoIn] : [...offer.alsoIn];
    if (!before) changes.push({ slug: offer.slug, change: "added", before: null, after, categories });
    else if (!sameSnapshot(before, after)) {
      changes.push({ slug: offer.slug, change: classifyChange(before, after), before, after, categories });
    }
  }
  return changes;
}

const amountOf = (snapshot: OfferSnapshot) =>
  snapshot.amount !== null && snapshot.unit
    ? formatBonus({ amount: snapshot.amount, unit: snapshot.unit, upTo: snapshot.upTo })
    : null;

/** A change of amount, saying plainly when one appears or goes: "200 € (avant : 150 €)", "Montant retiré (avant : 150 €)". */
function amountChange(before: OfferSnapshot, after: OfferSnapshot): string {
  const now = amountOf(after);
  const then = amountOf(before);
  if (!now) return `Montant retiré (avant : ${then})`;
  return then ? `${now} (avant : ${then})` : `Montant annoncé : ${now}`;
}

/** A change of kind, the same way: "Cashback (avant : Réduction)", "Nature retirée (avant : Cashback)". */
function kindChange(before: OfferSnapshot, after: OfferSnapshot): string {
  const now = kindLabel(after.kind);
  const then = kindLabel(before.kind);
  if (!now) return `Nature retirée (avant : ${then})`;
  return then ? `${now} (avant : ${then})` : `Nature annoncée : ${now}`;
}

/** "Offre ajoutée : 200 €, argent versé sur le compte", with only what the offer states. */
function addedLine(after: OfferSnapshot): string {
  const known = [amountOf(after), kindLabel(after.kind)?.toLowerCase()].filter(Boolean);
  return known.length > 0 ? `Offre ajoutée : ${known.join(", ")}` : "Offre ajoutée";
}

/**
 * What a change did, in French, one line per part: "200 € (avant : 150 €)", "Condition retirée : « … »",
 * "Nouveau code". An offer first seen reads "Offre ajoutée : …".
 */
export function describeChange(entry: Pick<OfferHistoryEntry, "before" | "after">): string[] {
  const { before, after } = entry;
  if (!before) return [addedLine(after)];
  const lines: string[] = [];
  if (before.amount !== after.amount || before.unit !== after.unit || before.upTo !== after.upTo) {
    lines.push(amountChange(before, after));
  }
  if (before.kind !== after.kind) lines.push(kindChange(before, after));
  for (const condition of before.conditions) {
    if (!after.conditions.includes(condition)) lines.push(`Condition retirée : « ${condition} »`);
  }
  for (const condition of after.conditions) {
    if (!before.conditions.includes(condition)) lines.push(`Nouvelle condition : « ${condition} »`);
  }
  if (before.code !== after.code) lines.push("Nouveau code");
  if (before.link !== after.link) lines.push("Nouveau lien");
  return lines.length > 0 ? lines : ["Conditions réordonnées"];
}
