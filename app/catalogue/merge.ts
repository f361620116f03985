import { isExpired } from "./dates";
import { brandKey } from "./names";
import { BUNDLED_OFFERS } from "./offers";
import { sortOffers } from "./search";
import type { ReferralOffer } from "./types";

/** The three offers of the home page when the featured brands are not exactly three: a bank, a neobank, a cashback site. */
const DEFAULT_FEATURED_SLUGS = ["boursobank", "n26", "igraal"];

/** Keeps the first offer of each brand; later ones are dropped with a warning. */
export function dedupeOffers(offers: readonly ReferralOffer[]): ReferralOffer[] {
  const seen = new Set<string>();
  return offers.filter((offer) => {
    const key = brandKey(offer.brand);
    if (seen.has(key)) {
      console.warn(`Offre en double ignorée pour la marque « ${offer.brand} » (id ${offer.id}).`);
      return false;
    }
    seen.add(key);
    return true;
  });
}

/**
 * The offers to show: each backend brand replaces the bundled offer of the same brand, bundled offers with no
 * backend match are kept, duplicates are dropped. With no backend data, the bundled offers alone.
 */
export function mergeOffers(
  apiOffers: readonly ReferralOffer[] | null | undefined,
  today: string,
  bundled: readonly ReferralOffer[] = BUNDLED_OFFERS,
): ReferralOffer[] {
  const fromApi = dedupeOffers(apiOffers ?? []);
  const apiByKey = new Map(fromApi.map((offer) => [brandKey(offer.brand), offer]));
  const bundledKeys = new Set(bundled.map((offer) => brandKey(offer.brand)));
  const merged = [
    ...bundled.map((offer) => apiByKey.get(brandKey(offer.brand)) ?? offer),
    ...fromApi.filter((offer) => !bundledKeys.has(brandKey(offer.brand))),
  ];
  return sortOffers(dedupeOffers(merged), today);
}

/**
 * The home page's three offers: the backend's featured, current brands when there are exactly three,
 * otherwise three built-in bundled offers.
 */
export function selectFeatured(apiOffers: readonly ReferralOffer[] | null | undefined, today: string): ReferralOffer[] {
  const featured = (apiOffers ?? []).filter((offer) => offer.featured && !isExpired(offer, today));
  if (featured.length === 3) return featured;
  return DEFAULT_FEATURED_SLUGS.map((slug) => BUNDLED_OFFERS.find((offer) => offer.slug === slug) as ReferralOffer);
}
