/**
 * The limits, reasons and French texts of a testimonial ("témoignage"), without zod: what the pages need. The rules
 * of the fields are in `testimonial-contract.ts`, which re-exports all of this. "Avis" means the votes on a code:
 * a testimonial is always called "témoignage".
 */

export const TESTIMONIAL_TEXT_MIN = 20;
export const TESTIMONIAL_TEXT_MAX = 600;
export const AUTHOR_NAME_MIN = 2;
export const AUTHOR_NAME_MAX = 40;
export const REPORT_DETAILS_MAX = 1000;
/** The name shown when the author gave none. */
export const ANONYMOUS = "Anonyme";
/** How many years back the year of the experience goes, the current one included. */
export const EXPERIENCE_YEARS = 5;

/** What the database applies (submit_testimonial, report_testimonial): per day, counted over the last 24 hours. */
export const TESTIMONIAL_LIMITS = {
  perVisitorPerDay: 2,
  /** All the visitors of one network (an IPv4 /24, an IPv6 /48) together. */
  perNetworkPerDay: 5,
  reportsPerNetworkPerDay: 10,
  /** Notices one testimonial keeps until the owner dismisses them: enough to look at it, never a flood. */
  reportsPerTestimonial: 10,
  /** Confirmation e-mails one address gets, whatever the number of testimonials that name it. */
  confirmationMailsPerAddressPerDay: 1,
} as const;

/** Why the owner refused a testimonial, and why a visitor reports one; the values are stored, the labels shown. */
export const TESTIMONIAL_REASONS = [
  { value: "insult", label: "Propos injurieux" },
  { value: "defamation", label: "Diffamation" },
  { value: "personal-data", label: "Données personnelles" },
  { value: "off-topic", label: "Hors sujet" },
  { value: "advertising", label: "Publicité ou faux témoignage" },
  { value: "other", label: "Autre raison" },
] as const;

export type TestimonialReason = (typeof TESTIMONIAL_REASONS)[number]["value"];

export const reasonLabel = (reason: string): string =>
  TESTIMONIAL_REASONS.find((candidate) => candidate.value === reason)?.label ?? reason;

export const MONTH_NAMES = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
] as const;

/** "octobre 2026" for "2026-10-01" or "2026-10". */
export function experienceMonth(isoMonth: string): string {
  const [year, month] = isoMonth.split("-");
  return `${MONTH_NAMES[Number(month) - 1] ?? ""} ${year}`;
}

/** Built once: building a formatter costs more than a brand page's render of the form that needs it. */
const parisMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit" });

/** The current month in Paris, "YYYY-MM": no experience can be later. */
export function currentMonthInFrance(now = new Date()): string {
  return parisMonth.format(now).slice(0, 7);
}

export const TESTIMONIAL_MESSAGES = {
  textTooShort: `Votre témoignage doit comporter au moins ${TESTIMONIAL_TEXT_MIN} caractères`,
  textTooLong: `Votre témoignage ne doit pas dépasser ${TESTIMONIAL_TEXT_MAX} caractères`,
  textInvalid:
    "Votre témoignage contient des caractères invisibles ou de mise en forme (marques de sens d'écriture, espaces sans largeur) : retirez-les",
  nameTooShort: `Le prénom ou pseudonyme doit comporter au moins ${AUTHOR_NAME_MIN} caractères, ou laissez-le vide`,
  nameTooLong: `Le prénom ou pseudonyme ne doit pas dépasser ${AUTHOR_NAME_MAX} caractères`,
  monthRequired: "Indiquez le mois où vous avez utilisé l'offre",
  yearRequired: "Indiquez l'année où vous avez utilisé l'offre",
  inFuture: "Le mois indiqué n'est pas encore passé : indiquez celui où vous avez utilisé l'offre",
  consentRequired: "Cochez la case pour accepter la publication de votre témoignage",
  reasonRequired: "Choisissez la raison du signalement",
  detailsTooLong: `L'explication ne doit pas dépasser ${REPORT_DETAILS_MAX} caractères`,
  detailsInvalid: "L'explication contient des caractères non autorisés",
  rateLimited:
    "Vous avez déjà envoyé plusieurs témoignages aujourd'hui depuis ce réseau. Réessayez demain, merci de votre patience.",
  reportsRateLimited: "Trop de signalements envoyés depuis ce réseau aujourd'hui. Réessayez demain.",
  expiredForm: "Le formulaire a expiré : vérifiez votre témoignage, puis envoyez-le à nouveau.",
  tooFast: "Votre témoignage est parti très vite : relisez-le, puis envoyez-le à nouveau.",
  notStored: "Votre témoignage n'a pas pu être enregistré. Veuillez réessayer.",
  reportNotStored: "Votre signalement n'a pas pu être enregistré. Veuillez réessayer.",
  reportsFull:
    "Ce témoignage a déjà reçu assez de signalements pour que le responsable du site l'examine : le vôtre n'a pas été ajouté.",
  thanks: "Merci ! Votre témoignage sera publié après modération.",
} as const;
