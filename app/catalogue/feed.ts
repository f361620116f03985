import { categoryById } from "./categories";
import { formatFrenchDate } from "./dates";
import { splitOffer } from "./headline";
import { describeChange, type OfferSnapshot } from "./history";
import { riskNoteOf } from "./listing-rules";
import { BETTING_MESSAGE } from "./risk-notes";
import { SHORT_WARNINGS } from "./risk-warnings";
import { formatBonus, kindLabel } from "./terms";
import type { CategoryId, ReferralOffer } from "./types";

/**
 * The site's Atom feeds (RFC 4287): the offers added or improved, newest first, all of them or one category's. Each
 * entry says what the offer was when it was recorded (amount, kind, first conditions), its last day as it stands, and
 * links to its brand page; a betting offer's entry carries the gambling warning.
 */

/** How many entries a feed holds: readers poll it often, and a change older than that is on the brand page. */
export const FEED_ENTRIES = 50;

/** How many of an offer's conditions an entry lists; the brand page has them all. */
const CONDITIONS_SHOWN = 3;

/** The feed's `updated` when it has no entry yet: the day the site began to keep its offers' history. */
const HISTORY_BEGAN = "2025-02-08T00:00:00.000Z";

/** The warning every advertisement for gambling carries in France (ANJ), as the betting offers' pages show it. */
export const FEED_BETTING_WARNING = `Interdit aux mineurs. ${BETTING_MESSAGE}`;

/** An offer added or improved, as the history recorded it. */
export interface FeedChange {
  id: number;
  slug: string;
  recordedAt: string;
  change: "added" | "improved";
  before: OfferSnapshot | null;
  after: OfferSnapshot;
}

export interface FeedOptions {
  siteUrl: string;
  siteName: string;
  /** The category of the feed, or all offers. */
  category: CategoryId | "all";
  /** The feed's own address, from the site's root (`/flux/offres.atom`). */
  selfPath: string;
  /** The listing the feed follows (`/offres`, `/offres?cat=crypto`). */
  pagePath: string;
}

/** What XML 1.0 allows (its Char production): a text from elsewhere loses anything else, so the feed stays XML. */
const NOT_XML = /[^\t\n\r\u{20}-\u{D7FF}\u{E000}-\u{FFFD}\u{10000}-\u{10FFFF}]/gu;

export const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, "")
    .replace(
      /[<>&"']/g,
      (character) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[character]};`,
    );

/** The amount an entry states, as recorded; null when the offer states none. */
function amountOf(snapshot: OfferSnapshot): string | null {
  return snapshot.amount !== null && snapshot.unit
    ? formatBonus({ amount: snapshot.amount, unit: snapshot.unit, upTo: snapshot.upTo })
    : null;
}

/** An entry's title: what happened to which brand's offer, and what it gives now (its amount, or its text's start). */
export function entryTitle(change: FeedChange, offer: ReferralOffer): string {
  const what = change.change === "added" ? "Nouvelle offre" : "Offre améliorée";
  return `${what} : ${offer.brand}, ${amountOf(change.after) ?? splitOffer(offer.description).headline}`;
}

/** What an entry says, in order: what changed, the amount and kind, the first conditions, the last day, the warning. */
function entryParts(change: FeedChange, offer: ReferralOffer) {
  const conditions = change.after.conditions.slice(0, CONDITIONS_SHOWN);
  const more = change.after.conditions.length - conditions.length;
  return {
    paragraphs: [
      change.change === "improved" ? describeChange(change).join(" · ") : null,
      [amountOf(change.after), kindLabel(change.after.kind)].filter(Boolean).join(" · "),
    ].filter((text): text is string => Boolean(text)),
    conditions,
    moreConditions:
      more > 0 ? `${more} autre${more > 1 ? "s" : ""} condition${more > 1 ? "s" : ""} sur la fiche.` : null,
    lastDay: offer.validUntil
      ? `Valable jusqu'au ${formatFrenchDate(offer.validUntil)}.`
      : "Aucune date de fin annoncée.",
    warning: warningOf(offer),
  };
}

/** The warning an entry ends with, as the offer's card carries it: 18+ and the gambling message, or the capital's risk. */
function warningOf(offer: ReferralOffer): { betting: boolean; text: string } | null {
  const note = riskNoteOf(offer);
  if (!note) return null;
  return note === "betting"
    ? { betting: true, text: FEED_BETTING_WARNING }
    : { betting: false, text: SHORT_WARNINGS[note] };
}

const NO_CONDITIONS = "Conditions : celles du site de la marque font foi.";

/** An entry's content, as HTML: what changed, the kind, the first conditions, the last day, the brand page. */
export function entryHtml(change: FeedChange, offer: ReferralOffer, brandPage: string): string {
  const parts = entryParts(change, offer);
  return [
    ...parts.paragraphs.map((text) => `<p>${escapeXml(text)}</p>`),
    parts.conditions.length > 0
      ? `<p>Conditions :</p><ul>${parts.conditions.map((condition) => `<li>${escapeXml(condition)}</li>`).join("")}</ul>` +
        (parts.moreConditions ? `<p>${parts.moreConditions}</p>` : "")
      : `<p>${NO_CONDITIONS}</p>`,
    `<p>${escapeXml(parts.lastDay)}</p>`,
    `<p><a href="${escapeXml(brandPage)}">Voir l'offre de ${escapeXml(offer.brand)}</a></p>`,
    parts.warning
      ? `<p>${parts.warning.betting ? "<strong>18+</strong> " : ""}${escapeXml(parts.warning.text)}</p>`
      : null,
  ]
    .filter(Boolean)
    .join("");
}

/** The same content as plain text lines, for an e-mail. */
export function entryText(change: FeedChange, offer: ReferralOffer, brandPage: string): string[] {
  const parts = entryParts(change, offer);
  return [
    entryTitle(change, offer),
    ...parts.paragraphs,
    ...(parts.conditions.length > 0
      ? [
          "Conditions :",
          ...parts.conditions.map((condition) => `- ${condition}`),
          ...(parts.moreConditions ? [parts.moreConditions] : []),
        ]
      : [NO_CONDITIONS]),
    parts.lastDay,
    `Voir l'offre : ${brandPage}`,
    ...(parts.warning ? [`${parts.warning.betting ? "18+ " : ""}${parts.warning.text}`] : []),
  ];
}

/** The feed's title: the site's, or the category's. */
export function feedTitle(siteName: string, category: CategoryId | "all"): string {
  const what = category === "all" ? "toutes les offres" : categoryById(category).label;
  return `${siteName} : offres nouvelles et améliorées (${what})`;
}

/**
 * The feed as XML. `changes` come newest first, each with the offer it is about as it stands now; an offer no longer
 * shown (removed, or not started) has no entry.
 */
export function atomFeed(
  changes: readonly { change: FeedChange; offer: ReferralOffer }[],
  { siteUrl, siteName, category, selfPath, pagePath }: FeedOptions,
): { xml: string; updated: string } {
  const updated = changes[0]?.change.recordedAt ?? HISTORY_BEGAN;
  const self = `${siteUrl}${selfPath}`;
  const entries = changes.map(({ change, offer }) => {
    const brandPage = `${siteUrl}/offres/${offer.slug}`;
    const categoryTerm = offer.category
      ? `<category term="${offer.category}" label="${escapeXml(categoryById(offer.category).label)}"/>`
      : "";
    return [
      "<entry>",
      `<id>${escapeXml(`${brandPage}#changement-${change.id}`)}</id>`,
      `<title>${escapeXml(entryTitle(change, offer))}</title>`,
      `<updated>${new Date(change.recordedAt).toISOString()}</updated>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(brandPage)}"/>`,
      categoryTerm,
      `<content type="html">${escapeXml(entryHtml(change, offer, brandPage))}</content>`,
      "</entry>",
    ].join("");
  });
  const xml = atomDocument(
    { self, title: feedTitle(siteName, category), updated, page: `${siteUrl}${pagePath}` },
    entries,
    {
      siteUrl,
      siteName,
    },
  );
  return { xml, updated };
}

/** A feed's document around its entries, with the site's disclosure as its subtitle. */
function atomDocument(
  feed: { self: string; title: string; updated: string; page: string },
  entries: readonly string[],
  { siteUrl, siteName }: Pick<FeedOptions, "siteUrl" | "siteName">,
): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">',
    `<id>${escapeXml(feed.self)}</id>`,
    `<title>${escapeXml(feed.title)}</title>`,
    `<subtitle>${escapeXml(
      `Publicité : ${siteName} peut recevoir une récompense lorsque vous utilisez un code ou un lien de parrainage.`,
    )}</subtitle>`,
    `<updated>${new Date(feed.updated).toISOString()}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(feed.page)}"/>`,
    `<author><name>${escapeXml(siteName)}</name><uri>${escapeXml(siteUrl)}/</uri></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

/** A guide as its feed's entry says it. */
export interface GuideFeedEntry {
  slug: string;
  title: string;
  summary: string;
  publishedAt: string;
  updatedAt: string;
  /** The guide's text, as safe HTML. */
  html: string;
}

/** `/flux/guides.atom`: the published guides, newest publication first, each entry updated with its guide. */
export function guidesAtomFeed(
  guides: readonly GuideFeedEntry[],
  { siteUrl, siteName }: Pick<FeedOptions, "siteUrl" | "siteName">,
): { xml: string; updated: string } {
  const updated = guides.reduce((last, guide) => (guide.updatedAt > last ? guide.updatedAt : last), HISTORY_BEGAN);
  const self = `${siteUrl}/flux/guides.atom`;
  const entries = guides.slice(0, FEED_ENTRIES).map((guide) => {
    const page = `${siteUrl}/guides/${guide.slug}`;
    return [
      "<entry>",
      `<id>${escapeXml(page)}</id>`,
      `<title>${escapeXml(guide.title)}</title>`,
      `<published>${new Date(guide.publishedAt).toISOString()}</published>`,
      `<updated>${new Date(guide.updatedAt).toISOString()}</updated>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
      guide.summary ? `<summary>${escapeXml(guide.summary)}</summary>` : "",
      // The guide's links to the site's pages are relative: read from the site's address.
      `<content type="html" xml:base="${escapeXml(`${siteUrl}/`)}">${escapeXml(guide.html)}</content>`,
      "</entry>",
    ].join("");
  });
  const xml = atomDocument({ self, title: `${siteName}\u00a0: guides`, updated, page: `${siteUrl}/guides` }, entries, {
    siteUrl,
    siteName,
  });
  return { xml, updated };
}
