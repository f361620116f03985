import { categoryById } from "./categories";
import { RETENTIONS } from "./retentions";
import type { BrandCategoryId, ReferralOffer } from "./types";

/**
 * What a visitor's e-mail alert ("Me prévenir") may follow, and the texts of its form: small, for the browser too.
 * The e-mails are in `visitor-alerts.ts`.
 */

/** The form's fields. */
export const ALERT_FIELDS = {
  email: "email",
  consent: "consentement",
  adult: "majeur",
  topic: "sujet",
} as const;

/** A brand's offer, or a category's offers. */
export type AlertTopic = { kind: "marque"; slug: string } | { kind: "categorie"; category: BrandCategoryId };

/** The topic as the database and the form hold it: `marque:binance`, `categorie:crypto`. */
export const topicKey = (topic: AlertTopic): string =>
  topic.kind === "marque" ? `marque:${topic.slug}` : `categorie:${topic.category}`;

/** The topic a form's or a row's value names; null for anything else (its brand or category is checked elsewhere). */
export function parseTopic(value: unknown): AlertTopic | null {
  const match = typeof value === "string" ? /^(marque|categorie):([a-z0-9-]{1,100})$/.exec(value) : null;
  if (!match) return null;
  return match[1] === "marque"
    ? { kind: "marque", slug: match[2] as string }
    : { kind: "categorie", category: match[2] as BrandCategoryId };
}

/** Whether following the topic needs the 18+ statement: betting, a brand of it or the category. */
export const isBettingTopic = (topic: AlertTopic, offer: Pick<ReferralOffer, "category"> | undefined): boolean =>
  topic.kind === "categorie" ? topic.category === "betting" : offer?.category === "betting";

/** How the texts name a topic: "Binance", "la catégorie Crypto". */
export const topicLabel = (topic: AlertTopic, brandName: string | undefined): string =>
  topic.kind === "marque" ? (brandName ?? topic.slug) : `la catégorie ${categoryById(topic.category).label}`;

/**
 * The version of the consent text below, kept with each request as the proof of what the visitor agreed to: a new
 * wording gets a new version.
 */
export const ALERT_CONSENT_VERSION = "2026-11-27";

/** The text of the consent box, left unticked. */
export const consentText = (label: string): string =>
  `J'accepte de recevoir par e-mail les offres de parrainage ajoutées ou améliorées de ${label} : un premier e-mail ` +
  "quelques minutes après, puis un résumé par jour au plus. Ces e-mails sont de la publicité. Je peux me désabonner " +
  "en un clic depuis chacun d'eux.";

/** The statement a betting alert requires. */
export const ADULT_STATEMENT = "J'ai 18 ans ou plus.";

/** What the form answers, whether the address was already known or not: it says nothing about it. */
export const REQUEST_ANSWER =
  "Si cette adresse peut recevoir nos e-mails, un e-mail de confirmation vient de lui être envoyé. Rien d'autre ne " +
  "lui sera envoyé tant que le bouton de cet e-mail n'aura pas été utilisé. " +
  `Le lien reste valable ${RETENTIONS.unconfirmedAlertHours} heures.`;

/** What the page gives the form: its topic and its texts (data, not code: the brand page's JavaScript stays small). */
export interface AlertFormView {
  /** `marque:binance`, `categorie:crypto`. */
  topic: string;
  title: string;
  consent: string;
  /** The 18+ statement, for betting only. */
  adult: string | null;
}

export function alertFormView(topic: AlertTopic, label: string, betting: boolean): AlertFormView {
  return {
    topic: topicKey(topic),
    title: `Me prévenir des offres de ${label}`,
    consent: consentText(label),
    adult: betting ? ADULT_STATEMENT : null,
  };
}
