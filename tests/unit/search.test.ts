import { describe, expect, it } from "vitest";
import { mergeOffers } from "~/catalogue/merge";
import { offerFromEntry } from "~/catalogue/offers";
import { searchNote, searchOffers, suggestOffers } from "~/catalogue/search";
import { buildSearchIndex } from "~/catalogue/search-index";
import { parseQuery } from "~/catalogue/search-query";
import { SYNONYMS } from "~/content/search-words";
import type { BrandEntry, CategoryId, ReferralOffer } from "~/catalogue/types";

/** After the end of Revolut's offer (17 June 2025): the bundled Revolut is expired. */
const TODAY = "2026-11-25";
/** The bundled catalogue in today's order, as the site shows it with no backend. */
const CATALOGUE = mergeOffers(null, TODAY);
const INDEX = buildSearchIndex(CATALOGUE, TODAY);

const slugs = (offers: readonly ReferralOffer[]) => offers.map((offer) => offer.slug);
const search = (query: string, category: CategoryId = "all") => slugs(searchOffers(INDEX, query, category).offers);
const sorted = (values: readonly string[]) => [...values].sort();

interface VisitorQuery {
  query: string;
  category?: CategoryId;
  /** The offers that must come first, in any order among themselves. */
  first: string[];
  /** Every offer found, when the search must find no other. */
  all?: string[];
  /** When no offer holds every word: the words, as typed, that matched nothing (the fallback's note names them). */
  unmatched?: string[];
}

/** Queries a visitor may type, each with what the catalogue's own texts must put first. */
const VISITOR_QUERIES: Record<string, (VisitorQuery | string)[]> = {
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
      all: ["ebuyclub", "igraal", "joko", "naomi", "poulpeo", "wanteeed", "widilo", "shopmium"],
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
    { query: "🙂 bitcoin !", first: ["bitrefill", "bitstack"], all: ["bitrefill", "bitstack", "coinbase"] },
    { query: "Poker poker POKER", first: ["pmu", "unibet", "winamax"], all: ["pmu", "unibet", "winamax"] },
  ],
  "several words: each must match somewhere": [
    { query: "investissement immobilier", first: ["bricks", "la-premiere-brique"] },
    { query: "bitcoin cartes cadeaux", first: ["bitrefill"], all: ["bitrefill"] },
  ],
  // The kinds below each start with the rows of the issue that asked for them; the rows after are our own. A row
  // "query → a b" must find exactly the offers a and b.
  "the directory's own words and years, which count for nothing beside other words": [
    "parrainage revolut → revolut",
    "code parrainage boursorama → boursobank",
    "parrainage fortuneo → fortuneo",
    "code bolt → bolt",
    "code promo deliveroo 2026 → deliveroo",
    "lien parrainage lime → lime",
    "lien parrainage binance → binance",
    "code promo uber eats 2025 → uber-eats",
    "winamax gratuit → winamax",
    "parrain sorare → sorare",
    "code de parrainage la première brique → la-premiere-brique",
    "lien d'invitation wise → wise",
    "referral code KuCoin → kucoin",
    "bonus de bienvenue pmu → pmu",
    "avis hostinger → hostinger",
    "meilleur code parrainage joko → joko",
    "Parrainage Trade Republic 2026 → trade-republic",
    { query: "carte bancaire gratuite", first: ["boursobank"], all: search("carte bancaire") },
  ],
  "one word no offer holds, beside words that do": [
    { query: "meilleure banque en ligne", first: [], all: search("banque en ligne") },
    { query: "banque pour ado", first: ["boursobank"], all: search("banque"), unmatched: ["ado"] },
    { query: "trottinette Bordeaux", first: ["bolt", "lime"], all: ["bolt", "lime"], unmatched: ["Bordeaux"] },
    { query: "chauffeur privé", first: ["bolt"], all: ["bolt"], unmatched: ["privé"] },
    { query: "revolut prêt", first: ["revolut"], all: ["revolut"], unmatched: ["prêt"] },
    {
      query: "energy provider",
      first: ["ekwateur", "totalenergies"],
      all: ["ekwateur", "totalenergies"],
      unmatched: ["provider"],
    },
    { query: "poker trottinette", first: [], all: ["bolt", "lime", "pmu", "unibet", "winamax"], unmatched: [] },
    { query: "deliveroo uber eats", first: [], all: ["deliveroo", "uber-eats"], unmatched: [] },
  ],
  "words of the same meaning, in everyday French or in English": [
    "chauffeur → bolt",
    "cheval → pmu unibet",
    { query: "placement", first: [], all: [...new Set([...search("investissement"), ...search("épargne")])] },
    "betting → pmu unibet winamax",
    "energy → ekwateur totalenergies",
    "gift card → bitrefill weward",
    "taxi → bolt",
    "course de chevaux → pmu unibet",
    "turf → pmu unibet",
    "pronostic foot → pmu unibet winamax",
    "placement immobilier → bricks la-premiere-brique",
    "électricité → ekwateur totalenergies",
    "electricity → ekwateur totalenergies",
    "gift cards → bitrefill weward",
    { query: "food delivery", first: ["deliveroo", "uber-eats"], all: ["deliveroo", "uber-eats", "bolt"] },
    "crypto wallet → deblock okx",
    "scooters → bolt lime",
    "bicycle → lime",
    "carpooling → blablacar",
    "web hosting → hostinger",
    "AI → lovable",
    { query: "néo-banque", first: ["boursobank", "fortuneo", "hello-bank", "n26", "qonto", "trade-republic"] },
    "fournisseur gaz → ekwateur totalenergies",
    "walking app → weward",
    "used car → vexub",
    "envoyer de l'argent à l'étranger → wise",
    "plats à emporter → deliveroo uber-eats bolt",
    { query: "ethereum", first: [], all: search("cryptomonnaie") },
    { query: "stablecoin USDT", first: [], all: search("cryptomonnaie") },
    "scpi → bricks la-premiere-brique",
    { query: "PEA", first: ["trade-republic"] },
    { query: "assurance vie", first: [], all: [...new Set([...search("épargne"), ...search("investissement")])] },
    "vêtements → joko wanteeed poulpeo ebuyclub",
    { query: "casino", first: ["pmu", "unibet", "winamax"] },
    "jeu d'argent → pmu unibet winamax",
    "train → blablacar lime",
  ],
  "a kind of person, led to the offers made for them": [
    "auto-entrepreneur → qonto",
    "micro-entreprise → qonto",
    "freelance → qonto",
    "self-employed → qonto",
    "artisan → qonto",
    "commerçant → qonto",
    "startup → qonto",
    "profession libérale → qonto",
    "SASU → qonto",
    { query: "indépendant", first: ["qonto"], all: ["qonto", "ekwateur"] },
  ],
  "a brand named beside everyday words, which comes first": [
    { query: "acheter du bitcoin sur binance", first: ["binance"] },
    { query: "acheter du bitcoin sur binanse", first: ["binance"] },
    { query: "ouvrir un compte boursobank", first: ["boursobank"] },
    { query: "envoyer de l'argent avec wise", first: ["wise"] },
    { query: "trader sur kucoin", first: ["kucoin"] },
    { query: "investir avec la première brique", first: ["la-premiere-brique"] },
    { query: "commander sur uber eats", first: ["uber-eats"] },
    { query: "parier sur winamax", first: ["winamax"] },
  ],
  "two neighbouring letters swapped, as one typo": [
    "coinabse → coinbase",
    "kucion → kucoin",
    "coinbsae → coinbase",
    "kuocin → kucoin",
    "reovlut → revolut",
    "boursobnak → boursobank",
    "widlio → widilo",
    "hostigner → hostinger",
    "lovalbe → lovable",
    "covoitruage → blablacar",
  ],
  "a word the offers hold, which is no one's typo": [
    "binance → binance",
    { query: "finance", first: [], all: search("", "finance") },
    "bolt → bolt",
    "lime → lime",
    "joko → joko",
    "wise → wise",
  ],
  "within a category tab": [
    { query: "crypto", category: "finance", first: ["deblock", "revolut"], all: ["deblock", "revolut"] },
    { query: "livraison", category: "mobility", first: ["bolt"], all: ["bolt"] },
    { query: "cashback", category: "food", first: ["shopmium"], all: ["shopmium"] },
    { query: "NFT", category: "finance", first: [], all: [] },
    { query: "boursorama", category: "crypto", first: [], all: [] },
  ],
};

/** A row "query → a b": the query finds exactly the offers a and b. */
function findsExactly(row: string): VisitorQuery {
  const [query = "", found = ""] = row.split(" → ");
  return { query, first: found.split(" "), all: found.split(" ") };
}

describe.each(Object.entries(VISITOR_QUERIES))("a search for %s", (_kind, rows) => {
  const queries = rows.map((row) => (typeof row === "string" ? findsExactly(row) : row));
  const withCategory = queries.map((visitorQuery) => ({ category: "all" as CategoryId, ...visitorQuery }));
  it.each(withCategory)("« $query » in $category puts $first first", ({ query, category, first, all, unmatched }) => {
    const result = searchOffers(INDEX, query, category);
    const found = slugs(result.offers);
    expect(sorted(found.slice(0, first.length))).toEqual(sorted(first));
    if (all) expect(sorted(found)).toEqual(sorted(all));
    if (unmatched) expect(result).toMatchObject({ match: "most", unmatched });
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

  it("finds nothing for gibberish", () => {
    expect(searchOffers(INDEX, "xqzwv", "all")).toEqual({ offers: [], match: "none", unmatched: [], named: 0 });
    expect(search("zzzz")).toEqual([]);
  });

  it("lists every offer of the category for a query of words that say nothing", () => {
    expect(search("code parrainage")).toEqual(slugs(CATALOGUE));
    expect(search("pour avec")).toEqual(slugs(CATALOGUE));
    expect(search("lien promo 2026", "betting")).toEqual(["pmu", "unibet", "winamax"]);
  });

  it("lists first, by SPEC's rule, the brands whose name holds the query as typed", () => {
    const offers = [offerFromEntry(entry("Revolut")), offerFromEntry(entry("Code Vert"))];
    const index = buildSearchIndex(offers, TODAY);
    expect(searchOffers(index, "code", "all").offers.map((offer) => offer.brand)).toEqual(["Code Vert", "Revolut"]);
    expect(searchOffers(index, "code revolut", "all").offers.map((offer) => offer.brand)).toEqual(["Revolut"]);
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
    const byAlias = offerFromEntry(entry("Cyclo", { aliases: ["Vélo Club"] }));
    const byName = offerFromEntry(entry("Zèbre Vélo"));
    const byWholeName = offerFromEntry(entry("Vélo"));
    const expired = offerFromEntry(entry("Vieux Vélo", { validUntil: "2020-01-01" }));
    const offers = [sameWords, byWords, byAlias, expired, byName, byWholeName];
    const found = searchOffers(buildSearchIndex(offers, TODAY), "velo", "all").offers;
    expect(found.map((offer) => offer.brand)).toEqual([
      "Vélo",
      "Zèbre Vélo",
      "Cyclo",
      "Pédale Douce",
      "Roue Libre",
      "Vieux Vélo",
    ]);
  });
});

describe("suggestions for a search with no result", () => {
  it("are the brands whose name is closest, more tolerant than the search, and the search's results", () => {
    expect(slugs(suggestOffers(INDEX, "kukoyn"))[0]).toBe("kucoin");
    expect(searchOffers(INDEX, "kukoyn", "all")).toMatchObject({ match: "closest", offers: [{ slug: "kucoin" }] });
    expect(slugs(suggestOffers(INDEX, "wnmax"))[0]).toBe("winamax");
    expect(search("wnmax")[0]).toBe("winamax");
  });

  it("leave a category empty when the closest names are in others", () => {
    expect(searchOffers(INDEX, "kukoyn", "food")).toEqual({ offers: [], match: "none", unmatched: [], named: 0 });
  });

  it("are at most `limit`, and none for an empty query or for nothing close", () => {
    expect(suggestOffers(INDEX, "bit", 2)).toHaveLength(2);
    expect(suggestOffers(INDEX, "")).toEqual([]);
    expect(suggestOffers(INDEX, "xqzwv")).toEqual([]);
  });
});

describe("the note above results that do not hold every word", () => {
  const note = (query: string) => searchNote(searchOffers(INDEX, query, "all"), query);

  it("names the words that matched nothing", () => {
    expect(note("trottinette Bordeaux")).toBe(
      "Aucune offre ne contient « Bordeaux » : voici celles qui correspondent au reste de votre recherche.",
    );
    expect(note("banque Bordeaux ado")).toBe(
      "Aucune offre ne contient « Bordeaux » ni « ado » : voici celles qui correspondent au reste de votre recherche.",
    );
  });

  it("says when each word matched but no offer holds them all", () => {
    expect(note("poker trottinette")).toBe(
      "Aucune offre ne contient tous ces mots à la fois : voici celles qui en contiennent le plus.",
    );
  });

  it("says the query matched nothing when the results are the closest names", () => {
    expect(note("kukoyn")).toBe("Aucune offre ne contient « kukoyn ».");
  });

  it("is absent when the results hold every word, and when nothing matched", () => {
    expect(note("parrainage fortuneo")).toBeNull();
    expect(note("xqzwv")).toBeNull();
  });
});

describe("reading a query", () => {
  it("drops the directory's words, stop words and years, and reads a synonym's words together", () => {
    expect(parseQuery("Code promo Gift Card 2026")).toEqual({
      needle: "code promo gift card 2026",
      remainder: "gift card",
      groups: [{ typed: "Gift Card", words: ["gift", "card"], meanings: ["carte cadeau"], namesAProduct: false }],
    });
  });

  it("keeps each word once and at most eight", () => {
    const groups = parseQuery("poker poker un deux trois quatre cinq six sept huit neuf").groups;
    expect(groups.map((group) => group.typed)).toEqual([
      "poker",
      "deux",
      "trois",
      "quatre",
      "cinq",
      "six",
      "sept",
      "huit",
    ]);
  });
});

describe("the synonyms the owner may extend", () => {
  const meanings = [...new Set(Object.values(SYNONYMS).flat())];
  it.each(meanings)("« %s » is held, word for word, by some bundled offer", (meaning) => {
    expect(INDEX.words.search(meaning, { combineWith: "AND" }).length).toBeGreaterThan(0);
  });
});

describe("what a search tells the listing's order", () => {
  it("counts the current offers it put first because their name holds the query", () => {
    expect(searchOffers(INDEX, "bit", "all").named).toBeGreaterThanOrEqual(3);
    expect(searchOffers(INDEX, "bitget", "all").named).toBe(1);
    expect(searchOffers(INDEX, "", "all").named).toBe(0);
    expect(searchOffers(INDEX, "livraison", "all").named).toBe(0);
  });
});

describe("everyday words", () => {
  it("find the offers that sell what they mean, through the word lists", () => {
    expect(sorted(search("freebet"))).toEqual(["pmu", "sorare", "unibet", "winamax"]);
    expect(search("pari offert")).toEqual(expect.arrayContaining(["pmu", "unibet", "winamax"]));
    expect(sorted(search("énergie"))).toEqual(["ekwateur", "totalenergies"]);
    expect(sorted(search("gaz"))).toEqual(["ekwateur", "totalenergies"]);
  });

  it("find nothing where no offer sells it: the page then says so and offers the categories", () => {
    expect(search("assurance")).toEqual([]);
  });
});
