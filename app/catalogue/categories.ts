import { CATEGORY_LIST, type CategoryInfo } from "./category-list";
import { BRAND_ENTRIES } from "./data";
import { brandKey } from "./names";
import type { BrandCategoryId, CategoryId } from "./types";

export interface Category extends CategoryInfo {
  /** Keys of the brands listed in the category. */
  brands: ReadonlySet<string>;
}

/** Brands listed in a second category besides their own. */
const ALSO_LISTED_IN: Partial<Record<BrandCategoryId, string[]>> = {
  crypto: ["Deblock", "Revolut"],
  shopping: ["Shopmium"],
};

function brandsOf(id: CategoryId): ReadonlySet<string> {
  if (id === "all") return new Set();
  const own = BRAND_ENTRIES.filter((entry) => entry.category === id).map((entry) => entry.name);
  return new Set([...own, ...(ALSO_LISTED_IN[id] ?? [])].map(brandKey));
}

export const CATEGORIES: readonly Category[] = CATEGORY_LIST.map((info) => ({ ...info, brands: brandsOf(info.id) }));

/** The category a `?cat=` value asks for; anything unknown means all offers. */
export function parseCategory(value: string | null | undefined): Category {
  return CATEGORIES.find((category) => category.id === value) ?? (CATEGORIES[0] as Category);
}

export function categoryById(id: CategoryId): Category {
  return CATEGORIES.find((category) => category.id === id) as Category;
}
