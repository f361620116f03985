import { BRAND_ENTRIES } from "./data";
import { brandKey, foldText, tidyName } from "./names";
import type { BrandEntry, ReferralOffer } from "./types";

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

const slugsByKey = new WeakMap<readonly ReferralOffer[], Map<string, string>>();

/**
 * The brand page an address written otherwise stands for: with other case, dots or without its hyphens
 * ("ubereats", "crypto.com", "hellobank"), or one of the brand's other names ("boursorama", "transferwise").
 * Only the same letters and figures lead to a brand: a nearer-but-different spelling is for a search to propose.
 */
export function forgivenSlug(offers: readonly ReferralOffer[], requested: string): string | undefined {
  // Only what a person types: letters, figures, spaces and the marks names hold (no NUL, no slash, no percent).
  if (!/^[\p{L}\p{N} ._'!&+-]+$/u.test(requested)) return undefined;
  let bySlugKey = slugsByKey.get(offers);
  if (!bySlugKey) {
    bySlugKey = new Map();
    for (const offer of offers) {
      for (const name of [offer.slug, offer.brand, ...offer.aliases]) {
        const key = brandKey(name);
        if (key && !bySlugKey.has(key)) bySlugKey.set(key, offer.slug);
      }
    }
    slugsByKey.set(offers, bySlugKey);
  }
  return bySlugKey.get(brandKey(canonicalSlug(requested)));
}
