/** A visitor's query as the search reads it: its meaningful words, grouped where a synonym reads several together. */
import { DIRECTORY_WORDS, PRODUCT_WORDS, SYNONYMS } from "~/content/search-words";
import { foldText } from "./names";
import { normalizeTerm } from "./search-index";
import { tokenize } from "./word-index";

/** Groups beyond these add little to what a visitor means and cost a lookup each across the whole catalogue. */
const MAX_QUERY_WORDS = 8;

/** The words of a text as the search compares them: folded, without stop words, singular. */
function keyWords(text: string): string[] {
  return tokenize(text).flatMap((token) => normalizeTerm(token) ?? []);
}

const DIRECTORY_KEYS = new Set(DIRECTORY_WORDS.flatMap(keyWords));
const PRODUCT_KEYS = new Set(
  PRODUCT_WORDS.map(keyWords)
    .filter((words) => words.length === 1)
    .flat(),
);

/** A directory word, or a year: what every offer of a referral directory is about. */
function saysNothing(word: string): boolean {
  return DIRECTORY_KEYS.has(word) || /^(19|20)\d\d$/.test(word);
}

/**
 * The words a query reads together, longest first: the synonyms' left sides ("gift card" → ["gift", "card"]), and
 * the kinds of product of several words ("crédit conso").
 */
const PHRASES = [
  ...Object.entries(SYNONYMS).map(([typed, meanings]) => ({
    words: keyWords(typed),
    meanings: meanings.map(foldText),
    product: false,
  })),
  ...PRODUCT_WORDS.map((typed) => ({ words: keyWords(typed), meanings: [], product: true })).filter(
    (entry) => entry.words.length > 1,
  ),
]
  .filter((entry) => entry.words.length > 0)
  .sort((a, b) => b.words.length - a.words.length);

/** One thing a query asks for: a word, or words a synonym reads together, with what else they may be written as. */
export interface QueryGroup {
  /** As the visitor typed it, for the note naming what matched nothing. */
  typed: string;
  /** The typed words, folded, as searched. */
  words: string[];
  /** Other texts that mean the same (from SYNONYMS), each found when an offer holds all its words. */
  meanings: string[];
  /** Whether it names a kind of product (PRODUCT_WORDS): if no offer holds it, the query finds nothing. */
  namesAProduct: boolean;
}

/** What a search looks for, read from what the visitor typed. */
export interface ParsedQuery {
  /** The whole query, folded: the first rule looks for it in brand names. */
  needle: string;
  /** The query without the words that say nothing, folded: looked for in brand names too. */
  remainder: string;
  groups: QueryGroup[];
}

/** Reads a query: its meaningful words, grouped where a synonym reads several together. */
export function parseQuery(query: string): ParsedQuery {
  const kept = tokenize(query.trim()).flatMap((typed) => {
    const key = normalizeTerm(typed);
    return key && !saysNothing(key) ? [{ typed, folded: foldText(typed), key }] : [];
  });
  const groups: QueryGroup[] = [];
  const seen = new Set<string>();
  for (let start = 0; start < kept.length && groups.length < MAX_QUERY_WORDS;) {
    const keys = kept.slice(start).map((word) => word.key);
    const phrase = PHRASES.find((entry) => entry.words.every((word, index) => keys[index] === word));
    const length = phrase?.words.length ?? 1;
    const words = kept.slice(start, start + length);
    start += length;
    const key = words.map((word) => word.key).join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    groups.push({
      typed: words.map((word) => word.typed).join(" "),
      words: words.map((word) => word.folded),
      meanings: phrase?.meanings ?? [],
      namesAProduct: phrase ? phrase.product : words.some((word) => PRODUCT_KEYS.has(word.key)),
    });
  }
  return {
    needle: foldText(query.trim()),
    remainder: kept.map((word) => word.folded).join(" "),
    groups,
  };
}
