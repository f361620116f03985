/** Searching the offers: the order of what a query finds, the typos it forgives, and the closest names. */
import { isInCategory } from "./listing-rules";
import { brandKey } from "./names";
import { normalizeTerm, type OfferSearchIndex } from "./search-index";
import { parseQuery, type ParsedQuery, type QueryGroup } from "./search-query";
import { addressesIn, siteLabel } from "./web-addresses";
import { formsOf } from "./word-forms";
import { tokenize, type WordQuery, type WordSearchOptions } from "./word-index";
import type { CategoryId, ReferralOffer } from "./types";

/** Typos forgiven in a word: one from 4 letters, two from 8 (`binanse`, `hostinguer`). */
function typosAllowed(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** In the texts, where a near word is often another word ("pari", "prix"): one typo, from 7 letters. */
function typosAllowedInTexts(term: string): number {
  return term.length >= 7 ? 1 : 0;
}

/** For the closest names when nothing matched: one typo from 3 letters, two from 5, three from 8. */
function typosAllowedForSuggestions(term: string): number {
  return term.length >= 8 ? 3 : term.length >= 5 ? 2 : term.length >= 3 ? 1 : 0;
}

/** How many words of a query may make one brand's name ("la premiere brique"). */
const MAX_NAME_WORDS = 4;

/**
 * Typos forgiven where a query names a brand among other words: fewer than in a search for names alone, since a
 * short everyday word is often one letter from a short name ("time" and Lime, "wide" and Wise).
 */
function typosAllowedInNaming(key: string): number {
  return key.length >= 9 ? 2 : key.length >= 6 ? 1 : 0;
}

/**
 * The offers a query names: a run of its words that is, run together, a brand's name or alias, typos forgiven
 * unless the run is a word the offers' texts use ("acheter du bitcoin sur binanse" names Binance).
 */
function namedOffers(index: OfferSearchIndex, query: string): Set<number> {
  const words = tokenize(query).map(brandKey).filter(Boolean);
  const named = new Set<number>();
  for (let start = 0; start < words.length; start += 1) {
    for (let end = start + 1; end <= Math.min(words.length, start + MAX_NAME_WORDS); end += 1) {
      const key = words.slice(start, end).join("");
      const isKnownWord = end === start + 1 && index.words.has(normalizeTerm(key) ?? key);
      const typos = isKnownWord ? 0 : typosAllowedInNaming(key);
      const matches =
        typos === 0
          ? [index.nameKeys.get(key) ?? []]
          : [...index.nameKeys.fuzzyGet(key, typos).values()].map(([ids]) => ids);
      for (const ids of matches) for (const id of ids) named.add(id);
    }
  }
  return named;
}

/** The word with two neighbouring letters swapped, each way it can be: `kucion` → … `kucoin` … */
function adjacentSwaps(word: string): string[] {
  const swaps = new Set<string>();
  for (let index = 0; index + 1 < word.length; index += 1) {
    const [first, second] = [word[index], word[index + 1]];
    if (first !== second && /\p{L}/u.test(`${first}${second}`)) {
      swaps.add(word.slice(0, index) + second + first + word.slice(index + 2));
    }
  }
  return [...swaps];
}

type TyposAllowed = (term: string) => number;

/**
 * One typed word, its other forms ("pariez" finds "pari") and its typos forgiven: a swap of neighbouring letters
 * counts as one typo, so a swapped form is searched with one typo less. The last word of the query may be the start
 * of a longer word.
 */
function typedWordQuery(word: string, prefix: boolean, { typos, forms }: Looseness): WordQuery {
  const term = normalizeTerm(word) ?? word;
  const asTyped: WordQuery = { queries: [word], prefix, fuzzy: typos };
  const otherForms = forms?.(term) ?? [];
  const alike: WordQuery[] = otherForms.length > 0 ? [{ queries: otherForms, prefix: false, fuzzy: () => 0 }] : [];
  if (typos(term) > 0) alike.push({ queries: adjacentSwaps(word), prefix, fuzzy: (swapped) => typos(swapped) - 1 });
  return alike.length === 0 ? asTyped : { combineWith: "OR", queries: [asTyped, ...alike] };
}

/** How loosely a search reads typed words: the typos it forgives, and which words may be the start of longer ones. */
interface Looseness {
  typos: TyposAllowed;
  /** "last": the word being typed, once it is long enough to mean something; "all": every word (for suggestions). */
  prefix: "last" | "all";
  /** The index's other forms of a word (word-forms.ts), when the search reads them. */
  forms?: (term: string) => string[];
}

/** An offer holds a group when it holds its typed words, or all the words of one of its meanings. */
function groupQuery(group: QueryGroup, isLast: boolean, looseness: Looseness): WordQuery {
  const { prefix } = looseness;
  // Words the lists give a meaning to are read as they say, not by their forms ("commerçant" is not "commerce").
  const typedWords = group.meanings.length > 0 ? { ...looseness, forms: undefined } : looseness;
  const isPrefix = (word: string, index: number) =>
    prefix === "all" || (isLast && index === group.words.length - 1 && word.length >= 3);
  const asTyped: WordQuery = {
    combineWith: "AND",
    queries: group.words.map((word, index) => typedWordQuery(word, isPrefix(word, index), typedWords)),
  };
  if (group.meanings.length === 0) return asTyped;
  // A phrase of the lists is read as its meanings: its words apart find offers by chance (Sorare's cards and game
  // credits for "carte de crédit").
  const phrase = group.words.length > 1;
  const meanings = group.meanings.map((meaning): WordQuery => ({
    combineWith: "AND",
    queries: [meaning],
    prefix: false,
  }));
  return { combineWith: "OR", queries: phrase ? meanings : [asTyped, ...meanings] };
}

/** Offers holding every group (with "OR", any group). */
function groupsQuery(
  groups: readonly QueryGroup[],
  looseness: Looseness,
  combineWith: "AND" | "OR" = "AND",
): WordQuery {
  return {
    combineWith,
    queries: groups.map((group, index) => groupQuery(group, index === groups.length - 1, looseness)),
  };
}

/** The names a query stands for: its groups, or all of it run together ("bla bla car" for BlaBlaCar). */
function nameQuery(parsed: ParsedQuery, looseness: Looseness, combineWith: "AND" | "OR" = "AND"): WordQuery {
  const runTogether = brandKey(parsed.remainder);
  const together: WordQuery[] = runTogether
    ? [{ queries: [runTogether], prefix: runTogether.length >= 3, fuzzy: looseness.typos }]
    : [];
  return { combineWith: "OR", queries: [groupsQuery(parsed.groups, looseness, combineWith), ...together] };
}

/** Typos forgiven only in a word the index does not hold: `binance` is not a typo of `finance`, nor `pari` of `prix`. */
function unlessKnown(index: OfferSearchIndex, typos: TyposAllowed): Looseness {
  return {
    typos: (term) => (index.words.has(term) ? 0 : typos(term)),
    prefix: "last",
    forms: (term) => formsOf(term, (prefix) => index.words.wordsStartingWith(prefix)),
  };
}

const CLOSE_TO_NAMES: Looseness = { typos: typosAllowedForSuggestions, prefix: "all" };

const BY_NAME: WordSearchOptions = { fields: ["names"] };

const BY_WORDS: WordSearchOptions = {
  boost: { names: 3, categories: 2 },
};

/** How well a brand name holds the text: as the whole name, at its start, at the start of a word, anywhere. */
function nameMatchScore(foldedName: string, needle: string): number {
  if (foldedName === needle) return 3;
  if (foldedName.startsWith(needle)) return 2;
  return ` ${foldedName.replace(/[^a-z0-9]/g, " ")}`.includes(` ${needle}`) ? 1 : 0;
}

interface Hit {
  id: number;
  /**
   * 1: the name holds the text; 2: a name or alias, loosely; 3: the words of the offer; 4: any offer. Below 0, for
   * offers holding some of the words: minus how many they hold.
   */
  tier: number;
  score: number;
}

/** Expired offers last, then by tier, then by score, then in today's order. */
function byRank(index: OfferSearchIndex) {
  return (a: Hit, b: Hit) =>
    Number(index.expired[a.id]) - Number(index.expired[b.id]) || a.tier - b.tier || b.score - a.score || a.id - b.id;
}

/** What a search found, and how its offers answer the query. */
export interface SearchResult {
  /** Best first. */
  offers: ReferralOffer[];
  /**
   * "all": the offers hold every meaningful word (or the query held none); "most": no offer holds them all, these
   * hold some, the most first; "closest": no word matched, these are the brands whose names are closest; "none": nothing did.
   */
  match: "all" | "most" | "closest" | "none";
  /**
   * With "most": the words, as typed, that no offer of the category holds; with "none": the words naming a kind of
   * product no offer sells (PRODUCT_WORDS), when that is why nothing was found.
   */
  unmatched: string[];
  /** How many offers at the head of `offers` are there because their name holds the query (current ones only). */
  named: number;
}

/** Whether the query is one of the bundle's example codes, which find nothing (see OfferSearchIndex.exampleCodes). */
const isExampleCode = (index: OfferSearchIndex, query: string) => index.exampleCodes.has(brandKey(query));

/**
 * The offers of `category` matching `query`, best first. The first rule: brands whose name holds the text.
 * Then names and texts holding every meaningful word; failing that, the offers holding the most of them; failing
 * that, the closest names. An empty query gives every offer of the category in today's order.
 */
export function searchOffers(index: OfferSearchIndex, typed: string, category: CategoryId): SearchResult {
  if (isExampleCode(index, typed)) return { offers: [], match: "none", unmatched: [], named: 0 };
  const { query, atSite } = readAddresses(index, typed);
  if (atSite.length > 0) {
    const hits = atSite.filter((id) => isInCategory(index.offers[id] as ReferralOffer, category));
    return {
      ...found(
        ranked(
          index,
          hits.map((id) => ({ id, tier: 0, score: 0 })),
        ),
      ),
      named: current(index, hits),
    };
  }
  const result = searchWords(index, query, category);
  return result.match === "closest" ? result : namedFirst(index, query, category, result);
}

/**
 * A pasted address names the offers whose links are on a site of its name (`https://www.binance.com/fr/…`, or
 * `binance.fr` for Binance's `binance.com`); an address of another site is read as that name (`boursorama.com`).
 */
function readAddresses(index: OfferSearchIndex, typed: string): { query: string; atSite: number[] } {
  const addresses = addressesIn(typed);
  if (addresses.length === 0) return { query: typed, atSite: [] };
  const atSite = new Set<number>();
  let query = typed;
  for (const { typed: address, domain } of addresses) {
    const label = siteLabel(domain);
    for (const id of [index.sites.get(label) ?? []].flat()) atSite.add(id);
    query = query.replace(address, ` ${label} `);
  }
  return { query, atSite: [...atSite] };
}

/**
 * A brand the query names comes first, whatever else the query holds ("acheter du bitcoin sur binance"), even when
 * its texts lack the other words; what the note says of those words is kept.
 */
function namedFirst(index: OfferSearchIndex, query: string, category: CategoryId, result: SearchResult): SearchResult {
  const named = [...namedOffers(index, query)]
    .filter((id) => !index.expired[id] && isInCategory(index.offers[id] as ReferralOffer, category))
    .sort((a, b) => a - b)
    .map((id) => index.offers[id] as ReferralOffer);
  if (named.length === 0) return result;
  const first = new Set(named);
  const head = result.offers.slice(0, result.named).filter((offer) => !first.has(offer));
  const rest = result.offers.slice(result.named).filter((offer) => !first.has(offer));
  return {
    offers: [...named, ...head, ...rest],
    match: result.match === "none" ? "all" : result.match,
    unmatched: result.unmatched,
    named: named.length + head.length,
  };
}

function searchWords(index: OfferSearchIndex, query: string, category: CategoryId): SearchResult {
  const inCategory = (id: number) => isInCategory(index.offers[id] as ReferralOffer, category);
  const parsed = parseQuery(query);
  if (!parsed.needle) return found(index.offers.filter((offer) => isInCategory(offer, category)));

  const hits = new Map<number, Hit>();
  const add = (id: number, tier: number, score: number) => {
    if (!hits.has(id) && inCategory(id)) hits.set(id, { id, tier, score });
  };
  for (const needle of new Set([parsed.needle, parsed.remainder])) {
    if (!needle) continue;
    index.foldedNames.forEach((name, id) => {
      if (name.includes(needle)) add(id, 1, nameMatchScore(name, needle));
    });
  }
  if (parsed.groups.length === 0) {
    index.offers.forEach((_offer, id) => add(id, 4, 0));
  } else {
    const [inNames, inTexts] = [unlessKnown(index, typosAllowed), unlessKnown(index, typosAllowedInTexts)];
    for (const result of index.words.search(nameQuery(parsed, inNames), BY_NAME)) add(result.id, 2, result.score);
    for (const result of index.words.search(groupsQuery(parsed.groups, inTexts), BY_WORDS)) {
      add(result.id, 3, result.score);
    }
  }
  if (hits.size > 0) {
    const named = [...hits.values()].filter((hit) => hit.tier === 1 && !index.expired[hit.id]).length;
    return { ...found(ranked(index, hits.values())), named };
  }
  const most = holdingMost(index, parsed, inCategory);
  const unsold = (most ? parsed.groups.filter((group) => most.unmatched.includes(group.typed)) : parsed.groups)
    .filter((group) => group.namesAProduct)
    .map((group) => group.typed);
  if (unsold.length > 0 && namedOffers(index, query).size === 0)
    return { offers: [], match: "none", unmatched: unsold, named: 0 };
  return most ?? closestInCategory(index, parsed, inCategory);
}

const current = (index: OfferSearchIndex, ids: readonly number[]) => ids.filter((id) => !index.expired[id]).length;

function found(offers: ReferralOffer[]): SearchResult {
  return { offers, match: "all", unmatched: [], named: 0 };
}

function ranked(index: OfferSearchIndex, hits: Iterable<Hit>): ReferralOffer[] {
  return [...hits].sort(byRank(index)).map((hit) => index.offers[hit.id] as ReferralOffer);
}

/** The offers holding any of the query's groups, in names or texts, those holding the most first; undefined when none. */
function holdingMost(
  index: OfferSearchIndex,
  parsed: ParsedQuery,
  inCategory: (id: number) => boolean,
): SearchResult | undefined {
  const tally = new Map<number, { groups: number; score: number }>();
  const unmatched: string[] = [];
  for (const group of parsed.groups) {
    const scores = new Map<number, number>();
    for (const [looseness, options] of [
      [unlessKnown(index, typosAllowed), BY_NAME],
      [unlessKnown(index, typosAllowedInTexts), BY_WORDS],
    ] as const) {
      for (const result of index.words.search(groupsQuery([group], looseness), options)) {
        if (inCategory(result.id)) scores.set(result.id, Math.max(scores.get(result.id) ?? 0, result.score));
      }
    }
    if (scores.size === 0) unmatched.push(group.typed);
    for (const [id, score] of scores) {
      const counted = tally.get(id) ?? { groups: 0, score: 0 };
      tally.set(id, { groups: counted.groups + 1, score: counted.score + score });
    }
  }
  if (tally.size === 0) return undefined;
  // Only those holding the most: beside "paris hippiques", a site holding "site" is there by chance.
  const most = Math.max(...[...tally.values()].map((counted) => counted.groups));
  const hits = [...tally]
    .filter(([, counted]) => counted.groups === most)
    .map(([id, counted]) => ({ id, tier: -counted.groups, score: counted.score }));
  return { offers: ranked(index, hits), match: "most", unmatched, named: 0 };
}

function closestInCategory(
  index: OfferSearchIndex,
  parsed: ParsedQuery,
  inCategory: (id: number) => boolean,
): SearchResult {
  const closest = closestHits(index, parsed).filter((hit) => inCategory(hit.id));
  const offers = ranked(index, closest).slice(0, SUGGESTIONS_SHOWN);
  return { offers, match: offers.length > 0 ? "closest" : "none", unmatched: [], named: 0 };
}

function closestHits(index: OfferSearchIndex, parsed: ParsedQuery): Hit[] {
  if (parsed.groups.length === 0) return [];
  return index.words
    .search(nameQuery(parsed, CLOSE_TO_NAMES, "OR"), BY_NAME)
    .map((result) => ({ id: result.id, tier: 0, score: result.score }));
}

/** « a », « a » ni « b »: words as the visitor typed them, in a French sentence. */
function quotedWords(words: readonly string[]): string {
  return words.map((word) => `« ${word} »`).join(" ni ");
}

/**
 * The sentence above results that do not hold every word of the query: which words matched nothing, or that no
 * offer holds them all; null when the results answer the query as asked.
 */
export function searchNote(result: SearchResult, query: string): string | null {
  if (result.match === "closest") return `Aucune offre ne contient « ${query.trim()} ».`;
  if (result.match !== "most") return null;
  if (result.unmatched.length > 0) {
    return `Aucune offre ne contient ${quotedWords(result.unmatched)} : voici celles qui correspondent au reste de votre recherche.`;
  }
  return "Aucune offre ne contient tous ces mots à la fois : voici celles qui en contiennent le plus.";
}

/** How many closest names a search with no result proposes ("Vouliez-vous dire : …"). */
export const SUGGESTIONS_SHOWN = 5;

/** For a search with no result: up to `limit` offers whose name or alias is closest to the query, best first. */
export function suggestOffers(index: OfferSearchIndex, query: string, limit = SUGGESTIONS_SHOWN): ReferralOffer[] {
  if (isExampleCode(index, query)) return [];
  return ranked(index, closestHits(index, parseQuery(query))).slice(0, limit);
}
