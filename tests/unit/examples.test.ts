import { describe, expect, it } from "vitest";
import { withoutExamples } from "~/catalogue/examples";
import { mergeOffers, selectFeatured } from "~/catalogue/merge";
import { BUNDLED_OFFERS, findOfferBySlug, offerFromBrandRow } from "~/catalogue/offers";
import { searchOffers, suggestOffers } from "~/catalogue/search";
import { buildSearchIndex } from "~/catalogue/search-index";
import type { BrandRow, ReferralOffer } from "~/catalogue/types";

/**
 * The bundle's codes and links are examples until the owner sets or confirms them; a public site withholds them.
 */

const TODAY = "2026-12-07";
const bundled = (slug: string) => findOfferBySlug(BUNDLED_OFFERS, slug)!;
const row = (name: string, extra: Partial<BrandRow> = {}): BrandRow => ({
  id: `row-${name}`,
  name,
  description: null,
  logo_url: null,
  ...extra,
});
const examples = (offer: ReferralOffer) => ({ code: offer.exampleCode, link: offer.exampleLink });

describe("an example code or link", () => {
  it("is every bundled code and link; an instruction is no example code", () => {
    expect(examples(bundled("boursobank"))).toEqual({ code: true, link: true });
    expect(examples(bundled("revolut"))).toEqual({ code: undefined, link: true });
    const fromBundle = BUNDLED_OFFERS.filter((offer) => offer.exampleCode || offer.exampleLink);
    expect(fromBundle).toHaveLength(BUNDLED_OFFERS.length);
  });

  it("stops being one when the owner sets it, or confirms the offer", () => {
    expect(examples(offerFromBrandRow(row("BoursoBank", { code: "MONCODE" })))).toEqual({
      code: undefined,
      link: true,
    });
    expect(examples(offerFromBrandRow(row("BoursoBank", { link: "https://www.boursobank.com/?p=moi" })))).toEqual({
      code: true,
      link: undefined,
    });
    expect(examples(offerFromBrandRow(row("BoursoBank", { verified_on: "2026-12-01" })))).toEqual({
      code: undefined,
      link: undefined,
    });
    // A brand the bundle does not know has no example: what it shows is the owner's, or the generic instruction.
    expect(examples(offerFromBrandRow(row("Banque Nouvelle", { code: "NEUF" })))).toEqual({
      code: undefined,
      link: undefined,
    });
  });

  it("stays one on a brand whose code and link are written by hand, until the offer is confirmed", () => {
    const merged = (extra: Partial<BrandRow>) =>
      findOfferBySlug(mergeOffers([offerFromBrandRow(row("Crypto.com", extra))], TODAY), "crypto-com")!;
    expect(merged({ code: "AUTRE" })).toMatchObject({ code: bundled("crypto-com").code });
    expect(examples(merged({ code: "AUTRE" }))).toEqual({ code: true, link: true });
    expect(examples(merged({ verified_on: "2026-12-01" }))).toEqual({ code: undefined, link: undefined });
  });
});

describe("a public site", () => {
  it("withholds an example code and link: an offer left with nothing to use is being completed", () => {
    expect(withoutExamples(bundled("boursobank"))).toMatchObject({
      code: "",
      link: "",
      awaiting: true,
    });
    expect(withoutExamples(bundled("revolut"))).toMatchObject({ link: "", awaiting: true });
  });

  it("keeps what the owner set: their link with the code sending to it, their code without the example link", () => {
    const ownLink = withoutExamples(offerFromBrandRow(row("N26", { link: "https://n26.com/r/moi" })));
    expect(ownLink).toMatchObject({ code: "Cliquez sur le lien", link: "https://n26.com/r/moi" });
    expect(ownLink.awaiting).toBeUndefined();
    const ownCode = withoutExamples(offerFromBrandRow(row("N26", { code: "MOI26" })));
    expect(ownCode).toMatchObject({ code: "MOI26", link: "" });
    expect(ownCode.awaiting).toBeUndefined();
    const owner = offerFromBrandRow(row("N26", { code: "MOI26", link: "https://n26.com/r/moi" }));
    expect(withoutExamples(owner)).toBe(owner);
  });

  it("puts forward on its home page only complete offers, fewer than three when that is all there is", () => {
    const shown = BUNDLED_OFFERS.map(withoutExamples);
    expect(selectFeatured([], TODAY, new Map(), shown)).toEqual([]);
    // The owner gave N26 its code: the defaults are taken from the offers as shown, so N26 is put forward alone.
    const n26 = withoutExamples(offerFromBrandRow(row("N26", { code: "MOI26" })));
    const withN26 = mergeOffers([n26], TODAY, shown);
    expect(selectFeatured([n26], TODAY, new Map(), withN26).map((offer) => offer.slug)).toEqual(["n26"]);
  });
});

describe("the search", () => {
  it("finds no offer by an example code, even one that resembles the brand's name", () => {
    const index = buildSearchIndex(BUNDLED_OFFERS, TODAY);
    for (const offer of BUNDLED_OFFERS.filter((candidate) => candidate.exampleCode)) {
      expect(searchOffers(index, offer.code, "all").offers, offer.code).toEqual([]);
      expect(suggestOffers(index, offer.code.toLowerCase()), offer.code).toEqual([]);
    }
    // The brand itself is found by its name, as always.
    expect(searchOffers(index, "winamax", "all").offers[0]?.slug).toBe("winamax");
  });

  it("finds nothing by an example code on a public site either, which no longer shows it", () => {
    const index = buildSearchIndex(BUNDLED_OFFERS.map(withoutExamples), TODAY);
    expect(searchOffers(index, "CPWINAMAX", "all").offers).toEqual([]);
  });
});
