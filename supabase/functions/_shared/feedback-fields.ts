/**
 * The trust loop's thresholds, reasons and French texts, without zod: what the pages need. The rules of a vote are in
 * `feedback-contract.ts`, which re-exports all of this.
 */

/**
 * The trust loop's rules the database applies, named once on this side: the site and the function read them here, and
 * tests/integration/rules-in-one-home.test.ts checks the database's public.feedback_rules() names the same. How the
 * pages show the votes (DISPLAY_THRESHOLDS) is the site's own, in app/catalogue/feedback.ts.
 */
export const FEEDBACK_RULES = {
  /** Votes one visitor may send in an hour, all offers together; past it, a 429. */
  maxVotesPerHour: 30,
  /**
   * Only the votes of the last this-many days make the summary, and a visitor counts once per offer over them: a new
   * vote takes the place of theirs. The database's public.feedback_rules() names the same window and limit.
   */
  windowDays: 90,
  /**
   * For each offer, the votes of one network (an IPv4 /24, an IPv6 /48) weigh at most this many votes in the rate,
   * keeping their split of "Oui" and "Non".
   */
  votesPerNetwork: 3,
} as const;

/** Why a code did not work, optional after "Non"; the values are stored, the labels shown. */
export const FEEDBACK_REASONS = [
  { value: "code-refuse", label: "Code refusé" },
  { value: "offre-terminee", label: "Offre terminée" },
  { value: "conditions-non-remplies", label: "Conditions non remplies" },
  { value: "autre", label: "Autre" },
] as const;

export type FeedbackReason = (typeof FEEDBACK_REASONS)[number]["value"];

export const FEEDBACK_MESSAGES = {
  workedRequired: "Indiquez si le code a fonctionné : Oui ou Non.",
  reasonInvalid: "Choisissez une raison dans la liste, ou aucune.",
  offerInvalid: "Cette offre n'existe pas.",
  offerExpired: "Cette offre a expiré : elle ne reçoit plus d'avis.",
  rateLimited: "Trop d'avis envoyés en une heure. Veuillez réessayer plus tard.",
  votesOff: "Les avis sont momentanément désactivés sur ce site. Veuillez réessayer plus tard.",
} as const;

/** An offer's address on the site: lower-case words joined by hyphens. */
export const OFFER_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const parisDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" });

let formattedMinute = Number.NaN;
let formattedDay = "";

/** Today's date in France as "YYYY-MM-DD": offers end at midnight, Paris time, and then take no more votes. */
export function todayInFrance(now: Date = new Date()): string {
  // Paris's offsets are whole hours: its day changes only as a minute starts, so one format a minute is enough (a
  // page asks several times, and each format costs more than the rest of the check).
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== formattedMinute) {
    formattedDay = parisDate.format(now);
    formattedMinute = minute;
  }
  return formattedDay;
}

export function reasonLabel(reason: string | null | undefined): string | undefined {
  return FEEDBACK_REASONS.find((candidate) => candidate.value === reason)?.label;
}
