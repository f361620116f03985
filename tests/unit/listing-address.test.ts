import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/catalogue/categories";
import { categoryOfPathWord, withoutUnreadParams } from "~/catalogue/listing-address";
import { BUNDLED_OFFERS } from "~/catalogue/offers";

const cleaned = (search: string) => withoutUnreadParams(new URLSearchParams(search))?.toString() ?? null;

describe("a listing's address", () => {
  it("is read as it is when every parameter is known", () => {
    expect(cleaned("")).toBeNull();
    expect(cleaned("q=bin&cat=crypto&tri=montant&page=2")).toBeNull();
    expect(cleaned("cat=all")).toBeNull();
  });

  it("leads a category named in everyday words, in any case, to its id", () => {
    expect(cleaned("cat=paris")).toBe("cat=betting");
    expect(cleaned("cat=Crypto&q=bin")).toBe("cat=crypto&q=bin");
    expect(cleaned("cat=banque&tri=montant")).toBe("cat=finance&tri=montant");
    expect(cleaned("cat=Mobilit%C3%A9")).toBe("cat=mobility");
  });

  it("leaves out an empty, unknown or repeated order, and an unknown category, keeping the rest", () => {
    expect(cleaned("tri=")).toBe("");
    expect(cleaned("tri=populaires")).toBe("");
    expect(cleaned("q=bin&tri=prix&page=2")).toBe("q=bin&page=2");
    expect(cleaned("tri=montant&tri=avis")).toBe("");
    expect(cleaned("cat=assurance&tri=montant")).toBe("tri=montant");
    expect(cleaned("cat=")).toBe("");
    expect(cleaned("cat=crypto&cat=finance")).toBe("");
  });
});

describe("/codes/{word}", () => {
  it("names a category by its id or its label, whatever the case and accents", () => {
    expect(categoryOfPathWord("crypto")).toBe("crypto");
    expect(categoryOfPathWord("paris")).toBe("betting");
    expect(categoryOfPathWord("Mobilité")).toBe("mobility");
    expect(categoryOfPathWord("mobilite")).toBe("mobility");
    expect(categoryOfPathWord("alimentation")).toBe("food");
    expect(categoryOfPathWord("Banque")).toBe("finance");
    expect(categoryOfPathWord("paris sportifs")).toBe("betting");
    expect(categoryOfPathWord("binance")).toBeUndefined();
  });

  it("never takes a brand's address for a category's", () => {
    for (const offer of BUNDLED_OFFERS) expect(categoryOfPathWord(offer.slug), offer.slug).toBeUndefined();
    expect(CATEGORIES.length).toBe(8);
  });
});
