import { brandKey } from "./names";
import type { ReferralOffer } from "./types";

/** Brands whose code is not copied: their offer goes through the link (DESIGN.md, "Copy button"). */
const NO_COPY_BRAND_KEYS = new Set(
  ["Revolut", "Coinbase", "SwissBorg", "iGraal", "eBuyClub", "Widilo", "Hello Bank", "Sorare", "Vexub", "Wise"].map(
    brandKey,
  ),
);
const NO_COPY_CODES = new Set(["cliquez sur le lien", "me contacter"]);

/** Whether the code box offers a copy button. */
export function canCopyCode(offer: Pick<ReferralOffer, "brand" | "code" | "hideClipboard">): boolean {
  if (offer.hideClipboard) return false;
  const code = offer.code.trim();
  if (!code || NO_COPY_CODES.has(code.toLowerCase())) return false;
  return !NO_COPY_BRAND_KEYS.has(brandKey(offer.brand));
}
