import { describe, expect, it } from "vitest";
import { brandIndex, brandIndexPaths } from "~/catalogue/brand-index";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import type { ReferralOffer } from "~/catalogue/types";

const offers = (...brands: string[]) =>
  brands.map((brand, index) => ({ slug: `marque-${index}`, brand }) as ReferralOffer);
const brandsOf = (groups: ReturnType<typeof brandIndex>) =>
  Object.fromEntries(groups.map((group) => [group.key, group.brands.map((link) => link.brand)]));

describe("the A–Z index of brands", () => {
  it("lists each brand under its initial without accent, digits in a group of their own after Z", () => {
    const groups = brandIndex(
      offers("Zèbre", "Éco Énergie", "ekWateur", "N26", "24 Carats", "#Bank", "1001 Pneus", "Ötzi"),
    );
    expect(groups.map((group) => [group.key, group.label])).toEqual([
      ["b", "B"],
      ["e", "E"],
      ["n", "N"],
      ["o", "O"],
      ["z", "Z"],
      ["0-9", "0–9"],
    ]);
    expect(brandsOf(groups)).toEqual({
      b: ["#Bank"],
      e: ["Éco Énergie", "ekWateur"],
      n: ["N26"],
      o: ["Ötzi"],
      z: ["Zèbre"],
      "0-9": ["1001 Pneus", "24 Carats"],
    });
  });

  it("holds every bundled brand once, on one page per initial", () => {
    const groups = brandIndex(BUNDLED_OFFERS);
    expect(groups.flatMap((group) => group.brands.map((link) => link.slug)).sort()).toEqual(
      BUNDLED_OFFERS.map((offer) => offer.slug).sort(),
    );
    expect(groups.every((group) => group.parts.length === 0)).toBe(true);
    expect(brandIndexPaths(groups)).toEqual(["/marques", ...groups.map((group) => `/marques/${group.key}`)]);
  });

  it("splits an initial holding too many brands by the letters that follow, each part within the limit", () => {
    const names = [
      ...["Baba", "Bako", "Bali", "Bamo"],
      ...["Bela", "Belo", "Beta"],
      ...["Bibi", "Bobo", "Bubu", "Byby"],
    ];
    const [group] = brandIndex(offers(...names), 4);
    expect(group?.parts.map((part) => [part.key, part.label, part.brands.map((link) => link.brand)])).toEqual([
      ["ba", "Ba", ["Baba", "Bako", "Bali", "Bamo"]],
      ["be-bi", "Be – Bi", ["Bela", "Belo", "Beta", "Bibi"]],
      ["bo-by", "Bo – By", ["Bobo", "Bubu", "Byby"]],
    ]);
    expect(brandIndexPaths(brandIndex(offers(...names), 4))).toEqual([
      "/marques",
      "/marques/b",
      "/marques/b/ba",
      "/marques/b/be-bi",
      "/marques/b/bo-by",
    ]);
  });

  it("splits a prefix holding too many by one letter more, and keeps every brand at 10 000", () => {
    const [group] = brandIndex(offers("Baa", "Bab", "Bac", "Bad", "Bae", "Bb"), 2);
    expect(group?.parts.map((part) => part.key)).toEqual(["baa-bab", "bac-bad", "bae", "bb"]);

    const many = offers(...Array.from({ length: 10_000 }, (_, n) => `B${(n * 7919) % 10_007} Marque`));
    const parts = brandIndex(many).flatMap((held) => held.parts);
    expect(parts.every((part) => part.brands.length <= 200)).toBe(true);
    expect(parts.reduce((sum, part) => sum + part.brands.length, 0)).toBe(10_000);
    expect(new Set(parts.map((part) => part.key)).size).toBe(parts.length);
  });

  it("keeps brands of one same name together rather than split them endlessly", () => {
    const [group] = brandIndex(offers("Bo", "Bo", "Bo"), 2);
    expect(group?.parts.map((part) => part.brands.length)).toEqual([3]);
  });
});
