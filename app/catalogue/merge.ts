import { hasStarted, isExpired } from "./dates";
import { isComplete } from "./examples";
import { isReportedNotWorking, type OfferVotes } from "./feedback";
import { sortOffers } from "./listing-rules";
import { brandKey } from "./names";
import { FEATURED_OFFERS, keepHandWrittenParts } from "./offer-rules";
import { BUNDLED_OFFERS } from "./offers";
import type { ReferralOffer } from "./types";

/** The three offers of the home page when the featured brands are not exactly three: a bank, a neobank, a cashback site. */
const DEFAULT_FEATURED_SLUGS = ["boursobank", "n26", "igraal"];

/** What is told of each offer dropped as a brand's second: the server logs it. */
export type DuplicateWarning = (message: string) => void;

/** Keeps the first offer of each brand; later ones are dropped, each told to `warn`. */
export function dedupeOffers(offers: readonly ReferralOffer[], warn: DuplicateWarning = () => {}): ReferralOffer[] {
  const seen = new Set<string>();
  return offers.filter((offer) => {
    const key = brandKey(offer.brand);
    if (seen.has(key)) {
      warn(`Offre en double ignorée pour la marque « ${offer.brand} » (id ${offer.id}).`);
      return false;
    }
    seen.add(key);
    return true;
  });
}

/**
 * The offers to show: each backend brand replaces the bundled offer of the same brand (but for the hand-written
 * parts of HAND_WRITTEN_SLUGS), bundled offers with no backend match are kept, duplicates are dropped. With no
 * backend data, the bundled offers alone.
 */
export function mergeOffers(
  apiOffers: readonly ReferralOffer[] | null | undefined,
  today: string,
  bundled: readonly ReferralOffer[] = BUNDLED_OFFERS,
  warn: DuplicateWarning = () => {},
): ReferralOffer[] {
  const fromApi = dedupeOffers(apiOffers ?? [], warn);
  const apiByKey = new Map(fromApi.map((offer) => [brandKey(offer.brand), offer]));
  const bundledKeys = new Set(bundled.map((offer) => brandKey(offer.brand)));
  const merged = [
    ...bundled.map((offer) => {
      const fromBackend = apiByKey.get(brandKey(offer.brand));
      return fromBackend ? keepHandWrittenParts(fromBackend, offer) : offer;
    }),
    ...fromApi.filter((offer) => !bundledKeys.has(brandKey(offer.brand))),
  ];
  return sortOffers(dedupeOffers(merged, warn), today);
}

/**
 * The home page's FEATURED_OFFERS offers: the backend's featured brands when exactly that many are current and not
 * reported as no longer working by visitors, otherwise three built-in bundled offers. A reported default gives its
 * place to the next current, unreported bundled offer, so the home page never puts forward a code said not to work.
 * An offer being completed (examples.ts) is never put forward: with too few complete ones, fewer than three.
 */
export function selectFeatured(
  apiOffers: readonly ReferralOffer[] | null | undefined,
  today: string,
  votes: ReadonlyMap<string, OfferVotes> = new Map(),
  bundled: readonly ReferralOffer[] = BUNDLED_OFFERS,
): ReferralOffer[] {
  const recommendable = (offer: ReferralOffer) =>
    isComplete(offer) &&
    hasStarted(offer, today) &&
    !isExpired(offer, today) &&
    !isReportedNotWorking(votes.get(offer.slug));
  const featured = (apiOffers ?? []).filter((offer) => offer.featured && recommendable(offer));
  if (featured.length === FEATURED_OFFERS) return featured;
  const defaults = DEFAULT_FEATURED_SLUGS.map((slug) => bundled.find((offer) => offer.slug === slug)).filter(
    (offer): offer is ReferralOffer => offer !== undefined,
  );
  const others = bundled.filter((offer) => !DEFAULT_FEATURED_SLUGS.includes(offer.slug));
  return [...defaults, ...others].filter(recommendable).slice(0, FEATURED_OFFERS);
}
