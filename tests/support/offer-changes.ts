import { snapshotOf } from "~/catalogue/history";
import { BUNDLED_OFFERS, findOfferBySlug } from "~/catalogue/offers";
import type { FeedChange } from "~/catalogue/feed";
import type { ReferralOffer } from "~/catalogue/types";

/** A bundled offer by its slug. */
export const bundledOffer = (slug: string) => findOfferBySlug(BUNDLED_OFFERS, slug) as ReferralOffer;

/** The bundled offer `slug` improved to `amount` from half of it, recorded at `recordedAt` as change `id`. */
export function improvedChange(slug: string, id: number, recordedAt: string, amount: number): FeedChange {
  const after = snapshotOf(bundledOffer(slug));
  return {
    id,
    slug,
    recordedAt,
    change: "improved",
    before: { ...after, amount: amount / 2 },
    after: { ...after, amount },
  };
}
