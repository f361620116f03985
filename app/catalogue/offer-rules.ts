import { isExpired } from "./dates";
import type { ReferralOffer } from "./types";

/**
 * The rules that decide what an offer allows, in one place: whether its code can be copied, whether it takes votes,
 * how a brands row's `hide_clipboard` reads, which brand pages are written by hand, and how many offers the home page
 * puts forward. The pages, the merge, the back office and the tests read them here.
 */

const INSTRUCTION_CODES = new Set(["cliquez sur le lien", "me contacter"]);

/** Whether the "code" is no code at all but what to do instead ('Cliquez sur le lien', 'Me contacter'), or empty. */
export function isInstructionCode(code: string): boolean {
  const text = code.trim();
  return !text || INSTRUCTION_CODES.has(text.toLowerCase());
}

/**
 * Whether the code box offers a copy button: never for an instruction or an empty code, nor when the brand's
 * entry (or its backend row's `hide_clipboard`) says the offer goes through the link.
 */
export function canCopyCode(offer: Pick<ReferralOffer, "code" | "copyable">): boolean {
  return offer.copyable && !isInstructionCode(offer.code);
}

/** Whether an offer has something to vote on: a link, or a real code. */
export function acceptsVotes(offer: Pick<ReferralOffer, "code" | "link">): boolean {
  return Boolean(offer.link) || !isInstructionCode(offer.code);
}

/** Whether an offer takes a vote today: something to vote on, and not expired (a vote on an ended offer tells nothing). */
export function takesVotes(offer: Pick<ReferralOffer, "code" | "link" | "validUntil">, today: string): boolean {
  return acceptsVotes(offer) && !isExpired(offer, today);
}

/**
 * Whether an offer's code may be copied, from its brands row's `hide_clipboard` (true hides the button, false shows
 * it even where the entry says `copyable: false`, null leaves the entry's choice) and its entry.
 */
export const copyableFrom = (hideClipboard: boolean | undefined, entryCopyable: boolean | undefined): boolean =>
  hideClipboard === undefined ? (entryCopyable ?? true) : !hideClipboard;

/** The back office's "hide the copy button" checkbox for an offer: the inverse of `copyable`. */
export const hidesClipboard = (offer: Pick<ReferralOffer, "copyable">): boolean => !offer.copyable;

/**
 * Brand pages written by hand (Crypto.com's, with its own logo, code and link): whatever the backend holds,
 * their logo, code and link stay the bundled ones, on the page and on the cards alike. The rest of the offer (its
 * texts, dates and verification) comes from the backend like any brand's.
 */
export const HAND_WRITTEN_SLUGS: ReadonlySet<string> = new Set(["crypto-com"]);

/** The backend's offer of a bundled brand, its hand-written parts kept (see HAND_WRITTEN_SLUGS). */
export function keepHandWrittenParts(fromBackend: ReferralOffer, bundled: ReferralOffer): ReferralOffer {
  if (!HAND_WRITTEN_SLUGS.has(bundled.slug)) return fromBackend;
  const { logo, code, link, copyable } = bundled;
  // The bundle's code and link stay examples (examples.ts) until the owner confirms the offer.
  const { exampleCode: _code, exampleLink: _link, ...rest } = fromBackend;
  const confirmed = Boolean(fromBackend.verifiedOn);
  return {
    ...rest,
    slug: bundled.slug,
    logo,
    code,
    link,
    copyable,
    ...(bundled.exampleCode && !confirmed ? { exampleCode: true as const } : {}),
    ...(bundled.exampleLink && !confirmed ? { exampleLink: true as const } : {}),
  };
}

/**
 * How many offers the home page puts forward. The brands the owner marks featured are those offers only when
 * exactly this many of them are current and not reported; otherwise the built-in defaults are (see selectFeatured).
 */
export const FEATURED_OFFERS = 3;

/** What the back office says beside its "featured" checkbox. */
export const FEATURED_RULE =
  `La page d'accueil met en avant ${FEATURED_OFFERS} offres : celles cochées ici quand il y en a exactement ` +
  `${FEATURED_OFFERS} en cours et sans signalement, sinon ${FEATURED_OFFERS} offres choisies par défaut.`;
