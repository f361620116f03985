import type { ReferralOffer } from "./types";

const parisDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" });

/** Today's date in France as "YYYY-MM-DD": offers end at midnight, Paris time. */
export function todayInFrance(now: Date = new Date()): string {
  return parisDate.format(now);
}

/** An offer is valid through its last day. */
export function isExpired(offer: Pick<ReferralOffer, "validUntil">, today: string): boolean {
  return Boolean(offer.validUntil && offer.validUntil < today);
}
