import { followsLabel } from "./audience";
import { isExpired } from "./dates";
import { offerTrust, type OfferTrust, type OfferVotes } from "./feedback";
import { isInCategory } from "./listing-rules";
import { acceptsVotes, canCopyCode, isInstructionCode } from "./offer-rules";
import type { ReferralOffer } from "./types";

/** What every view of an offer (card, brand page, its meta) shows, decided once on the server. */
export interface OfferCardView {
  slug: string;
  brand: string;
  /** The offer text in full: cut in two on the card (`splitOffer`), whole in the meta description and structured data. */
  description: string;
  code: string;
  /** The code is an instruction ('Cliquez sur le lien', 'Me contacter') or empty: shown as a sentence, not as a code. */
  codeIsInstruction: boolean;
  link: string;
  logo?: string;
  expired: boolean;
  /** The code box offers a copy button: the copy rule allows it and the offer has not expired. */
  canCopy: boolean;
  /** The card offers 'Accéder à l'offre': there is a link and the offer has not expired. */
  showLink: boolean;
  /** Offers that carry a legal notice: betting (18+ and the mandatory message) or crypto (risk of loss). */
  regulated: "betting" | "crypto" | null;
  /** What visitors' votes and the owner's last check say about the code. */
  trust: OfferTrust;
  /** Visitors may say whether it worked: the offer shows a code or a link. */
  acceptsVotes: boolean;
  /** "Lien suivi 20 fois ces 30 derniers jours", or null (few follows, a betting or expired offer). */
  follows: string | null;
}

/** What a card depends on besides its offer: the day (expiry) and the visitors' votes, by offer slug. */
export interface CardContext {
  today: string;
  votes: ReadonlyMap<string, OfferVotes>;
  /** Follows of each offer's referral link over the last 30 days (none while they cannot be read). */
  follows?: ReadonlyMap<string, number>;
}

function regulationOf(offer: Pick<ReferralOffer, "category" | "alsoIn">): OfferCardView["regulated"] {
  if (isInCategory(offer, "betting")) return "betting";
  if (isInCategory(offer, "crypto")) return "crypto";
  return null;
}

/** Visitors can only say whether a code or a link worked: an offer with neither has nothing to vote on. */

export function toCardView(offer: ReferralOffer, { today, votes, follows }: CardContext): OfferCardView {
  const expired = isExpired(offer, today);
  const regulated = regulationOf(offer);
  return {
    slug: offer.slug,
    brand: offer.brand,
    description: offer.description,
    code: offer.code,
    codeIsInstruction: isInstructionCode(offer.code),
    link: offer.link,
    logo: offer.logo,
    expired,
    canCopy: canCopyCode(offer) && !expired,
    showLink: Boolean(offer.link) && !expired,
    regulated,
    trust: offerTrust(votes.get(offer.slug), offer.verifiedOn, offer.votesSince),
    acceptsVotes: acceptsVotes(offer),
    follows: expired ? null : followsLabel(follows?.get(offer.slug) ?? 0, regulated),
  };
}
