import { DIGITS_KEY, brandIndexHref, type BrandLink } from "./brand-links";
import { brandKey } from "./names";
import { BRAND_INDEX_PATH } from "./site-pages";
import type { ReferralOffer } from "./types";

/** Most brand links a page of the index lists; an initial holding more is split by the letters that follow it. */
export const BRANDS_PER_INDEX_PAGE = 200;

/** A page of an initial too full for one page: the brands whose names start between two prefixes. */
export interface IndexPart {
  /** In the address: "ba-bel", or "ba" when the part holds one prefix. */
  key: string;
  /** "Ba – Bel", or "Ba". */
  label: string;
  brands: BrandLink[];
}

export interface InitialGroup {
  /** "a" to "z", or DIGITS_KEY. */
  key: string;
  /** "A", or "0–9". */
  label: string;
  brands: BrandLink[];
  /** The pages the initial is split into when it holds more than BRANDS_PER_INDEX_PAGE brands; else none. */
  parts: IndexPart[];
}

interface KeyedBrand extends BrandLink {
  /** The name folded to letters and digits: "Crypto.com" → "cryptocom", "Éco" → "eco". */
  key: string;
}

const frenchCollator = new Intl.Collator("fr", { sensitivity: "base" });

/** The initial a name's key is listed under: its first letter without accent, or the digits' group. */
function initialOfKey(key: string): string {
  const first = key.charAt(0);
  return /[a-z]/.test(first) ? first : DIGITS_KEY;
}

const capitalized = (prefix: string) => prefix.charAt(0).toUpperCase() + prefix.slice(1);

/**
 * Consecutive brands packed into parts of at most `limit`, each ending where a prefix of `length` letters ends; a
 * prefix holding more than `limit` brands is split by one letter more, as far as the names go.
 */
function splitByPrefix(brands: readonly KeyedBrand[], length: number, limit: number): IndexPart[] {
  const groups: { prefix: string; brands: KeyedBrand[] }[] = [];
  for (const brand of brands) {
    const prefix = brand.key.slice(0, length);
    const last = groups.at(-1);
    if (last?.prefix === prefix) last.brands.push(brand);
    else groups.push({ prefix, brands: [brand] });
  }
  const parts: IndexPart[] = [];
  let pending: typeof groups = [];
  let pendingCount = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const [from, to] = [pending[0]?.prefix ?? "", pending.at(-1)?.prefix ?? ""];
    parts.push({
      key: from === to ? from : `${from}-${to}`,
      label: from === to ? capitalized(from) : `${capitalized(from)} – ${capitalized(to)}`,
      brands: pending.flatMap((group) => group.brands.map(({ slug, brand }) => ({ slug, brand }))),
    });
    pending = [];
    pendingCount = 0;
  };
  const longestKey = Math.max(...brands.map((brand) => brand.key.length));
  for (const group of groups) {
    if (group.brands.length > limit && length < longestKey) {
      flush();
      parts.push(...splitByPrefix(group.brands, length + 1, limit));
      continue;
    }
    if (pendingCount + group.brands.length > limit) flush();
    pending.push(group);
    pendingCount += group.brands.length;
  }
  flush();
  return parts;
}

/**
 * Every brand under its initial, A to Z then the digits, in the order of their folded names; an initial with more
 * than `limit` brands is split into parts by the letters that follow it ("Ba – Bel", "Bem – Bz").
 */
export function brandIndex(offers: readonly ReferralOffer[], limit = BRANDS_PER_INDEX_PAGE): InitialGroup[] {
  const keyed = offers
    .map((offer): KeyedBrand => ({ slug: offer.slug, brand: offer.brand, key: brandKey(offer.brand) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : frenchCollator.compare(a.brand, b.brand)));
  const byInitial = new Map<string, KeyedBrand[]>();
  for (const brand of keyed) {
    const initial = initialOfKey(brand.key);
    const brands = byInitial.get(initial);
    if (brands) brands.push(brand);
    else byInitial.set(initial, [brand]);
  }
  return [...byInitial]
    .sort(([a], [b]) => Number(a === DIGITS_KEY) - Number(b === DIGITS_KEY) || a.localeCompare(b))
    .map(([key, brands]) => ({
      key,
      label: key === DIGITS_KEY ? "0–9" : key.toUpperCase(),
      brands: brands.map(({ slug, brand }) => ({ slug, brand })),
      parts: brands.length > limit ? splitByPrefix(brands, 2, limit) : [],
    }));
}

/** Every page of the index: the index, each initial, each part. */
export function brandIndexPaths(groups: readonly InitialGroup[]): string[] {
  return [
    BRAND_INDEX_PATH,
    ...groups.flatMap((group) => [
      brandIndexHref(group.key),
      ...group.parts.map((part) => brandIndexHref(group.key, part.key)),
    ]),
  ];
}
