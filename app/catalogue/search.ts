import MiniSearch, { type Query, type SearchOptions } from "minisearch";
import { categoryById } from "./categories";
import { isExpired } from "./dates";
import { brandKey, foldText } from "./names";
import type { CategoryId, ReferralOffer } from "./types";

/** A category lists the offers of its own brands and those whose entry says they also belong there. */
export function isInCategory(offer: Pick<ReferralOffer, "category" | "alsoIn">, categoryId: CategoryId): boolean {
  if (categoryId === "all") return true;
  return offer.category === categoryId || offer.alsoIn.includes(categoryId);
}

const frenchCollator = new Intl.Collator("fr", { sensitivity: "base", ignorePunctuation: false });

/** Current offers first, then expired ones; each group by brand name in French order, ignoring case and accents. */
export function sortOffers(offers: readonly ReferralOffer[], today: string): ReferralOffer[] {
  return [...offers].sort(
    (a, b) => Number(isExpired(a, today)) - Number(isExpired(b, today)) || frenchCollator.compare(a.brand, b.brand),
  );
}

/** Words that say nothing of what a visitor looks for: dropped from the texts and from queries alike. */
const STOP_WORDS = new Set(
  (
    "a au aux avec c ce ces cette d dans de des du elle en est et il j je l la le les leur leurs lui ma mes mon " +
    "n ne nos notre on ou par pas pour qu que qui s sa se ses son sur ta tes ton tu un une vos votre vous y"
  ).split(" "),
);

/**
 * One word as the index keeps it: lower case, no accents, no stop word, simple plurals (-s, -ux) made singular;
 * nothing for a symbol or an emoji, which no text holds and which would fail a search needing every word.
 */
function normalizeTerm(term: string): string | null {
  const word = foldText(term);
  if (!/[\p{L}\p{N}]/u.test(word) || STOP_WORDS.has(word)) return null;
  return word.length > 3 && /([^s]s|ux)$/.test(word) ? word.slice(0, -1) : word;
}

/** Abbreviations the offers' texts use, indexed with the word visitors type: Coinbase's "10 $ en BTC" for `bitcoin`. */
const SPELLED_OUT: Readonly<Record<string, string>> = { btc: "bitcoin", eth: "ethereum" };

/** A word of the offers' texts as the index keeps it: as a query's word is kept, plus what it abbreviates. */
function indexedTerm(term: string): string | string[] | null {
  const word = normalizeTerm(term);
  const spelledOut = word === null ? undefined : SPELLED_OUT[word];
  return spelledOut && word ? [word, spelledOut] : word;
}

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

/** The word being typed (the last one) may be the start of a longer word, once it is long enough to mean something. */
function isWordBeingTyped(term: string, index: number, terms: string[]): boolean {
  return index === terms.length - 1 && term.length >= 3;
}

interface IndexedOffer {
  /** Position in today's order. */
  id: number;
  /** Names and aliases, as written and run together ("Uber Eats ubereats"). */
  names: string;
  categories: string;
  service: string;
  offer: string;
  advantages: string;
}

/** What a search reads, made once per catalogue by buildSearchIndex; read only through searchOffers and suggestOffers. */
export interface OfferSearchIndex {
  /** The offers in today's order. */
  offers: readonly ReferralOffer[];
  /** Each offer's brand name, folded, for SPEC's substring rule. */
  foldedNames: string[];
  expired: boolean[];
  words: MiniSearch<IndexedOffer>;
}

function indexedOffer(offer: ReferralOffer, id: number): IndexedOffer {
  const names = [offer.brand, ...offer.aliases];
  const categoryIds = [...(offer.category ? [offer.category] : []), ...offer.alsoIn];
  return {
    id,
    names: [...names, ...names.map(brandKey)].join(" "),
    categories: categoryIds.map((categoryId) => categoryById(categoryId).label).join(" "),
    service: offer.serviceDescription,
    offer: offer.description,
    advantages: offer.advantages.join(" "),
  };
}

/** Built once per catalogue; `offers` come in today's order (current first, French name order, expired last). */
export function buildSearchIndex(offers: readonly ReferralOffer[], today: string): OfferSearchIndex {
  const words = new MiniSearch<IndexedOffer>({
    fields: ["names", "categories", "service", "offer", "advantages"],
    processTerm: indexedTerm,
    searchOptions: { processTerm: normalizeTerm },
  });
  words.addAll(offers.map(indexedOffer));
  return {
    offers,
    foldedNames: offers.map((offer) => foldText(offer.brand)),
    expired: offers.map((offer) => isExpired(offer, today)),
    words,
  };
}

/** Words beyond these add little to what a visitor means and cost a lookup each across the whole catalogue. */
const MAX_QUERY_WORDS = 8;

/** The query's words, each once, at most MAX_QUERY_WORDS of them. */
function queryWords(query: string): string {
  return [...new Set(foldText(query).trim().split(/\s+/))].slice(0, MAX_QUERY_WORDS).join(" ");
}

/**
 * The names and aliases a query stands for: its words (all of them, or any for suggestions), or all of it run
 * together ("bla bla car" for BlaBlaCar).
 */
function nameQuery(query: string, combineWords: "AND" | "OR"): Query {
  return { combineWith: "OR", queries: [{ combineWith: combineWords, queries: [queryWords(query)] }, brandKey(query)] };
}

const BY_NAME: SearchOptions = {
  fields: ["names"],
  prefix: isWordBeingTyped,
  fuzzy: typosAllowed,
};

const BY_WORDS: SearchOptions = {
  combineWith: "AND",
  prefix: isWordBeingTyped,
  fuzzy: typosAllowedInTexts,
  boost: { names: 3, categories: 2, service: 1.5, advantages: 1.2 },
};

const BY_CLOSEST_NAME: SearchOptions = {
  fields: ["names"],
  prefix: true,
  fuzzy: typosAllowedForSuggestions,
};

/** How well a brand name holds the text: as the whole name, at its start, at the start of a word, anywhere. */
function nameMatchScore(foldedName: string, needle: string): number {
  if (foldedName === needle) return 3;
  if (foldedName.startsWith(needle)) return 2;
  return ` ${foldedName.replace(/[^a-z0-9]/g, " ")}`.includes(` ${needle}`) ? 1 : 0;
}

interface Hit {
  id: number;
  /** 1: the name holds the text; 2: a name or alias, loosely; 3: the words of the offer. */
  tier: number;
  score: number;
}

/** Expired offers last, then by tier, then by score, then in today's order. */
function byRank(index: OfferSearchIndex) {
  return (a: Hit, b: Hit) =>
    Number(index.expired[a.id]) - Number(index.expired[b.id]) || a.tier - b.tier || b.score - a.score || a.id - b.id;
}

/** The offers of `category` matching `query`, best first. An empty query gives every offer of the category in today's order. */
export function searchOffers(index: OfferSearchIndex, query: string, category: CategoryId): ReferralOffer[] {
  const inCategory = (id: number) => isInCategory(index.offers[id] as ReferralOffer, category);
  const needle = foldText(query.trim());
  if (!needle) return index.offers.filter((offer) => isInCategory(offer, category));

  const hits = new Map<number, Hit>();
  const add = (id: number, tier: number, score: number) => {
    if (!hits.has(id) && inCategory(id)) hits.set(id, { id, tier, score });
  };
  index.foldedNames.forEach((name, id) => {
    if (name.includes(needle)) add(id, 1, nameMatchScore(name, needle));
  });
  for (const result of index.words.search(nameQuery(query, "AND"), BY_NAME)) add(result.id as number, 2, result.score);
  for (const result of index.words.search(queryWords(query), BY_WORDS)) add(result.id as number, 3, result.score);

  return [...hits.values()].sort(byRank(index)).map((hit) => index.offers[hit.id] as ReferralOffer);
}

/** How many closest names a search with no result proposes ("Vouliez-vous dire : …"). */
export const SUGGESTIONS_SHOWN = 5;

/** For a search with no result: up to `limit` offers whose name or alias is closest to the query, best first. */
export function suggestOffers(index: OfferSearchIndex, query: string, limit = SUGGESTIONS_SHOWN): ReferralOffer[] {
  if (!foldText(query.trim())) return [];
  return index.words
    .search(nameQuery(query, "OR"), BY_CLOSEST_NAME)
    .map((result) => ({ id: result.id as number, tier: 0, score: result.score }))
    .sort(byRank(index))
    .slice(0, limit)
    .map((hit) => index.offers[hit.id] as ReferralOffer);
}
