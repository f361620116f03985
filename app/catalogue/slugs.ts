import { BRAND_ENTRIES } from "./data";
import { foldText, tidyName } from "./names";
import type { BrandEntry } from "./types";

/** The general rule for a page address: the lower-case name without accents, spaces turned into hyphens. */
export function slugFromName(name: string): string {
  return foldText(tidyName(name))
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-");
}

/** The page address of a brand entry: its own slug where it has one, otherwise the general rule. */
export function slugOf(entry: BrandEntry): string {
  return entry.slug ?? slugFromName(entry.name);
}

/** A brand's logo is public/logos/{slug}.svg, unless its entry says it has none. */
export function logoOf(entry: BrandEntry): string | undefined {
  return entry.logo === false ? undefined : `/logos/${slugOf(entry)}.svg`;
}

const CANONICAL_BY_ALIAS = new Map(
  BRAND_ENTRIES.flatMap((entry) => (entry.slugAliases ?? []).map((alias) => [alias, slugOf(entry)] as const)),
);

/** The canonical slug a requested slug stands for: an old address gives the current one, anything else itself. */
export function canonicalSlug(slug: string): string {
  return CANONICAL_BY_ALIAS.get(slug) ?? slug;
}
