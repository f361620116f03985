import type { ReferralOffer } from "./types";

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
