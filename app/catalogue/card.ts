import { canCopyCode, isInstructionCode } from "./copy-rule";
import { isExpired } from "./dates";
import { splitOffer, type OfferLines } from "./headline";
import { isInCategory } from "./search";
import type { ReferralOffer } from "./types";

/** What every view of an offer (card, brand page, its meta) shows, decided once on the server. */
export interface OfferCardView {
  id: string;
  slug: string;
  brand: string;
  /** The offer text in full (meta description, structured data). */
  description: string;
  /** The same text cut in two: what the visitor gets (the most prominent line), then how. */
  lines: OfferLines;
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
}

function regulationOf(offer: Pick<ReferralOffer, "category" | "alsoIn">): OfferCardView["regulated"] {
  if (isInCategory(offer, "betting")) return "betting";
  if (isInCategory(offer, "crypto")) return "crypto";
  return null;
}

export function toCardView(offer: ReferralOffer, today: string): OfferCardView {
  const expired = isExpired(offer, today);
  return {
    id: offer.id,
    slug: offer.slug,
    brand: offer.brand,
    lines: splitOffer(offer.description),
    description: offer.description,
    code: offer.code,
    codeIsInstruction: isInstructionCode(offer.code),
    link: offer.link,
    logo: offer.logo,
    expired,
    canCopy: canCopyCode(offer) && !expired,
    showLink: Boolean(offer.link) && !expired,
    regulated: regulationOf(offer),
  };
}
