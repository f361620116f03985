import { brandKey } from "./names";
import type { ReferralOffer } from "./types";

/** Brands whose code is not copied: their offer goes through the link (DESIGN.md, "Copy button"). */
const NO_COPY_BRAND_KEYS = new Set(
  ["Revolut", "Coinbase", "SwissBorg", "iGraal", "eBuyClub", "Widilo", "Hello Bank", "Sorare", "Vexub", "Wise"].map(
    brandKey,
  ),
);
const INSTRUCTION_CODES = new Set(["cliquez sur le lien", "me contacter"]);

/** Whether the "code" is no code at all but what to do instead ('Cliquez sur le lien', 'Me contacter'), or empty. */
export function isInstructionCode(code: string): boolean {
  const text = code.trim();
  return !text || INSTRUCTION_CODES.has(text.toLowerCase());
}

/** Whether the code box offers a copy button. */
export function canCopyCode(offer: Pick<ReferralOffer, "brand" | "code" | "hideClipboard">): boolean {
  if (offer.hideClipboard) return false;
  if (isInstructionCode(offer.code)) return false;
  return !NO_COPY_BRAND_KEYS.has(brandKey(offer.brand));
}
