import { followsLabel } from "./audience";
import { isExpired } from "./dates";
import { offerTrust, type OfferTrust, type OfferVotes } from "./feedback";
import { offerHeadline } from "./headline";
import { riskNoteOf } from "./listing-rules";
import { initialOf } from "./names";
import { canCopyCode, isInstructionCode } from "./offer-rules";
import { demotionOf } from "./ranking";
import { warningText } from "./risk-warnings";
import { kindLabel } from "./terms";
import type { RiskNote } from "./risk-note-choices";
import type { ReferralOffer } from "./types";

/**
 * What every view of an offer (card, brand page, its meta) shows, decided once on the server. A flag that is false
 * and a notice that is absent are left out rather than sent as false or null: a listing's data carries every card.
 */
export interface OfferCardView {
  slug: string;
  brand: string;
  /** The brand's initial, shown in place of a missing logo (names.ts). */
  initial: string;
  /** What the offer gives, in large: its amount ("Jusqu'à 200 €"), or the start of its text when it states none. */
  headline: string;
  /** Beside the headline: the kind of bonus; absent when the offer does not say. */
  terms?: string;
  /** The first of the offer's main conditions, directly under the headline; null when none is stated. */
  condition?: string;
  code: string;
  /** The code is an instruction ('Cliquez sur le lien', 'Me contacter') or empty: shown as a sentence, not as a code. */
  codeIsInstruction?: true;
  logo?: string;
  expired?: true;
  /** The code box offers a copy button: the copy rule allows it and the offer has not expired. */
  canCopy?: true;
  /** The card offers 'Accéder à l'offre': there is a link and the offer has not expired. */
  showLink?: true;
  /** The code shown is an example (examples.ts): marked so. */
  exampleCode?: true;
  /** The link is an example: the button says so. */
  exampleLink?: true;
  /** Its example code and link withheld, nothing is left to use: what the card says instead (AWAITING). */
  awaiting?: string;
  /** The warning the offer carries by what it promotes: betting (18+ and the mandatory message), crypto, investment. */
  regulated?: RiskNote;
  /** The crypto or investment warning, written out here so that the visitors' JavaScript does not carry it. */
  warning?: string;
  /** What visitors' votes and the owner's last check say about the code. */
  trust: OfferTrust;
  /** Why the offer comes after the others in the default order (demotionOf); absent when it does not. */
  demoted?: string;
  /** "Lien suivi 20 fois ces 30 derniers jours"; absent for few follows, a betting or an expired offer. */
  follows?: string;
}

/** What an offer being completed says in place of its code (catalogue/examples.ts). */
export const AWAITING = "Offre en cours de complétion : code et lien à venir.";

/** What a card depends on besides its offer: the day (expiry) and the visitors' votes, by offer slug. */
export interface CardContext {
  today: string;
  votes: ReadonlyMap<string, OfferVotes>;
  /** Follows of each offer's referral link over the last 30 days (none while they cannot be read). */
  follows?: ReadonlyMap<string, number>;
}

/** `{ [name]: value }` when the value is set, else nothing to spread. */
const ifSet = <K extends string, V>(name: K, value: V | null | undefined | false) =>
  (value === null || value === undefined || value === false ? {} : { [name]: value }) as { [P in K]?: V };

/**
 * One object for each distinct trust: most cards of a listing say the same ("Code non vérifié", "Pas encore assez
 * d'avis"), and a page's data then carries that object once, the other cards pointing to it.
 */
const trusts = new Map<string, OfferTrust>();
function sharedTrust(trust: OfferTrust): OfferTrust {
  const key = JSON.stringify(trust);
  const shared = trusts.get(key);
  if (shared) return shared;
  // Trusts vary with dates and counts: the map is emptied before it can grow with them.
  if (trusts.size >= 1000) trusts.clear();
  trusts.set(key, trust);
  return trust;
}

/** The headline and what stands beside it: the amount or the text's own start, the kind when known. */
function headlineOf(offer: ReferralOffer): Pick<OfferCardView, "headline" | "terms" | "condition"> {
  return {
    headline: offerHeadline(offer),
    ...ifSet("terms", kindLabel(offer.kind)),
    ...ifSet("condition", offer.conditions[0]),
  };
}

export function toCardView(offer: ReferralOffer, { today, votes, follows }: CardContext): OfferCardView {
  const expired = isExpired(offer, today);
  const regulated = riskNoteOf(offer);
  return {
    slug: offer.slug,
    brand: offer.brand,
    initial: initialOf(offer.brand),
    ...headlineOf(offer),
    code: offer.code,
    ...ifSet("codeIsInstruction", isInstructionCode(offer.code) && (true as const)),
    ...ifSet("logo", offer.logo),
    ...ifSet("expired", expired && (true as const)),
    ...ifSet("canCopy", canCopyCode(offer) && !expired && (true as const)),
    ...ifSet("showLink", Boolean(offer.link) && !expired && (true as const)),
    // What is shown of an example (a public site withholds it: then nothing to mark).
    ...ifSet("exampleCode", offer.exampleCode && !isInstructionCode(offer.code)),
    ...ifSet("exampleLink", offer.exampleLink && Boolean(offer.link)),
    ...ifSet("awaiting", offer.awaiting && AWAITING),
    ...ifSet("regulated", regulated),
    ...ifSet("warning", warningText(regulated, false)),
    trust: sharedTrust(offerTrust(votes.get(offer.slug), offer.verifiedOn, offer.votesSince)),
    ...ifSet("demoted", demotionOf(votes.get(offer.slug))),
    ...ifSet("follows", expired ? null : followsLabel(follows?.get(offer.slug) ?? 0, regulated)),
  };
}
