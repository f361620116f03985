import type { ReferralOffer } from "./types";

export { todayInFrance } from "@contract/feedback-fields";

/** Whether `value` is a day of the calendar written YYYY-MM-DD (2026-02-31 is not). */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** An offer is valid through its last day. */
export function isExpired(offer: Pick<ReferralOffer, "validUntil">, today: string): boolean {
  return Boolean(offer.validUntil && offer.validUntil < today);
}

/** An offer shows from its first day; before it, it shows nowhere but in the back office. */
export function hasStarted(offer: Pick<ReferralOffer, "startsOn">, today: string): boolean {
  return !offer.startsOn || offer.startsOn <= today;
}

const frenchDate = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Paris",
});

/** "21 novembre 2026"; a date alone ("2026-11-21") is that calendar day. */
export function formatFrenchDate(isoDateOrTimestamp: string): string {
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(isoDateOrTimestamp)
    ? new Date(`${isoDateOrTimestamp}T12:00:00Z`)
    : new Date(isoDateOrTimestamp);
  return frenchDate.format(instant);
}
