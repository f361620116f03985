/**
 * French word forms, by rule: "parier", "pariez" and "paris" are one word; "rembourser", "rembourse" and
 * "remboursement" too. A word is read as its stem (an ending of the list below removed) and matches the words of
 * the offers made of that stem and one of these endings. Words are compared folded (lower case, no accents).
 */

/**
 * Endings of verbs, nouns and adjectives that keep the meaning of their stem. Left out on purpose: "-ant", "-ite",
 * "-ien" and the like, which make other words ("compte" and "comptant", "mobile" and "mobilité", "Paris" and
 * "parisien").
 */
const ENDINGS = [
  "issements",
  "isseuses",
  "isseurs",
  "isseuse",
  "isseur",
  "issement",
  "erions",
  "ements",
  "ement",
  "ations",
  "aisons",
  "ation",
  "aison",
  "euses",
  "erons",
  "erez",
  "euse",
  "eurs",
  "ages",
  "ions",
  "iez",
  "ons",
  "eur",
  "age",
  "ais",
  "ait",
  "ees",
  "ee",
  "es",
  "er",
  "ez",
  "ir",
  "is",
  "it",
  "ai",
  "e",
  "s",
].sort((a, b) => b.length - a.length);

/** A stem shorter than this says too little: "pari" is the shortest kept ("pariez", "parie"). */
const SHORTEST_STEM = 4;

/** The word without its longest ending, if what is left is long enough; the word itself otherwise. */
export function stemOf(word: string): string {
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= SHORTEST_STEM) return word.slice(0, -ending.length);
  }
  return word;
}

/** Whether `word` is `stem` itself, or `stem` and one ending. */
export function isFormOf(word: string, stem: string): boolean {
  if (!word.startsWith(stem)) return false;
  const ending = word.slice(stem.length);
  return ending === "" || ENDINGS.includes(ending);
}

/**
 * The words, among those a lookup by prefix gives, that are forms of `word` (`word` itself left out): what a search
 * for `word` also finds.
 */
export function formsOf(word: string, wordsStartingWith: (prefix: string) => Iterable<string>): string[] {
  const stem = stemOf(word);
  const forms: string[] = [];
  for (const candidate of wordsStartingWith(stem)) {
    if (candidate !== word && isFormOf(candidate, stem)) forms.push(candidate);
  }
  return forms;
}
