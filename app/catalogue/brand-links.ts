/** The addresses and words of the A–Z index of brands, for the browser too (brand-index.ts builds the index). */
import { BRAND_INDEX_PATH } from "./site-pages";

/** The key of the initial that groups the brands starting with a digit (or with no letter at all). */
export const DIGITS_KEY = "0-9";

export interface BrandLink {
  slug: string;
  brand: string;
}

/** The address of an initial's page, or of one of its parts. */
export function brandIndexHref(initial: string, part?: string): string {
  return `${BRAND_INDEX_PATH}/${initial}${part ? `/${part}` : ""}`;
}

/** "1 marque", "1 234 marques". */
export function brandsCount(count: number): string {
  return `${count.toLocaleString("fr-FR")} marque${count > 1 ? "s" : ""}`;
}
