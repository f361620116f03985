/**
 * Lenient listing addresses: what a listing cannot read in its address (an empty or unknown `?tri=`, an unknown
 * `?cat=`) is left out by a permanent redirect, rather than a 404 or a silent default that the page cache would
 * keep once per made-up value; and `/codes/{catégorie}` names a category's listing.
 */
import { CATEGORIES } from "./categories";
import { parseSort } from "./sort-orders";
import type { CategoryId } from "./types";

/** The listing's parameters without those it cannot read, or null when it reads them all. */
export function withoutUnreadParams(params: URLSearchParams): URLSearchParams | null {
  const cleaned = new URLSearchParams(params);
  const sorts = params.getAll("tri");
  if (sorts.length > 0 && parseSort(sorts) === undefined) cleaned.delete("tri");
  const categories = params.getAll("cat");
  if (
    categories.length > 0 &&
    !(categories.length === 1 && CATEGORIES.some((category) => category.id === categories[0]))
  ) {
    cleaned.delete("cat");
  }
  return cleaned.toString() === params.toString() ? null : cleaned;
}

/** A word as an address writes it: lower case, without accents. */
const addressWord = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** The category `/codes/{word}` names, by its id or its label ("crypto", "paris", "mobilite"), if any. */
export function categoryOfPathWord(word: string): CategoryId | undefined {
  const wanted = addressWord(word);
  return CATEGORIES.find((category) => category.id === wanted || addressWord(category.label) === wanted)?.id;
}
