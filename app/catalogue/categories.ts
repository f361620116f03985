import { BRAND_ENTRIES } from "./data";
import { brandKey } from "./names";
import type { BrandCategoryId, CategoryId } from "./types";

export interface Category {
  id: CategoryId;
  label: string;
  /** Name of the icon the tab shows (mapped to an SVG by the UI). */
  icon: "all" | "finance" | "crypto" | "food" | "shopping" | "mobility" | "betting" | "other";
  /** Tailwind classes of the tab's accent. */
  colorClasses: string;
  /** Keys of the bundled brands listed in the category. */
  brands: ReadonlySet<string>;
}

/** Brands listed in a second category besides their own. */
const ALSO_LISTED_IN: Partial<Record<BrandCategoryId, string[]>> = {
  crypto: ["Deblock", "Revolut"],
  shopping: ["Shopmium"],
};

function brandsOf(id: BrandCategoryId): ReadonlySet<string> {
  const own = BRAND_ENTRIES.filter((entry) => entry.category === id).map((entry) => entry.name);
  return new Set([...own, ...(ALSO_LISTED_IN[id] ?? [])].map(brandKey));
}

const DEFINITIONS: [CategoryId, string, string][] = [
  ["all", "Tous", "text-slate-700 bg-slate-100"],
  ["finance", "Finance", "text-emerald-800 bg-emerald-50"],
  ["crypto", "Crypto", "text-amber-800 bg-amber-50"],
  ["food", "Alimentation", "text-orange-800 bg-orange-50"],
  ["shopping", "Shopping", "text-pink-800 bg-pink-50"],
  ["mobility", "Mobilité", "text-sky-800 bg-sky-50"],
  ["betting", "Paris", "text-violet-800 bg-violet-50"],
  ["other", "Autres", "text-slate-800 bg-slate-50"],
];

export const CATEGORIES: readonly Category[] = DEFINITIONS.map(([id, label, colorClasses]) => ({
  id,
  label,
  icon: id,
  colorClasses,
  brands: id === "all" ? new Set<string>() : brandsOf(id),
}));

export function isCategoryId(value: string): value is CategoryId {
  return CATEGORIES.some((category) => category.id === value);
}

/** The category a `?cat=` value asks for; anything unknown means all offers. */
export function parseCategory(value: string | null | undefined): Category {
  return CATEGORIES.find((category) => category.id === value) ?? (CATEGORIES[0] as Category);
}

export function categoryById(id: CategoryId): Category {
  return CATEGORIES.find((category) => category.id === id) as Category;
}
