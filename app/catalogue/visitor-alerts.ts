import { entryText, FEED_BETTING_WARNING, type FeedChange } from "./feed";
import { RETENTIONS } from "./retentions";
import type { ReferralOffer } from "./types";

/**
 * The e-mails of the visitors' alerts ("Me prévenir"): the confirmation, the e-mail of offers, the renewal. Pure: the
 * dispatcher and the request (services/alerts/) use it; what may be followed and the form's texts are in
 * `alert-topics.ts`.
 */

/** Who sends, and the links every e-mail ends with. */
export interface MailContext {
  siteName: string;
  siteUrl: string;
  publisherName: string;
}

const signature = ({ siteName, siteUrl, publisherName }: MailContext) =>
  `${siteName} (${siteUrl}), site édité par ${publisherName}.`;

/** The one e-mail a request gets: its link leads to a page whose button confirms. */
export function alertConfirmationMail(context: MailContext, label: string, confirmUrl: string) {
  return {
    subject: `Confirmez votre alerte : ${label}`,
    text: [
      "Bonjour,",
      "",
      `Quelqu'un, sans doute vous, a demandé à recevoir sur cette adresse les offres de parrainage ajoutées ou ` +
        `améliorées de ${label}, sur ${context.siteName}.`,
      "",
      `Pour confirmer, ouvrez ce lien puis appuyez sur le bouton « Confirmer » (valable ${RETENTIONS.unconfirmedAlertHours} heures) :`,
      confirmUrl,
      "",
      "Si ce n'est pas vous, ignorez cet e-mail : rien d'autre ne vous sera envoyé, et l'adresse sera effacée dans 48 " +
        "heures.",
      "",
      `Envoyé par ${signature(context)}`,
    ].join("\n"),
  };
}

/** An offer's news in a digest: the change as recorded, the offer as it stands. */
export interface AlertNews {
  change: FeedChange;
  offer: ReferralOffer;
}

/** Links every e-mail to a subscriber carries: to see and stop what it follows, and to leave in one click. */
export interface SubscriberLinks {
  manageUrl: string;
  unsubscribeUrl: string;
}

const subscriberFooter = (context: MailContext, links: SubscriberLinks) => [
  "",
  "—",
  `Publicité. ${context.siteName} peut recevoir une récompense lorsque vous utilisez un code ou un lien de ` +
    "parrainage ; aucune marque ne paie pour figurer dans ces e-mails.",
  `Envoyé par ${signature(context)} Vous recevez cet e-mail parce que vous l'avez demandé et confirmé.`,
  `Voir ou arrêter vos alertes : ${links.manageUrl}`,
  `Se désabonner de tout en un clic : ${links.unsubscribeUrl}`,
];

/** The e-mail of offers: the first within minutes of a change, then one a day at most, a digest. */
export function digestMail(context: MailContext, news: readonly AlertNews[], links: SubscriberLinks) {
  const first = news[0];
  const subject =
    news.length === 1 && first
      ? `Publicité - ${first.change.change === "added" ? "Nouvelle offre" : "Offre améliorée"} : ${first.offer.brand}`
      : `Publicité - ${news.length} offres nouvelles ou améliorées`;
  const betting = news.some(({ offer }) => offer.category === "betting");
  return {
    subject,
    text: [
      "Bonjour,",
      "",
      news.length === 1 ? "Une offre que vous suivez a changé :" : `${news.length} offres que vous suivez ont changé :`,
      ...news.flatMap(({ change, offer }) => [
        "",
        ...entryText(change, offer, `${context.siteUrl}/offres/${offer.slug}`),
      ]),
      ...(betting ? ["", `18+ ${FEED_BETTING_WARNING}`] : []),
      ...subscriberFooter(context, links),
    ].join("\n"),
  };
}

/** The one request to confirm again, a month before the 3 years after the last confirmation run out. */
export function renewalMail(context: MailContext, links: SubscriberLinks) {
  return {
    subject: `Souhaitez-vous continuer à recevoir les alertes de ${context.siteName} ?`,
    text: [
      "Bonjour,",
      "",
      `Vous suivez des offres de parrainage sur ${context.siteName} depuis bientôt ${RETENTIONS.alertConsentYears} ans. ` +
        "Sans nouvelle confirmation " +
        "de votre part, votre adresse sera effacée dans un mois et vous ne recevrez plus rien.",
      "",
      `Pour continuer, ouvrez ce lien et appuyez sur « Continuer à recevoir les alertes » : ${links.manageUrl}`,
      ...subscriberFooter(context, links),
    ].join("\n"),
  };
}

/** How many days before the 3 years run out the renewal is asked. */
export const RENEWAL_ASKED_DAYS_BEFORE = 30;
