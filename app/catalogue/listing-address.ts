/**
 * Lenient listing addresses: a category named in everyday words (`?cat=paris`, `?cat=Crypto`, `/codes/banque`) is
 * led to its listing by a permanent redirect; what a listing cannot read in its address (an empty or unknown
 * `?tri=`, an unknown `?cat=`) is left out by a permanent redirect, rather than a 404 or a silent default that the
 * page cache would keep once per made-up value.
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
  if (categories.length > 0 && !(categories.length === 1 && CATEGORIES.some(({ id }) => id === categories[0]))) {
    const named = categories.length === 1 ? categoryOfPathWord(categories[0] ?? "") : undefined;
    if (named) cleaned.set("cat", named);
    else cleaned.delete("cat");
  }
  return cleaned.toString() === params.toString() ? null : cleaned;
}

/** A word as an address writes it: lower case, without accents. */
const addressWord = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * The everyday words of each category besides its id and label, as an address writes them (lower case, without
 * accents, hyphens for spaces). None may be a brand's address: a brand page keeps its own.
 */
const CATEGORY_WORDS: Readonly<Record<Exclude<CategoryId, "all">, readonly string[]>> = {
  finance: ["banque", "banques", "banque-en-ligne", "neobanque", "bourse", "investissement", "epargne", "argent"],
  crypto: ["cryptos", "cryptomonnaie", "cryptomonnaies", "crypto-monnaie", "bitcoin", "crypto-actifs"],
  food: ["livraison", "repas", "restaurant", "restaurants", "courses", "nourriture", "manger"],
  shopping: ["cashback", "achats", "achat", "boutique", "boutiques", "magasin"],
  mobility: ["transport", "transports", "vtc", "taxi", "trottinette", "velo", "voiture", "covoiturage"],
  betting: ["pari", "paris-sportifs", "pari-sportif", "jeux", "jeu", "jeux-d-argent", "sport", "sports"],
  other: ["autre", "divers", "energie", "telephone", "mobile", "applications", "application", "appli"],
};

const CATEGORY_BY_WORD = new Map<string, CategoryId>([
  ...CATEGORIES.flatMap(({ id, label }) => [[id, id] as const, [addressWord(label), id] as const]),
  ...Object.entries(CATEGORY_WORDS).flatMap(([id, words]) => words.map((word) => [word, id as CategoryId] as const)),
]);

/** The category a word names ("crypto", "Paris", "banque", "mobilité"), whatever its case and accents, if any. */
export function categoryOfPathWord(word: string): CategoryId | undefined {
  return CATEGORY_BY_WORD.get(addressWord(word.trim()).replace(/[\s_]+/g, "-"));
}
