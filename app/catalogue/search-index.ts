/** The search index: which words of each offer it keeps, and how a word, typed or written, is kept. */
import { categoryById } from "./categories";
import { isExpired } from "./dates";
import { brandKey, foldText } from "./names";
import { BUNDLED_OFFERS } from "./offers";
import { SortedDictionary } from "./sorted-dictionary";
import { domainOfLink, siteLabel } from "./web-addresses";
import { WordIndex } from "./word-index";
import type { ReferralOffer } from "./types";

/** Words that say nothing of what a visitor looks for: dropped from the texts and from queries alike. */
const STOP_WORDS = new Set(
  (
    "a au aux avec c ce ces cette d dans de des du elle en est et il j je l la le les leur leurs lui ma mes mon " +
    "n ne nos notre on ou par pas pour qu que qui s sa sans se ses son sur ta tes ton tu un une vos votre vous y"
  ).split(" "),
);

/**
 * One word as the index keeps it: lower case, no accents, no stop word, simple plurals (-s, -ux) made singular;
 * nothing for a symbol or an emoji, which no text holds and which would fail a search needing every word.
 */
export function normalizeTerm(term: string): string | null {
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

/** The fields of the index, in the order indexedFields gives them. */
const FIELDS = ["names", "categories", "texts"];

/**
 * What the index reads of an offer: its names and aliases, as written and run together ("Uber Eats ubereats"); its
 * categories; what the service is, what the offer gives, and its advantages.
 */
function indexedFields(offer: ReferralOffer): string[] {
  const names = [offer.brand, ...offer.aliases];
  const categoryIds = [...(offer.category ? [offer.category] : []), ...offer.alsoIn];
  return [
    [...names, ...names.map(brandKey)].join(" "),
    categoryIds.map((categoryId) => categoryById(categoryId).label).join(" "),
    [offer.serviceDescription, offer.description, ...offer.advantages].join(" "),
  ];
}

/** What a search reads, made once per catalogue by buildSearchIndex; read only through searchOffers and suggestOffers. */
export interface OfferSearchIndex {
  /** The offers in today's order. */
  offers: readonly ReferralOffer[];
  /** Each offer's brand name, folded, for the rule that a brand whose name holds the query comes first. */
  foldedNames: string[];
  expired: boolean[];
  /** The words of the offers, by position in `offers`. */
  words: WordIndex;
  /** Each name and alias run together ("tradersepublic"), with the offers that bear it: what a query may name. */
  nameKeys: SortedDictionary<number[]>;
  /** The bundle's example codes the owner has not made theirs, as brandKey folds them: a query for one finds nothing. */
  exampleCodes: ReadonlySet<string>;
  /**
   * The offers by the name of their link's domain (`binance` for `www.binance.com`): what a pasted address names.
   * One offer's position, or several: most sites have one offer, and at 10 000 offers an array each costs memory.
   */
  sites: ReadonlyMap<string, number | readonly number[]>;
}

/** Built once per catalogue; `offers` come in today's order (current first, French name order, expired last). */
export function buildSearchIndex(offers: readonly ReferralOffer[], today: string): OfferSearchIndex {
  return {
    offers,
    foldedNames: offers.map((offer) => foldText(offer.brand)),
    expired: offers.map((offer) => isExpired(offer, today)),
    words: new WordIndex(FIELDS, offers.map(indexedFields), { indexTerm: indexedTerm, queryTerm: normalizeTerm }),
    nameKeys: nameKeysOf(offers),
    exampleCodes: exampleCodesOf(offers),
    sites: sitesOf(offers),
  };
}

function sitesOf(offers: readonly ReferralOffer[]): Map<string, number | number[]> {
  const sites = new Map<string, number | number[]>();
  offers.forEach((offer, id) => {
    const domain = domainOfLink(offer.link);
    if (!domain) return;
    const label = siteLabel(domain);
    const known = sites.get(label);
    sites.set(label, known === undefined ? id : [known, id].flat());
  });
  return sites;
}

/**
 * The bundle's example codes (examples.ts), whether this site shows them or withholds them, but for a code an offer
 * shows as the owner's own. Codes are never indexed; these are kept so that a query for one is not answered by the
 * brand whose name it resembles ("CPWINAMAX", Winamax): the site does not know that code.
 */
function exampleCodesOf(offers: readonly ReferralOffer[]): Set<string> {
  const owned = new Set(offers.filter((offer) => !offer.exampleCode).map((offer) => brandKey(offer.code)));
  return new Set(
    BUNDLED_OFFERS.filter((offer) => offer.exampleCode)
      .map((offer) => brandKey(offer.code))
      .filter((code) => !owned.has(code)),
  );
}

function nameKeysOf(offers: readonly ReferralOffer[]): SortedDictionary<number[]> {
  const keys = new Map<string, number[]>();
  offers.forEach((offer, id) => {
    for (const key of new Set([offer.brand, ...offer.aliases].map(brandKey))) {
      if (key.length >= 2) keys.set(key, [...(keys.get(key) ?? []), id]);
    }
  });
  return new SortedDictionary(keys);
}
