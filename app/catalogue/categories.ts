import type { BrandCategoryId, CategoryId } from "./types";

/**
 * The eight categories as the tabs show them. Which brands a category lists is said by each brand's entry
 * (`category`, `alsoIn`), so this module holds no brand data and is safe for the browser bundle.
 */
export interface Category {
  id: CategoryId;
  label: string;
  /** Tailwind classes of the tab's accent when selected. */
  colorClasses: string;
}

export const CATEGORIES: readonly Category[] = [
  { id: "all", label: "Tous", colorClasses: "bg-slate-900 text-white" },
  { id: "finance", label: "Finance", colorClasses: "bg-emerald-700 text-white" },
  { id: "crypto", label: "Crypto", colorClasses: "bg-amber-700 text-white" },
  { id: "food", label: "Alimentation", colorClasses: "bg-orange-700 text-white" },
  { id: "shopping", label: "Shopping", colorClasses: "bg-pink-700 text-white" },
  { id: "mobility", label: "Mobilité", colorClasses: "bg-sky-700 text-white" },
  { id: "betting", label: "Paris", colorClasses: "bg-violet-700 text-white" },
  { id: "other", label: "Autres", colorClasses: "bg-slate-700 text-white" },
];

/** The categories the overview page /offres offers as shortcuts. */
/** The categories a brand may have: every tab but "Tous". */
export const BRAND_CATEGORIES = CATEGORIES.filter(
  (category): category is Category & { id: BrandCategoryId } => category.id !== "all",
);

export const OVERVIEW_CATEGORY_IDS: readonly BrandCategoryId[] = ["finance", "crypto", "shopping"];

/** The brand category a stored value names (a guide's), or undefined for none or an unknown one. */
export const brandCategoryOf = (id: string | null | undefined) =>
  BRAND_CATEGORIES.find((category) => category.id === id);

export function categoryById(id: CategoryId): Category {
  return CATEGORIES.find((category) => category.id === id) as Category;
}

/** The category a `?cat=` value asks for; anything unknown means all offers. */
export function parseCategory(value: string | null | undefined): Category {
  return CATEGORIES.find((category) => category.id === value) ?? (CATEGORIES[0] as Category);
}

/**
 * The list heading: 'Tous les codes parrainage' or 'Codes parrainage {category}'; with a search, what was searched
 * ('Résultats pour « rev »', then ' dans {category}').
 */
export function listTitle(id: CategoryId, query = ""): string {
  if (query) return `Résultats pour « ${query} »${id === "all" ? "" : ` dans ${categoryById(id).label}`}`;
  return id === "all" ? "Tous les codes parrainage" : `Codes parrainage ${categoryById(id).label}`;
}
