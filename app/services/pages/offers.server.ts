import { createHash } from "node:crypto";
import { toCardView } from "~/catalogue/card";
import { hasStarted, todayInFrance } from "~/catalogue/dates";
import { withoutExamples } from "~/catalogue/examples";
import { mergeOffers, selectFeatured } from "~/catalogue/merge";
import { BUNDLED_OFFERS, findOfferBySlug, offerFromBrandRow } from "~/catalogue/offers";
import { typeset } from "~/catalogue/typography";
import { visitorDetails } from "~/forms/offer-columns";
import { getConfig } from "../config/env.server";
import { log } from "../log.server";
import { recordOfferChanges } from "./offer-history.server";
import { getBackend } from "../backend/index.server";
import type { CachedBackend } from "../backend/cached-backend.server";
import type { FeedbackCounts, OfferFollows, OfferNews } from "../backend/types.server";
import type { BrandRow, ReferralOffer } from "~/catalogue/types";

/**
 * Cards are made by the loaders, on the server: routes take `toCardView` from here, a module the browser build
 * leaves out, so that no page's script carries the rules a card follows (terms, votes, demotion).
 */
export { toCardView };

export interface Catalogue {
  /** Every offer to show, merged and sorted. */
  offers: ReferralOffer[];
  /**
   * The offers as the owner holds them, for the back office alone: with those whose start is still to come, and
   * their example codes and links even where visitors do not see them (catalogue/examples.ts).
   */
  everyOffer: ReferralOffer[];
  /** The three offers of the home page. */
  featured: ReferralOffer[];
  /** Today's date in France, which decides whether an offer has expired. */
  today: string;
  /** Visitors' votes of the summary's window, by offer slug (empty while they cannot be read). */
  votes: ReadonlyMap<string, FeedbackCounts>;
  /** Follows of each offer's referral link over the last 30 days (empty while they cannot be read). */
  follows: ReadonlyMap<string, number>;
  /** The day each offer was last added or improved, by slug, from its history (empty while it cannot be read). */
  news: ReadonlyMap<string, string>;
}

/**
 * The offers last merged from the brands, reused while the brands and the day are the same: a vote changes the votes,
 * not the offers, and what derives from the offers alone (the search index) is kept with them.
 */
let lastMerged:
  | {
      rows: BrandRow[];
      rowsDigest: string;
      today: string;
      apiOffers: ReferralOffer[];
      offers: ReferralOffer[];
      everyOffer: ReferralOffer[];
    }
  | undefined;

/** The last catalogue built, reused while its offers and the votes are the same. */
let lastBuilt:
  | {
      merged: NonNullable<typeof lastMerged>;
      counts: FeedbackCounts[];
      countsDigest: string;
      follows: Follows;
      followsDigest: string;
      news: OfferNews[];
      catalogue: Catalogue;
    }
  | undefined;

type Follows = OfferFollows[];

/**
 * What rows say, in a few bytes: kept instead of their JSON, which at 10 000 brands is megabytes held for nothing
 * but the next comparison.
 */
function contentDigest(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64");
}

/** A brand's row as an offer, with the fields declared for visitors it states. */
export function offerWithDetails(row: BrandRow): ReferralOffer {
  const offer = offerFromBrandRow(row);
  const details = visitorDetails(row);
  return details.length > 0 ? { ...offer, details } : offer;
}

/**
 * The brands read and merged over the bundled offers, for `now`'s day. The caches hand back the same arrays until
 * they refresh; without them, each read is a new array that usually says the same: either way the merge, and what
 * pages derive from it, is not done again.
 */
async function mergedOffers(backend: CachedBackend, now: Date): Promise<NonNullable<typeof lastMerged>> {
  const rows = await backend.listBrands();
  const today = todayInFrance(now);
  if (lastMerged?.today !== today || lastMerged.rows !== rows) {
    const rowsDigest = contentDigest(rows);
    if (lastMerged?.today === today && lastMerged.rowsDigest === rowsDigest) lastMerged.rows = rows;
    else {
      const ownOffers = rows.map(offerWithDetails);
      const apiOffers = published(ownOffers);
      // The owner's view: the examples kept (and marked), so that the back office edits what the owner holds.
      const everyOffer = mergeOffers(ownOffers, today, undefined, log.warn);
      const shown = published(everyOffer);
      const offers = shown.every((offer) => hasStarted(offer, today))
        ? shown
        : shown.filter((offer) => hasStarted(offer, today));
      lastMerged = { rows, rowsDigest, today, apiOffers, offers, everyOffer };
      // The history follows the offers as the owner holds them, whether or not this site shows their examples.
      recordOfferChanges(backend, everyOffer);
    }
  }
  return lastMerged;
}

/**
 * The offers as this site shows them: their texts in French spacing (catalogue/typography.ts), once per change of
 * the brands; on a public address in production, without the bundle's examples.
 */
function published(offers: ReferralOffer[]): ReferralOffer[] {
  const typeset = offers.map(typesetOffer);
  return getConfig().examplesWithheld ? typeset.map(withoutExamples) : typeset;
}

/** An offer's texts for visitors in French spacing; its code, link and names as the owner wrote them. */
function typesetOffer(offer: ReferralOffer): ReferralOffer {
  return {
    ...offer,
    serviceDescription: typeset(offer.serviceDescription),
    description: typeset(offer.description),
    advantages: offer.advantages.map(typeset),
    conditions: offer.conditions.map(typeset),
    ...(offer.referrerReward === undefined ? {} : { referrerReward: typeset(offer.referrerReward) }),
    ...(offer.details ? { details: offer.details.map(({ label, text }) => ({ label, text: typeset(text) })) } : {}),
  };
}

/**
 * What is an addition to the pages (the votes, the follows, the news): when it cannot be read, the offers show
 * without it and the failure is logged. The same empty list each time, so that the catalogue built with it is kept.
 */
const NOTHING: never[] = [];
async function readOrNothing<T>(read: () => Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    log.error(`Lecture ${what} impossible :`, error);
    return NOTHING;
  }
}

/**
 * Reads the brands and the votes, and merges the brands over the bundled offers. Rejects with a BackendError when
 * the brands cannot be read.
 */
export async function loadCatalogue(now: Date = new Date()): Promise<Catalogue> {
  const backend = await getBackend();
  const [merged, counts, follows, news] = await Promise.all([
    mergedOffers(backend, now),
    readOrNothing(() => backend.recentFeedback(), "des avis des visiteurs"),
    readOrNothing(() => backend.recentFollows(), "des mesures d'audience"),
    readOrNothing(() => backend.recentNews(), "des nouveautés"),
  ]);
  const { today } = merged;
  if (lastBuilt?.merged === merged && lastBuilt.counts !== counts) {
    if (lastBuilt.countsDigest === contentDigest(counts)) lastBuilt.counts = counts;
  }
  // A refresh that says the same keeps the catalogue, and what pages derive from it, as it was.
  if (lastBuilt?.merged === merged && lastBuilt.follows !== follows) {
    if (lastBuilt.followsDigest === contentDigest(follows)) lastBuilt.follows = follows;
  }
  if (
    lastBuilt?.merged === merged &&
    lastBuilt.counts === counts &&
    lastBuilt.follows === follows &&
    lastBuilt.news === news
  ) {
    return lastBuilt.catalogue;
  }
  const votes = new Map(counts.map((count) => [count.offerSlug, count]));
  const catalogue = {
    offers: merged.offers,
    everyOffer: merged.everyOffer,
    // The defaults as this site shows them: the owner's version of a default brand, its examples withheld or not.
    featured: selectFeatured(merged.apiOffers, today, votes, merged.offers),
    today,
    votes,
    follows: new Map(follows.map((row) => [row.offerSlug, row.follows])),
    news: new Map(news.map((row) => [row.offerSlug, row.day])),
  };
  lastBuilt = {
    merged,
    counts,
    countsDigest: contentDigest(counts),
    follows,
    followsDigest: contentDigest(follows),
    news,
    catalogue,
  };
  return catalogue;
}

/** The catalogue, or null when the brands cannot be read (the failure is logged). */
export async function tryLoadCatalogue(): Promise<Catalogue | null> {
  try {
    return await loadCatalogue();
  } catch (error) {
    log.error("Chargement des marques impossible :", error);
    return null;
  }
}

/** Status of a page answered without its offers: the source failed and nothing is cached (entry.server adds Retry-After). */
export const UNAVAILABLE = { status: 503 } as const;

/** The offer of a brand page (Crypto.com's hand-written parts are kept by mergeOffers). */
export function findBrandOffer(catalogue: Catalogue, slug: string): ReferralOffer | undefined {
  return findOfferBySlug(catalogue.offers, slug);
}

/**
 * The offers and today's date without the votes, for what needs no vote (a vote's or a question's offer, the alert
 * check, which reads the votes itself). Rejects with a BackendError when the brands cannot be read.
 */
export async function loadOffers(now: Date = new Date()): Promise<Pick<Catalogue, "offers" | "today">> {
  const { offers, today } = await mergedOffers(await getBackend(), now);
  return { offers, today };
}

/**
 * The offer a vote or a question is about: from the brands (its votes are not needed, nor read), or the bundled
 * offers when the source is down.
 */
export async function offerForSlug(slug: string): Promise<ReferralOffer | undefined> {
  try {
    return findOfferBySlug((await loadOffers()).offers, slug);
  } catch (error) {
    log.error("Chargement des marques impossible :", error);
    return findOfferBySlug(BUNDLED_OFFERS, slug);
  }
}

/** The brand a question is about: from the catalogue, or the bundled offers when the source is down. */
export async function brandNameForSlug(slug: string): Promise<string | undefined> {
  return (await offerForSlug(slug))?.brand;
}
