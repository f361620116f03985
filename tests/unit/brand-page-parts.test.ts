import { describe, expect, it } from "vitest";
import { toCardView } from "~/catalogue/card";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { forgivenSlug } from "~/catalogue/slugs";
import { shareTextOf } from "~/services/pages/brand-page.server";
import { SIMILAR_OFFERS, similarOffers } from "~/services/pages/similar-offers.server";

const TODAY = "2026-12-07";
const offer = (slug: string) => BUNDLED_OFFERS.find((each) => each.slug === slug)!;

describe("a brand page's address written otherwise", () => {
  it("leads to the brand by its other names, case, dots and missing hyphens only", () => {
    expect(forgivenSlug(BUNDLED_OFFERS, "boursorama")).toBe("boursobank");
    expect(forgivenSlug(BUNDLED_OFFERS, "UberEats")).toBe("uber-eats");
    expect(forgivenSlug(BUNDLED_OFFERS, "crypto.com")).toBe("crypto-com");
    expect(forgivenSlug(BUNDLED_OFFERS, "okex")).toBe("okx");
    expect(forgivenSlug(BUNDLED_OFFERS, "binanse")).toBeUndefined();
    expect(forgivenSlug(BUNDLED_OFFERS, "binance\u0000")).toBeUndefined();
  });
});

describe("similar offers", () => {
  it("are at most four of the same category, the expired last, never the offer itself", () => {
    const revolut = offer("revolut");
    const expired = { ...offer("n26"), validUntil: "2026-01-01" };
    const offers = BUNDLED_OFFERS.map((each) => (each.slug === "n26" ? expired : each));
    const similar = similarOffers(offers, revolut, TODAY);
    expect(similar).toHaveLength(SIMILAR_OFFERS);
    expect(similar.map((each) => each.slug)).not.toContain("revolut");
    for (const each of similar) expect(offers.find((o) => o.slug === each.slug)?.category).toBe("finance");
    const all = similarOffers(
      offers.filter((each) => each.category === "finance").slice(0, 5),
      offers.find((each) => each.slug === "boursobank")!,
      TODAY,
    );
    expect(all.at(-1)?.expired).toBe(all.some((each) => each.expired));
  });

  it("lead each brand page to its neighbours, not every page to the same four", () => {
    const firsts = new Set(
      BUNDLED_OFFERS.filter((each) => each.category === "crypto").map(
        (each) => similarOffers(BUNDLED_OFFERS, each, TODAY)[0]?.slug,
      ),
    );
    expect(firsts.size).toBeGreaterThan(3);
  });
});

describe("the share text", () => {
  it("says what the offer gives and its code", () => {
    const card = toCardView(offer("boursobank"), { today: TODAY, votes: new Map() });
    expect(shareTextOf(card)).toMatch(/^BoursoBank\u00a0: jusqu'à 200\u00a0€ avec le code \S+$/);
  });

  it("gives no code for an expired offer", () => {
    const card = toCardView({ ...offer("binance"), validUntil: "2026-01-01" }, { today: TODAY, votes: new Map() });
    expect(shareTextOf(card)).not.toContain("avec le code");
  });
});
