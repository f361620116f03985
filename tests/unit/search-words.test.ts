import { describe, expect, it } from "vitest";
import { mergeOffers } from "~/catalogue/merge";
import { searchNote, searchOffers } from "~/catalogue/search";
import { buildSearchIndex } from "~/catalogue/search-index";
import { addressesIn, siteDomain } from "~/catalogue/web-addresses";
import { formsOf, isFormOf, stemOf } from "~/catalogue/word-forms";
import type { CategoryId } from "~/catalogue/types";

const TODAY = "2026-11-25";
const INDEX = buildSearchIndex(mergeOffers(null, TODAY), TODAY);
const search = (query: string, category: CategoryId = "all") => searchOffers(INDEX, query, category);
const slugs = (query: string, category?: CategoryId) => search(query, category).offers.map((offer) => offer.slug);

describe("French word forms", () => {
  it("read a word as its stem, keeping four letters at least", () => {
    expect(["parier", "pariez", "parie", "pari"].map(stemOf)).toEqual(["pari", "pari", "pari", "pari"]);
    expect(["rembourser", "rembourse", "remboursement"].map(stemOf)).toEqual(["rembours", "rembours", "rembours"]);
    expect(stemOf("investissement")).toBe("invest");
    expect(stemOf("jeu")).toBe("jeu");
  });

  it("are the stem and one ending of the list, not any longer word", () => {
    expect(isFormOf("livraison", "livr")).toBe(true);
    expect(isFormOf("parisien", "pari")).toBe(false);
    expect(isFormOf("comptant", "compt")).toBe(false);
    expect(isFormOf("mobilite", stemOf("mobile"))).toBe(false);
    const words = ["pari", "parie", "parisien", "partage"];
    expect(formsOf("pariez", (prefix) => words.filter((word) => word.startsWith(prefix)))).toEqual(["pari", "parie"]);
  });

  it("let a verb find the offers that speak of it as a noun, and the other way round", () => {
    expect(slugs("parier").sort()).toEqual(["pmu", "unibet", "winamax"]);
    expect(slugs("livrer").slice(0, 2).sort()).toEqual(["deliveroo", "uber-eats"]);
    expect(slugs("rembourser")).toEqual(["shopmium"]);
    expect(slugs("investir")).toEqual(expect.arrayContaining(["bricks", "la-premiere-brique", "trade-republic"]));
  });

  it("leave a word the lists give a meaning to as they say: « commerçant » is not « commerce »", () => {
    expect(slugs("commerçant")).toEqual(["qonto"]);
  });
});

describe("a pasted web address", () => {
  it("is read as its site's domain, whatever its scheme, subdomain, path or case", () => {
    expect(addressesIn("https://www.Binance.com/fr/register?ref=ABC")).toEqual([
      { typed: "https://www.Binance.com/fr/register?ref=ABC", domain: "binance.com" },
    ]);
    expect(siteDomain("accounts.example.co.uk")).toBe("example.co.uk");
    expect(addressesIn("prix 2.5 ou 3,5 € ex. chez")).toEqual([]);
  });

  it("finds the offer whose link is on that site, or on a site of the same name", () => {
    for (const address of ["binance.com", "https://www.binance.com/fr/register?ref=ABC", "BINANCE.FR"]) {
      expect(slugs(address)).toEqual(["binance"]);
    }
    expect(slugs("li.me")).toEqual(["lime"]);
    expect(slugs("https://fr.igraal.com/parrainage")).toEqual(["igraal"]);
    expect(search("binance.com")).toMatchObject({ match: "all", named: 1 });
  });

  it("is searched as its site's name when no link is there: a former name's address finds the brand", () => {
    expect(slugs("https://www.boursorama.com/")).toEqual(["boursobank"]);
    expect(slugs("amazon.fr")).toEqual([]);
  });

  it("stays within the category asked", () => {
    expect(slugs("binance.com", "food")).toEqual([]);
  });
});

describe("concepts and their words", () => {
  it("lead a bank's « prime de bienvenue » to the banks", () => {
    const found = slugs("prime de bienvenue");
    expect(found.length).toBeGreaterThanOrEqual(5);
    expect(found.every((slug) => INDEX.offers.find((offer) => offer.slug === slug)?.category === "finance")).toBe(true);
  });

  it("lead cashback on groceries to the app that pays back supermarket buys, not to rides", () => {
    expect(slugs("cashback courses")).toEqual(["shopmium"]);
    expect(slugs("cashback supermarché")).toEqual(["shopmium"]);
  });

  it("read a phrase of the lists as its meaning, not as its words apart", () => {
    expect(slugs("carte de crédit")).not.toContain("sorare");
    expect(slugs("carte de crédit")[0]).toBe("boursobank");
  });
});

describe("a query naming a kind of product no offer sells", () => {
  it.each(["forfait mobile", "box internet", "assurance auto", "jeux vidéo", "crédit conso", "salle de sport"])(
    "« %s » finds nothing, not the offers holding its other words",
    (query) => {
      const result = search(query);
      expect(result.offers).toEqual([]);
      expect(result.match).toBe("none");
      expect(result.unmatched.length).toBeGreaterThan(0);
      expect(searchNote(result, query)).toBeNull();
    },
  );

  it("still finds a brand it names, with a note on the product", () => {
    expect(search("revolut prêt")).toMatchObject({ match: "most", unmatched: ["prêt"], offers: [{ slug: "revolut" }] });
  });

  it("is searched as any word once an offer's texts hold it", () => {
    const offers = mergeOffers(null, TODAY).map((offer) =>
      offer.slug === "lime" ? { ...offer, description: `${offer.description} Forfait mensuel offert.` } : offer,
    );
    const index = buildSearchIndex(offers, TODAY);
    expect(searchOffers(index, "forfait", "all").offers.map((offer) => offer.slug)).toEqual(["lime"]);
  });

  it("shows, beside words some offers hold, only the offers holding the most of them", () => {
    expect(slugs("site de paris hippiques").sort()).toEqual(["pmu", "unibet"]);
  });
});
