import type { RiskNote } from "./risk-note-choices";

/**
 * The owner's audience figures from the stored daily totals: per offer and for the whole site, over a period, with
 * the daily series the charts draw and the CSV export. Pure: the route reads the totals, this shapes them.
 */

/** One offer's totals on one day (YYYY-MM-DD). */
export interface DayCount {
  day: string;
  offerSlug: string;
  views: number;
  copies: number;
  follows: number;
}

/** The periods the statistics page offers, in days. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

export const SORT_KEYS = ["follows", "views", "copies", "rate"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface OfferAudience {
  offerSlug: string;
  brand: string;
  views: number;
  copies: number;
  follows: number;
  /** Follows per view, null without views. */
  rate: number | null;
  /** Follows of each day of the period, oldest first. */
  dailyFollows: number[];
}

/** The `days` days ending on `today` (YYYY-MM-DD), oldest first. */
export function periodDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) =>
    new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * Each offer's totals over the days given, sorted by `sort` (largest first, then by brand); offers without any
 * count come last, in brand order.
 */
export function offerAudiences(
  counts: readonly DayCount[],
  days: readonly string[],
  offers: readonly { slug: string; brand: string }[],
  sort: SortKey,
): OfferAudience[] {
  const index = new Map(days.map((day, position) => [day, position]));
  const bySlug = new Map(
    offers.map((offer) => [
      offer.slug,
      {
        offerSlug: offer.slug,
        brand: offer.brand,
        views: 0,
        copies: 0,
        follows: 0,
        rate: null as number | null,
        dailyFollows: days.map(() => 0),
      },
    ]),
  );
  for (const count of counts) {
    const position = index.get(count.day);
    const row = bySlug.get(count.offerSlug);
    if (position === undefined || !row) continue;
    row.views += count.views;
    row.copies += count.copies;
    row.follows += count.follows;
    row.dailyFollows[position] = (row.dailyFollows[position] ?? 0) + count.follows;
  }
  const rows = [...bySlug.values()].map((row) => ({ ...row, rate: row.views > 0 ? row.follows / row.views : null }));
  const value = (row: OfferAudience) => (sort === "rate" ? (row.rate ?? -1) : row[sort]);
  return rows.sort((a, b) => value(b) - value(a) || a.brand.localeCompare(b.brand, "fr"));
}

/** The whole site's totals over the period, and its follows per day. */
export function siteAudience(rows: readonly OfferAudience[], days: readonly string[]) {
  return {
    views: rows.reduce((sum, row) => sum + row.views, 0),
    copies: rows.reduce((sum, row) => sum + row.copies, 0),
    follows: rows.reduce((sum, row) => sum + row.follows, 0),
    dailyFollows: days.map((_, position) => rows.reduce((sum, row) => sum + (row.dailyFollows[position] ?? 0), 0)),
  };
}

/** "12,5 %", or "—" without views. */
export const ratePercent = (rate: number | null) =>
  rate === null ? "—" : `${(rate * 100).toLocaleString("fr-FR", { maximumFractionDigits: 1 })}\u202f%`;

/**
 * The points of a bar chart of `values` in a `width` × `height` box: one bar per value, heights relative to the
 * largest (a chart of zeros is flat).
 */
export function bars(values: readonly number[], width: number, height: number) {
  const top = Math.max(1, ...values);
  const step = width / Math.max(1, values.length);
  return values.map((value, position) => {
    const barHeight = (value / top) * height;
    return {
      x: Number((position * step).toFixed(2)),
      y: Number((height - barHeight).toFixed(2)),
      width: Number(Math.max(step - 1, 0.5).toFixed(2)),
      height: Number(barHeight.toFixed(2)),
    };
  });
}

/**
 * A CSV cell: quoted, its quotes doubled, and a text a spreadsheet would take for a formula (starting with =, +, -, @,
 * a tab or a carriage return) neutralised by a leading apostrophe.
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = typeof value === "string" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The daily totals as CSV (a header, then one line per offer and day), with the brand named. */
export function audienceCsv(counts: readonly DayCount[], brandOf: (slug: string) => string): string {
  const lines = [["jour", "offre", "marque", "affichages", "copies", "clics"].map(csvCell).join(",")];
  for (const count of [...counts].sort(
    (a, b) => a.day.localeCompare(b.day) || a.offerSlug.localeCompare(b.offerSlug),
  )) {
    lines.push(
      [count.day, count.offerSlug, brandOf(count.offerSlug), count.views, count.copies, count.follows]
        .map(csvCell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The days over which cards and the back office's offer list count follows. */
export const FOLLOWS_PERIOD_DAYS = 30;

/** Below this many follows over FOLLOWS_PERIOD_DAYS, cards say nothing. */
export const FOLLOWS_SHOWN_FROM = 10;

/**
 * "Lien suivi 20 fois ces 30 derniers jours": the real count rounded down to a step (10, 20, 50, 100, 200, 500…),
 * from 10 only, and never on a betting offer, where a popularity figure reads as an incentive to gamble.
 */
export function followsLabel(follows: number, regulated: RiskNote | undefined): string | null {
  if (regulated === "betting" || !(follows >= FOLLOWS_SHOWN_FROM)) return null;
  let step = 10;
  for (const next of [20, 50]) if (follows >= next) step = next;
  for (let scale = 100; follows >= scale; scale *= 10) {
    for (const factor of [1, 2, 5]) if (follows >= scale * factor) step = scale * factor;
  }
  return `Lien suivi ${step.toLocaleString("fr-FR")} fois ces 30 derniers jours`;
}
