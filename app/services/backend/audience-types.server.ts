/** The offers' audience as every backend counts it: views, copies and follows, by day, hashed under a shared salt. */

/** An offer's follows of its referral link over a period. */
export interface OfferFollows {
  offerSlug: string;
  follows: number;
}

/** One offer's audience on one day (YYYY-MM-DD, Paris): views of its page, copies of its code, follows of its link. */
export interface OfferDayCount {
  day: string;
  offerSlug: string;
  views: number;
  copies: number;
  follows: number;
}

export type AudienceKind = "views" | "copies" | "follows";

/**
 * A view, copy or follow an instance saw first on its day: `key` is the hash, under the day's shared salt, of the
 * kind, the offer and the network's keyed hash (never an address); null when its day's salt is gone (past midnight).
 */
export interface AudienceEvent {
  day: string;
  offerSlug: string;
  kind: AudienceKind;
  key: string | null;
}

/** The salt all instances hash the day's audience keys with, drawn by the database for one day (Paris). */
export interface AudienceSalt {
  day: string;
  salt: string;
}
