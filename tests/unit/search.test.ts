import { describe, expect, it } from "vitest";
import { mergeOffers } from "~/catalogue/merge";
import { offerFromEntry } from "~/catalogue/offers";
import { buildSearchIndex, searchOffers, suggestOffers } from "~/catalogue/search";
import type { BrandEntry, CategoryId, ReferralOffer } from "~/catalogue/types";

/** After the end of Revolut's offer (17 June 2025): the bundled Revolut is expired. */
const TODAY = "2026-11-25";
/** The bundled catalogue in today's order, as the site shows it with no backend. */
const CATALOGUE = mergeOffers(null, TODAY);
const INDEX = buildSearchIndex(CATALOGUE, TODAY);

const slugs = (offers: readonly ReferralOffer[]) => offers.map((offer) => offer.slug);
const search = (query: string, category: CategoryId = "all") => slugs(searchOffers(INDEX, query, category));
const sorted = (values: readonly string[]) => [...values].sort();

interface VisitorQuery {
  query: string;
  category?: CategoryId;
  /** The offers that must come first, in any order among themselves. */
  first: string[];
  /** Every offer found, when the search must find no other. */
  all?: string[];
}

/** Queries a visitor may type, each with what the catalogue's own texts must put first. */
const VISITOR_QUERIES: Record<string, VisitorQuery[]> = {
  "a brand name, or part of it, case and accents ignored": [
    { query: "BIN", first: ["binance"], all: ["binance"] },
    { query: "premiere", first: ["la-premiere-brique"] },
    { query: "bit", first: ["bitget", "bitrefill", "bitstack"] },
    { query: "bank", first: ["boursobank", "hello-bank"] },
    { query: "crypto", first: ["crypto-com"] },
  ],
  "a former name, spaces and punctuation ignored, a prefix, typos": [
    { query: "boursorama", first: ["boursobank"], all: ["boursobank"] },
    { query: "Boursorama Banque", first: ["boursobank"], all: ["boursobank"] },
    { query: "ubereats", first: ["uber-eats"], all: ["uber-eats"] },
    { query: "crypto com", first: ["crypto-com"] },
    { query: "hellobank", first: ["hello-bank"], all: ["hello-bank"] },
    { query: "hello bank!", first: ["hello-bank"] },
    { query: "bla bla car", first: ["blablacar"], all: ["blablacar"] },
    { query: "total energies", first: ["totalenergies"], all: ["totalenergies"] },
    { query: "ebuy club", first: ["ebuyclub"] },
    { query: "coinb", first: ["coinbase"], all: ["coinbase"] },
    { query: "binanse", first: ["binance"], all: ["binance"] },
    { query: "fortuno", first: ["fortuneo"], all: ["fortuneo"] },
    { query: "revolute", first: ["revolut"], all: ["revolut"] },
    { query: "hostinguer", first: ["hostinger"], all: ["hostinger"] },
    { query: "trade repablic", first: ["trade-republic"] },
  ],
  "what the visitor wants, in the categories and the offers' texts": [
    {
      query: "cashback",
      first: ["ebuyclub", "igraal", "joko", "naomi", "poulpeo", "wanteeed", "widilo"],
      all: ["ebuyclub", "igraal", "joko", "naomi", "poulpeo", "wanteeed", "widilo"],
    },
    // Delivery is what the food services are; Bolt delivers too, and Bitrefill only "delivers" its cards by e-mail.
    { query: "livraison", first: ["deliveroo", "uber-eats"], all: ["deliveroo", "uber-eats", "bolt", "bitrefill"] },
    { query: "trottinette", first: ["bolt", "lime"], all: ["bolt", "lime"] },
    { query: "covoiturage", first: ["blablacar"], all: ["blablacar"] },
    { query: "paris sportifs", first: ["pmu", "unibet", "winamax"], all: ["pmu", "unibet", "winamax"] },
    {
      query: "banque en ligne",
      first: ["boursobank", "fortuneo", "hello-bank", "qonto", "trade-republic"],
      all: ["boursobank", "fortuneo", "hello-bank", "qonto", "trade-republic"],
    },
    { query: "bitcoin", first: ["bitrefill", "bitstack"], all: ["bitrefill", "bitstack", "coinbase"] },
    { query: "btc", first: ["coinbase"], all: ["coinbase"] },
    { query: "immobilier", first: ["bricks", "la-premiere-brique"], all: ["bricks", "la-premiere-brique"] },
    { query: "poker", first: ["pmu", "unibet", "winamax"], all: ["pmu", "unibet", "winamax"] },
    { query: "NFT", first: ["sorare"], all: ["sorare"] },
    { query: "cartes cadeaux", first: ["bitrefill", "weward"], all: ["bitrefill", "weward"] },
    { query: "vélo électrique", first: ["lime"], all: ["lime"] },
    { query: "électricité verte", first: ["ekwateur"], all: ["ekwateur"] },
    { query: "gaz", first: ["ekwateur", "totalenergies"], all: ["ekwateur", "totalenergies"] },
    { query: "hébergement web", first: ["hostinger"], all: ["hostinger"] },
    { query: "intelligence artificielle", first: ["lovable"], all: ["lovable"] },
    { query: "Mobilité", first: ["blablacar", "bolt", "lime"], all: ["blablacar", "bolt", "lime"] },
    { query: "alimentation", first: ["deliveroo", "shopmium", "uber-eats"] },
    {
      query: "frais de trading",
      first: ["binance", "bitget", "kucoin", "mexc", "okx"],
      all: ["binance", "bitget", "kucoin", "mexc", "okx"],
    },
  ],
  "words a visitor types with a typo, a plural or stop words": [
    { query: "trotinette", first: ["bolt", "lime"], all: ["bolt", "lime"] },
    { query: "immobiler", first: ["bricks", "la-premiere-brique"], all: ["bricks", "la-premiere-brique"] },
    { query: "livraisons", first: ["deliveroo", "uber-eats"] },
    { query: "le poker", first: ["pmu", "unibet", "winamax"], all: ["pmu", "unibet", "winamax"] },
    { query: "des paris sportifs en ligne", first: ["pmu", "unibet", "winamax"], all: ["pmu", "unibet", "winamax"] },
    { query: "🙂 bitcoin !", first: ["bitrefill", "bitstack"], all: ["bitrefill", "bitstack", "coinbase"] },
    { query: "Poker poker POKER", first: ["pmu", "unibet", "winamax"], all: ["pmu", "unibet", "winamax"] },
  ],
  "several words: each must match somewhere": [
    { query: "carte bancaire gratuite", first: ["boursobank", "fortuneo"], all: ["boursobank", "fortuneo"] },
    { query: "investissement immobilier", first: ["bricks", "la-premiere-brique"] },
    { query: "bitcoin cartes cadeaux", first: ["bitrefill"], all: ["bitrefill"] },
  ],
  "within a category tab": [
    { query: "crypto", category: "finance", first: ["deblock", "revolut"], all: ["deblock", "revolut"] },
    { query: "livraison", category: "mobility", first: ["bolt"], all: ["bolt"] },
    { query: "cashback", category: "food", first: [], all: [] },
    { query: "NFT", category: "finance", first: [], all: [] },
    { query: "boursorama", category: "crypto", first: [], all: [] },
  ],
};

describe.each(Object.entries(VISITOR_QUERIES))("a search for %s", (_kind, queries) => {
  const withCategory = queries.map((visitorQuery) => ({ category: "all" as CategoryId, ...visitorQuery }));
  it.each(withCategory)("« $query » in $category puts $first first", ({ query, category, first, all }) => {
    const found = search(query, category);
    expect(sorted(found.slice(0, first.length))).toEqual(sorted(first));
    if (all) expect(sorted(found)).toEqual(sorted(all));
  });
});

describe("search ranking", () => {
  it("lists a brand whose name holds the text first, then the words of the other offers", () => {
    const found = search("crypto");
    expect(found[0]).toBe("crypto-com");
    expect(found).toEqual(expect.arrayContaining(["binance", "deblock", "coinbase", "sorare"]));
  });

  it("lists an expired offer last, however well it matches", () => {
    expect(search("cartes virtuelles")).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
      "revolut",
    ]);
    expect(search("crypto").at(-1)).toBe("revolut");
  });

  it("gives every offer of the category in today's order for an empty or blank query", () => {
    expect(search("")).toEqual(slugs(CATALOGUE));
    expect(search("   ", "betting")).toEqual(["pmu", "unibet", "winamax"]);
    expect(search("", "finance")).toEqual(
      slugs(CATALOGUE.filter((offer) => offer.category === "finance" || offer.alsoIn.includes("finance"))),
    );
  });

  it("finds nothing for gibberish or for stop words alone", () => {
    expect(search("xqzwv")).toEqual([]);
    expect(search("zzzz")).toEqual([]);
    expect(search("pour avec")).toEqual([]);
  });

  const entry = (name: string, extra: Partial<BrandEntry> = {}): BrandEntry => ({
    name,
    category: "mobility",
    serviceDescription: `${name} est un service.`,
    offerDescription: "Bonus offert avec le code.",
    code: "CODE",
    link: "https://example.fr/",
    advantages: [],
    ...extra,
  });

  it("ranks by tier (name, loose name, words), then by score, then in the order it was given, expired last", () => {
    const byWords = offerFromEntry(entry("Roue Libre", { offerDescription: "Location de vélo offerte." }));
    const sameWords = offerFromEntry(entry("Pédale Douce", { offerDescription: "Location de vélo offerte." }));
    const byTypo = offerFromEntry(entry("Vello"));
    const byAlias = offerFromEntry(entry("Cyclo", { aliases: ["Vélo Club"] }));
    const byName = offerFromEntry(entry("Zèbre Vélo"));
    const byWholeName = offerFromEntry(entry("Vélo"));
    const expired = offerFromEntry(entry("Vieux Vélo", { validUntil: "2020-01-01" }));
    const offers = [sameWords, byWords, byTypo, byAlias, expired, byName, byWholeName];
    const found = searchOffers(buildSearchIndex(offers, TODAY), "velo", "all");
    expect(found.map((offer) => offer.brand)).toEqual([
      "Vélo",
      "Zèbre Vélo",
      "Cyclo",
      "Vello",
      "Pédale Douce",
      "Roue Libre",
      "Vieux Vélo",
    ]);
  });
});

describe("suggestions for a search with no result", () => {
  it("are the brands whose name is closest, more tolerant than the search", () => {
    expect(search("kukoyn")).toEqual([]);
    expect(slugs(suggestOffers(INDEX, "kukoyn"))[0]).toBe("kucoin");
    expect(search("wnmax")).toEqual([]);
    expect(slugs(suggestOffers(INDEX, "wnmax"))[0]).toBe("winamax");
  });

  it("are at most `limit`, and none for an empty query or for nothing close", () => {
    expect(suggestOffers(INDEX, "bit", 2)).toHaveLength(2);
    expect(suggestOffers(INDEX, "")).toEqual([]);
    expect(suggestOffers(INDEX, "xqzwv")).toEqual([]);
  });
});
