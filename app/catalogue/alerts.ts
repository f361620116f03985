import { reasonLabel } from "@contract/feedback-fields";
import { formatFrenchDate } from "./dates";
import { isReportedNotWorking, REPORTED_NOT_WORKING, type OfferVotes } from "./feedback";
import type { ReferralOffer } from "./types";

/** The owner hears of an offer's end this many days before its last day. */
export const EXPIRY_NOTICE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** One e-mail to the owner about an offer. */
export interface OfferAlert {
  kind: "reported" | "expiring";
  offerSlug: string;
  /** The last day an expiry alert is about. */
  validUntil: string | null;
  subject: string;
  body: string;
}

/** The longest subject and body an alert keeps (table owner_alerts): a brand's name of any length still fits. */
export const ALERT_LIMITS = { subjectMax: 200, bodyMax: 5000 } as const;

/** An alert with its subject and body cut to what the table keeps. */
const bounded = (alert: OfferAlert): OfferAlert => ({
  ...alert,
  subject: alert.subject.slice(0, ALERT_LIMITS.subjectMax),
  body: alert.body.slice(0, ALERT_LIMITS.bodyMax),
});

/** What the offers say now: the alerts they call for, and the offers no longer reported (their alert may recur). */
export interface AlertCheck {
  alerts: OfferAlert[];
  notReported: string[];
}

type Votes = OfferVotes & { topReason?: string | null };

/**
 * The alerts the offers call for today: each offer showing REPORTED_NOT_WORKING, and each whose last day is
 * EXPIRY_NOTICE_DAYS days away or less (and not past). Whether one was already sent is the database's to say.
 */
export function checkOfferAlerts(
  offers: readonly ReferralOffer[],
  votes: ReadonlyMap<string, Votes>,
  today: string,
  siteUrl: string,
): AlertCheck {
  const alerts: OfferAlert[] = [];
  const notReported: string[] = [];
  for (const offer of offers) {
    const link = `Gérer l'offre : ${siteUrl}/gestion/offres/${offer.slug}`;
    const offerVotes = votes.get(offer.slug);
    if (isReportedNotWorking(offerVotes)) {
      alerts.push(
        bounded({
          kind: "reported",
          offerSlug: offer.slug,
          validUntil: null,
          subject: `[Alerte] ${offer.brand} : code signalé comme ne fonctionnant plus`,
          body: [
            `${offer.brand} : « ${REPORTED_NOT_WORKING} »`,
            "",
            `Avis des 90 derniers jours : ${offerVotes!.yes} oui, ${offerVotes!.no} non.`,
            `Raison la plus donnée : ${reasonLabel(offerVotes!.topReason) ?? "aucune"}.`,
            `Dernier avis le ${formatFrenchDate(offerVotes!.lastVoteOn)}.`,
            "",
            link,
          ].join("\n"),
        }),
      );
    } else notReported.push(offer.slug);
    const left = offer.validUntil ? daysFrom(today, offer.validUntil) : -1;
    if (offer.validUntil && left >= 0 && left <= EXPIRY_NOTICE_DAYS) {
      const lastDay = formatFrenchDate(offer.validUntil);
      alerts.push(
        bounded({
          kind: "expiring",
          offerSlug: offer.slug,
          validUntil: offer.validUntil,
          subject: `[Alerte] ${offer.brand} : offre valable jusqu'au ${lastDay}`,
          body: [
            `L'offre ${offer.brand} se termine le ${lastDay} (${left === 0 ? "aujourd'hui" : `dans ${left} jour${left > 1 ? "s" : ""}`}).`,
            "Prolongez sa date de validité si elle continue, ou retirez-la.",
            "",
            link,
          ].join("\n"),
        }),
      );
    }
  }
  return { alerts, notReported };
}

/** The owner's alert when a visitor's e-mail has waited for more than 30 minutes (a day at most between two). */
/**
 * The owner's alert when the confirmations sent over the last day reached half an hour's quota and four in five were
 * never confirmed: requests nobody confirms, most likely a flood of made-up addresses.
 */
export const UNCONFIRMED_REQUESTS_ALERT = {
  subject: "Demandes d'alerte jamais confirmées",
  body: [
    "Au moins la moitié de la limite horaire VISITOR_MAILS_PER_HOUR est partie en e-mails de confirmation ces " +
      "dernières 24 heures, et quatre sur cinq au moins n'ont jamais été confirmés.",
    "",
    "Quelqu'un demande peut-être des alertes pour des adresses inventées. Les visiteurs déjà abonnés gardent une " +
      "part de chaque heure (30 %), mais les nouvelles adresses attendent plus longtemps leur confirmation.",
    "",
    "Ce message n'est envoyé qu'une fois par jour au plus.",
  ].join("\n"),
} as const;

export const LATE_VISITOR_MAILS_ALERT = {
  subject: "E-mails aux visiteurs en attente depuis plus de 30 minutes",
  body: [
    "Au moins un e-mail à un visiteur (confirmation d'alerte, alerte ou renouvellement) attend d'être envoyé depuis " +
      "plus de 30 minutes.",
    "",
    "Causes possibles : la limite horaire VISITOR_MAILS_PER_HOUR est atteinte (beaucoup de demandes d'un coup), ou " +
      "le serveur d'e-mail refuse les envois (voir les journaux du site).",
    "",
    "Ce message n'est envoyé qu'une fois par jour au plus.",
  ].join("\n"),
} as const;
