import { formatBonus, type OfferBonus } from "./terms";

/**
 * Where an offer text stops saying what is given and starts saying how to get it: "15 € offerts | après
 * l'ouverture…", "Bonus offert | sur votre premier investissement…".
 */
const CONDITIONS_START =
  /\s(?:à l'|à la |à votre |à vos |après |avant |avec |via |pendant |pour |lors |dès |en vous |en passant |en créant |en souscrivant |en parrainant |sur votre |sur vos |jusqu'à un )|\s?[,;:(]|\.(?:\s|$)/i;

export interface OfferLines {
  /** What the visitor gets: the most prominent line. */
  headline: string;
  /** The rest of the sentence (how to get it), empty when the text could not be cut. */
  details: string;
}

/**
 * An offer text split into what is given and how to get it, both cut from the text itself so that no figure is
 * invented: "15 € offerts" + "après l'ouverture de votre compte…". The whole text is the headline when it cannot
 * be cut sensibly (too short a start, or nothing after it).
 */
export function splitOffer(offerText: string): OfferLines {
  // Runs of spaces made one, the no-break ones of French spacing kept (typography.ts).
  const text = offerText.trim().replace(/[^\S\u00a0\u202f]+/g, " ");
  const cut = text.search(CONDITIONS_START);
  const headline = cut > 0 ? text.slice(0, cut).trim() : "";
  const details =
    cut > 0
      ? text
          .slice(cut)
          .replace(/^[\s,;:.]+/, "")
          .trim()
      : "";
  if (headline.split(" ").length < 2 || !details) return { headline: text.replace(/\.$/, ""), details: "" };
  return { headline, details };
}

/**
 * What an offer gives, as its card, its feed entry and its share image lead with: the amount the owner entered, or
 * else the start of the offer's own text. Never a filler standing in for an amount nobody gave.
 */
export const offerHeadline = (offer: { bonus?: OfferBonus; description: string }): string =>
  offer.bonus ? formatBonus(offer.bonus) : splitOffer(offer.description).headline;
