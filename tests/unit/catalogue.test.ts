import { afterEach, describe, expect, it, vi } from "vitest";
import { CATEGORIES, parseCategory } from "~/catalogue/categories";
import { BRAND_ENTRIES } from "~/catalogue/data";
import { logoForBrand } from "~/catalogue/logos";
import { brandKey, displayBrandName } from "~/catalogue/names";
import {
  DEFAULT_OFFERS,

  dedupeOffers,
  fallbackOffer,
  filterOffers,

  isInCategory,
  matchesSearch,
  mergeOffers,
  offerFromBrandRow,
  selectFeatured,
  sortOffers,

} from "~/catalogue/offers";
import { canCopyCode } from "~/catalogue/copy-rule";
import { isExpired, todayInFrance } from "~/catalogue/dates";
import { DEFAULT_OFFER, OFFER_OVERRIDES } from "~/catalogue/overrides";
import { BRAND_PAGE_SLUGS, canonicalSlug, slugForBrand } from "~/catalogue/slugs";
import type { BrandRow, ReferralOffer } from "~/catalogue/types";

const TODAY = "2026-11-22";
const row = (name: string, extra: Partial<BrandRow> = {}): BrandRow => ({
  id: `row-${brandKey(name)}`,
  name,
  description: null,
  logo_url: null,
  ...extra,
});
const brands = (offers: readonly ReferralOffer[]) => offers.map((offer) => offer.brand);

afterEach(() => vi.restoreAllMocks());

describe("static catalogue", () => {
  it("holds about 46 entries grouped by category, each with a description, an offer, an https link and advantages", () => {
    expect(BRAND_ENTRIES).toHaveLength(46);
    const categories = BRAND_ENTRIES.map((entry) => entry.category);
    // grouped: once a category ends it does not come back
    expect(categories.filter((category, index) => category !== categories[index - 1])).toEqual([
      "finance", "crypto", "food", "shopping", "mobility", "betting", "other",
    ]);
    for (const entry of BRAND_ENTRIES) {
      expect(entry.serviceDescription.length, entry.name).toBeGreaterThan(20);
      expect(entry.offerDescription.length, entry.name).toBeGreaterThan(10);
      expect(entry.link, entry.name).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//);
      expect(entry.link, entry.name).not.toMatch(/example/);
      expect(entry.advantages.length, entry.name).toBeGreaterThanOrEqual(3);
    }
  });

  it("gives every one of the 40 brand pages a bundled offer", () => {
    const slugs = new Set(BRAND_ENTRIES.map((entry) => slugForBrand(entry.name)));
    for (const slug of BRAND_PAGE_SLUGS) expect(slugs.has(slug), slug).toBe(true);
    expect(BRAND_PAGE_SLUGS).toHaveLength(40);
    expect(slugs.size).toBe(BRAND_ENTRIES.length);
  });

  it("carries the offer figures of the specification", () => {
    const offer = (name: string) => {
      const entry = BRAND_ENTRIES.find((candidate) => candidate.name === name);
      return `${entry?.offerDescription} ${entry?.advantages.join(" ")}`;
    };
    expect(offer("BoursoBank")).toMatch(/200 €/);
    expect(offer("N26")).toMatch(/15 €/);
    expect(offer("Binance")).toMatch(/20 %/);
    expect(offer("Bitget")).toMatch(/15 %/);
    expect(offer("KuCoin")).toMatch(/30 %/);
    expect(offer("OKX")).toMatch(/30 %/);
    expect(offer("MEXC")).toMatch(/10 %/);
    expect(offer("Bitrefill")).toMatch(/5 \$/);
    expect(offer("Coinbase")).toMatch(/10 \$.*100 \$|100 \$.*10 \$/);
    expect(offer("Coinbase")).toMatch(/72 ?h/);
    expect(offer("Crypto.com")).toMatch(/25 \$.*CRO/);
  });
});

describe("slugs", () => {
  it("turns the lower-case brand name with spaces into hyphens", () => {
    expect(slugForBrand("Binance")).toBe("binance");
    expect(slugForBrand("Feel Mining")).toBe("feel-mining");
    expect(slugForBrand("Nouvelle Banque Éthique")).toBe("nouvelle-banque-ethique");
  });

  it("uses the explicit slug table for special names", () => {
    expect(slugForBrand("BoursoBank")).toBe("boursobank");
    expect(slugForBrand("Boursorama Banque")).toBe("boursobank");
    expect(slugForBrand("Uber Eats")).toBe("uber-eats");
    expect(slugForBrand("Trade Republic")).toBe("trade-republic");
    expect(slugForBrand("Crypto.com")).toBe("crypto-com");
    expect(slugForBrand("Hello Bank")).toBe("hello-bank");
    expect(slugForBrand("La Première Brique")).toBe("la-premiere-brique");
    expect(slugForBrand("iGraal")).toBe("igraal");
    expect(slugForBrand("eBuyClub")).toBe("ebuyclub");
    expect(slugForBrand("WeWard")).toBe("weward");
  });

  it("resolves the cryptocom alias to crypto-com and leaves canonical slugs alone", () => {
    expect(canonicalSlug("cryptocom")).toBe("crypto-com");
    expect(canonicalSlug("binance")).toBe("binance");
  });
});

describe("logos", () => {
  it("resolves a known brand's logo from the table, whatever the spelling", () => {
    expect(logoForBrand("Binance")).toBe("/logos/binance.svg");
    expect(logoForBrand("Boursorama Banque")).toBe("/logos/boursobank.svg");
    expect(logoForBrand("crypto.com")).toBe("/logos/crypto-com.svg");
  });

  it("gives no logo for an unknown brand", () => {
    expect(logoForBrand("Marque Inconnue")).toBeUndefined();
  });
});

describe("brand-name normalisation", () => {
  it("displays Boursorama Banque as BoursoBank", () => {
    expect(displayBrandName("Boursorama Banque")).toBe("BoursoBank");
    expect(offerFromBrandRow(row("Boursorama Banque")).brand).toBe("BoursoBank");
  });

  it("trims and single-spaces other names and keeps their spelling", () => {
    expect(displayBrandName("  Trade   Republic ")).toBe("Trade Republic");
    expect(displayBrandName("Nouvelle Marque")).toBe("Nouvelle Marque");
  });
});

describe("mapping a backend brand to an offer", () => {
  it("takes code, link and offer from the bundled table and the service description from the backend", () => {
    const offer = offerFromBrandRow(row("Binance", { id: 7, description: "Plateforme d'échange." }));
    const bundled = DEFAULT_OFFERS.find((candidate) => candidate.slug === "binance");
    expect(offer).toMatchObject({
      id: "7",
      slug: "binance",
      brand: "Binance",
      serviceDescription: "Plateforme d'échange.",
      code: bundled?.code,
      link: bundled?.link,
      description: bundled?.description,
      logo: "/logos/binance.svg",
    });
  });

  it("lets the backend's own offer columns win over the bundled offer", () => {
    const offer = offerFromBrandRow(
      row("Binance", { code: "OWNCODE", link: "https://www.binance.com/fr/x", offer_description: "Autre offre", featured: true }),
    );
    expect(offer).toMatchObject({ code: "OWNCODE", link: "https://www.binance.com/fr/x", description: "Autre offre", featured: true });
  });

  it("applies the per-brand overrides for Revolut, Widilo and Boursorama Banque", () => {
    expect(fallbackOffer("Revolut")).toBe(OFFER_OVERRIDES.revolut);
    expect(fallbackOffer("Revolut").code).toBe("Cliquez sur le lien");
    expect(fallbackOffer("Revolut").validUntil).toBe("2025-06-17");
    expect(fallbackOffer("Revolut").description).toMatch(/50 €/);
    expect(fallbackOffer("Widilo").description).toMatch(/5 € offerts/);
    expect(fallbackOffer("Boursorama Banque").description).toMatch(/200 €/);
    expect(canCopyCode({ brand: "BoursoBank", code: fallbackOffer("Boursorama Banque").code, hideClipboard: false })).toBe(true);
  });

  it("gives an unknown brand the default offer 'Offre de parrainage disponible' with a placeholder code", () => {
    const offer = offerFromBrandRow(row("Nouvelle Marque"));
    expect(offer).toMatchObject({
      brand: "Nouvelle Marque",
      slug: "nouvelle-marque",
      description: DEFAULT_OFFER.description,
      code: DEFAULT_OFFER.code,
      link: "",
      featured: false,
      logo: undefined,
    });
    expect(DEFAULT_OFFER.description).toBe("Offre de parrainage disponible");
  });
});

describe("merging", () => {
  it("replaces the bundled offer of the same normalised brand with the backend's", () => {
    const merged = mergeOffers([offerFromBrandRow(row("boursorama banque", { id: "api-1" }))], TODAY);
    const bourso = merged.filter((offer) => offer.brand === "BoursoBank");
    expect(bourso).toHaveLength(1);
    expect(bourso[0]?.id).toBe("api-1");
  });

  it("keeps the bundled offers with no backend match and adds backend-only brands", () => {
    const merged = mergeOffers([offerFromBrandRow(row("Nouvelle Marque"))], TODAY);
    expect(merged).toHaveLength(DEFAULT_OFFERS.length + 1);
    expect(brands(merged)).toContain("Nouvelle Marque");
    expect(brands(merged)).toContain("Binance");
  });

  it("shows only the bundled offers when the backend has no data (empty or absent)", () => {
    expect(brands(mergeOffers([], TODAY))).toEqual(brands(sortOffers(DEFAULT_OFFERS, TODAY)));
    expect(brands(mergeOffers(null, TODAY))).toEqual(brands(sortOffers(DEFAULT_OFFERS, TODAY)));
  });
});

describe("duplicate removal", () => {
  it("keeps the first offer of a brand and drops later ones with a console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = offerFromBrandRow(row("BoursoBank", { id: "first" }));
    const second = offerFromBrandRow(row("Boursorama Banque", { id: "second" }));
    const kept = dedupeOffers([first, second]);
    expect(kept.map((offer) => offer.id)).toEqual(["first"]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/BoursoBank/);
  });
});

describe("French sorting", () => {
  it("sorts by brand name in French, ignoring case and accents", () => {
    const offers = ["zebra", "Étoile", "eBuyClub", "Alpha", "écureuil", "Bitget"].map((name) =>
      offerFromBrandRow(row(name)),
    );
    expect(brands(sortOffers(offers, TODAY))).toEqual(["Alpha", "Bitget", "eBuyClub", "écureuil", "Étoile", "zebra"]);
  });

  it("puts expired offers after current ones", () => {
    const merged = mergeOffers([], TODAY);
    expect(merged.at(-1)?.brand).toBe("Revolut");
    expect(brands(mergeOffers([], "2025-06-01"))).not.toEqual(brands(merged));
  });
});

describe("offer validity dates", () => {
  it("treats an offer as valid through its last day and expired the day after", () => {
    expect(isExpired({ validUntil: "2025-06-17" }, "2025-06-17")).toBe(false);
    expect(isExpired({ validUntil: "2025-06-17" }, "2025-06-18")).toBe(true);
    expect(isExpired({ validUntil: undefined }, "2099-01-01")).toBe(false);
  });

  it("takes today's date in France", () => {
    expect(todayInFrance(new Date("2025-06-17T22:30:00Z"))).toBe("2025-06-18");
    expect(todayInFrance(new Date("2025-06-17T21:30:00Z"))).toBe("2025-06-17");
  });
});

describe("featured selection", () => {
  const featuredRows = ["Revolut", "Widilo", "Boursorama Banque"].map((name) => offerFromBrandRow(row(name)));

  it("shows the three featured mapped brands when there are exactly three current ones", () => {
    expect(brands(selectFeatured(featuredRows, "2025-06-01"))).toEqual(["Revolut", "Widilo", "BoursoBank"]);
  });

  it("does not feature an expired offer, and falls back to the three defaults", () => {
    expect(brands(selectFeatured(featuredRows, TODAY))).toEqual(["BoursoBank", "N26", "iGraal"]);
  });

  it("falls back to the built-in defaults (a bank, a neobank, a cashback site) with no brands or not exactly three", () => {
    const defaults = ["BoursoBank", "N26", "iGraal"];
    expect(brands(selectFeatured(null, TODAY))).toEqual(defaults);
    expect(brands(selectFeatured([], TODAY))).toEqual(defaults);
    const four = [...featuredRows, offerFromBrandRow(row("Binance", { featured: true }))];
    expect(brands(selectFeatured(four, "2025-06-01"))).toEqual(defaults);
    for (const offer of selectFeatured(null, TODAY)) expect(isExpired(offer, TODAY)).toBe(false);
  });
});

describe("copy-button visibility", () => {
  const offer = (brand: string, code: string, hideClipboard = false) => ({ brand, code, hideClipboard });

  it("shows the button for a real code", () => {
    expect(canCopyCode(offer("Binance", "CPBINANCE"))).toBe(true);
  });

  it("hides it when hideClipboard is set", () => {
    expect(canCopyCode(offer("Binance", "CPBINANCE", true))).toBe(false);
  });

  it("hides it for Revolut, Coinbase, SwissBorg, iGraal, eBuyClub, Widilo, Hello Bank, Sorare, Vexub and Wise", () => {
    for (const brand of ["Revolut", "Coinbase", "SwissBorg", "iGraal", "eBuyClub", "Widilo", "Hello Bank", "Sorare", "Vexub", "Wise"]) {
      expect(canCopyCode(offer(brand, "SOMECODE")), brand).toBe(false);
    }
  });

  it("hides it for the codes 'Cliquez sur le lien' and 'Me contacter'", () => {
    expect(canCopyCode(offer("Binance", "Cliquez sur le lien"))).toBe(false);
    expect(canCopyCode(offer("Binance", "Me contacter"))).toBe(false);
  });

  it("hides it when there is no code", () => {
    expect(canCopyCode(offer("Binance", ""))).toBe(false);
    expect(canCopyCode(offer("Binance", "   "))).toBe(false);
  });
});

describe("search", () => {
  it("matches a case-insensitive substring of the brand name", () => {
    expect(matchesSearch({ brand: "Binance" }, "BIN")).toBe(true);
    expect(matchesSearch({ brand: "Binance" }, "nan")).toBe(true);
    expect(matchesSearch({ brand: "Binance" }, "coin")).toBe(false);
  });

  it("ignores accents and surrounding spaces, and an empty search matches all", () => {
    expect(matchesSearch({ brand: "La Première Brique" }, " premiere ")).toBe(true);
    expect(matchesSearch({ brand: "Binance" }, "")).toBe(true);
  });
});

describe("categories", () => {
  it("has the eight categories with their French labels", () => {
    expect(CATEGORIES.map((category) => [category.id, category.label])).toEqual([
      ["all", "Tous"],
      ["finance", "Finance"],
      ["crypto", "Crypto"],
      ["food", "Alimentation"],
      ["shopping", "Shopping"],
      ["mobility", "Mobilité"],
      ["betting", "Paris"],
      ["other", "Autres"],
    ]);
  });

  it("lists a brand in a category when it belongs to the category's brand list", () => {
    const offers = mergeOffers([], TODAY);
    expect(brands(filterOffers(offers, { category: "betting" })).sort()).toEqual(["PMU", "Unibet", "Winamax"]);
    expect(brands(filterOffers(offers, { category: "food" }))).toContain("Uber Eats");
    expect(isInCategory({ brand: "Deblock", category: "finance" }, "crypto")).toBe(true);
    expect(isInCategory({ brand: "Deliveroo", category: "food" }, "crypto")).toBe(false);
  });

  it("requires both the search and the category in a tab", () => {
    const offers = mergeOffers([], TODAY);
    expect(brands(filterOffers(offers, { query: "bo", category: "finance" }))).toEqual(["BoursoBank"]);
    expect(filterOffers(offers, { query: "zzz", category: "all" })).toEqual([]);
  });

  it("reads an unknown ?cat= value as all offers", () => {
    expect(parseCategory("crypto").id).toBe("crypto");
    expect(parseCategory("nimporte").id).toBe("all");
    expect(parseCategory(null).id).toBe("all");
  });
});
