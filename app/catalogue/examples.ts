import { acceptsVotes, isInstructionCode } from "./offer-rules";
import type { ReferralOffer } from "./types";

/**
 * The codes and links the site ships with (data.ts) are examples: they show what an offer looks like, and no one has
 * checked that they work. One stays an example until the owner sets the code or link in the back office or the CSV,
 * or confirms the offer ("Vérifié le …"). Locally, an example is shown marked "exemple"; on a public address in
 * production it is withheld (withoutExamples), and an offer left with nothing to use is "being completed".
 */

/** The code is the instruction that sends to the link when the example code is withheld and the owner's link stays. */
const LINK_INSTRUCTION = "Cliquez sur le lien";

/** The example parts of an offer whose code and link came from the bundle (`fromBundle`), unless confirmed. */
export function exampleParts(
  code: string,
  link: string,
  fromBundle: { code: boolean; link: boolean },
  confirmed: boolean,
): Pick<ReferralOffer, "exampleCode" | "exampleLink"> {
  if (confirmed) return {};
  return {
    ...(fromBundle.code && !isInstructionCode(code) ? { exampleCode: true as const } : {}),
    ...(fromBundle.link && link ? { exampleLink: true as const } : {}),
  };
}

export const hasExample = (offer: Pick<ReferralOffer, "exampleCode" | "exampleLink">): boolean =>
  Boolean(offer.exampleCode || offer.exampleLink);

/**
 * The offer as a public site shows it: its example code and link withheld (emptied; the flags stay, for the owner's
 * lists). With the owner's link kept, the code sends to it; with nothing left to use, the offer is `awaiting` (its
 * page says it is being completed).
 */
export function withoutExamples(offer: ReferralOffer): ReferralOffer {
  if (!hasExample(offer)) return offer;
  const link = offer.exampleLink ? "" : offer.link;
  const code = offer.exampleCode ? (link ? LINK_INSTRUCTION : "") : offer.code;
  const kept = { ...offer, code, link };
  return acceptsVotes(kept) ? kept : { ...kept, awaiting: true as const };
}

/** What of an offer is still the bundle's example, in the owner's words; null when nothing. */
export function exampleLabel(offer: Pick<ReferralOffer, "exampleCode" | "exampleLink">): string | null {
  if (offer.exampleCode && offer.exampleLink) return "code et lien à la place des exemples";
  if (offer.exampleCode) return "code à la place de l'exemple";
  if (offer.exampleLink) return "lien à la place de l'exemple";
  return null;
}

/** An offer a visitor can use as shown: nothing of it withheld for want of the owner's code or link. */
export const isComplete = (offer: Pick<ReferralOffer, "awaiting">): boolean => !offer.awaiting;
