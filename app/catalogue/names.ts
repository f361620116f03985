import { BRAND_ENTRIES } from "./data";
import { foldText } from "./fold-text";
import type { BrandEntry } from "./types";

export { foldText };

/** The key two brand names share when they name the same brand: "Crypto.com" and "crypto com" give "cryptocom". */
export function brandKey(name: string): string {
  return foldText(name).replace(/[^a-z0-9]/g, "");
}

/** A name as typed, trimmed and single-spaced. */
export function tidyName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

const ENTRIES_BY_KEY = new Map<string, BrandEntry>(
  BRAND_ENTRIES.flatMap((entry) =>
    [entry.name, ...(entry.aliases ?? [])].map((name) => [brandKey(name), entry] as const),
  ),
);

/** The entry of data.ts a name stands for, by its name or one of its aliases, ignoring case, accents and punctuation. */
export function findBrandEntry(name: string): BrandEntry | undefined {
  return ENTRIES_BY_KEY.get(brandKey(name));
}

/** The first letter or figure of a brand's name ("🚀 Rocket" gives "R"), never half a character; "?" if none. */
export const initialOf = (brand: string): string => brand.match(/[\p{L}\p{N}]/u)?.[0]?.toUpperCase() ?? "?";
