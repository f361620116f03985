import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { foldText } from "~/catalogue/names";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { WordIndex, type WordQuery, type WordSearchOptions } from "~/catalogue/word-index";

/** The same documents in the compact index and in MiniSearch, whose scoring it follows. */
const FIELDS = ["names", "texts"];
const documents = BUNDLED_OFFERS.map((offer) => [
  [offer.brand, ...offer.aliases].join(" "),
  [offer.serviceDescription, offer.description, ...offer.advantages].join(" "),
]);
const processTerm = (term: string) => (/[\p{L}\p{N}]/u.test(term) ? foldText(term) : null);
const compact = new WordIndex(FIELDS, documents, { indexTerm: processTerm, queryTerm: processTerm });
const reference = new MiniSearch<{ id: number; names: string; texts: string }>({
  fields: FIELDS,
  processTerm,
});
reference.addAll(documents.map(([names = "", texts = ""], id) => ({ id, names, texts })));

const rounded = (matches: { id: number; score: number }[]) =>
  matches.map(({ id, score }) => [id, Number(score.toFixed(9))]).sort((a, b) => (a[0] as number) - (b[0] as number));

const CASES: { label: string; query: WordQuery; options?: WordSearchOptions & { fields?: string[] } }[] = [
  { label: "a word", query: "cashback" },
  { label: "words, any of them", query: "paris poker" },
  { label: "words, all of them", query: { combineWith: "AND", queries: ["paris poker"] } },
  { label: "a prefix", query: { queries: ["crypt"], prefix: true } },
  { label: "typos", query: { queries: ["trotinette"], fuzzy: () => 2 } },
  { label: "a prefix and typos", query: { queries: ["livrason"], prefix: true, fuzzy: () => 1 } },
  { label: "names only", query: "bank", options: { fields: ["names"] } },
  { label: "a boosted field", query: "carte bancaire", options: { boost: { names: 3 } } },
  {
    label: "nested queries",
    query: {
      combineWith: "AND",
      queries: ["frais", { combineWith: "OR", queries: [{ queries: ["tradng"], fuzzy: () => 1 }, "bourse"] }],
    },
  },
];

describe("the compact word index", () => {
  it.each(CASES)("finds and scores as MiniSearch: $label", ({ query, options }) => {
    const expected = reference.search(query as Parameters<typeof reference.search>[0], options);
    expect(expected.length).toBeGreaterThan(0);
    expect(rounded(compact.search(query, options))).toEqual(rounded(expected));
  });

  it("knows the words it holds, as the index keeps them", () => {
    expect(compact.has("binance")).toBe(true);
    expect(compact.has("Binance")).toBe(false);
    expect(compact.has("finanse")).toBe(false);
  });

  it("finds nothing in an empty index, nor for a query of no word", () => {
    const empty = new WordIndex(FIELDS, [], { indexTerm: processTerm, queryTerm: processTerm });
    expect(empty.search("cashback")).toEqual([]);
    expect(compact.search("!!")).toEqual([]);
  });
});
