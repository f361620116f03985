import { describe, expect, it } from "vitest";
import { findBrandEntry, brandKey, foldText } from "~/catalogue/names";
import { syntheticBrands } from "../../scripts/lib/synthetic-brands";

describe("synthetic brands of the scale bench", () => {
  const brands = syntheticBrands(1_000);

  it("are the same from one run to the next, the first of a longer list being those of a shorter one", () => {
    expect(syntheticBrands(1_000)).toEqual(brands);
    expect(syntheticBrands(3_000).slice(0, 1_000)).toEqual(brands);
  });

  it("pass the brands table's checks and collide with no other brand, bundled or synthetic", () => {
    for (const brand of brands) {
      expect(brand.name.trim().length).toBeGreaterThan(0);
      expect(brand.name.length).toBeLessThanOrEqual(100);
      expect(brand.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(brand.link).toMatch(/^https:\/\//);
      expect(findBrandEntry(brand.name)).toBeUndefined();
    }
    expect(new Set(brands.map((brand) => brandKey(brand.name))).size).toBe(brands.length);
    expect(new Set(brands.map((brand) => brand.slug)).size).toBe(brands.length);
  });

  it("vary: every category, some expired, some through the link, and a word found in some of them only", () => {
    expect(new Set(brands.map((brand) => brand.category))).toEqual(
      new Set(["finance", "crypto", "food", "shopping", "mobility", "betting", "other"]),
    );
    const expired = brands.filter((brand) => brand.valid_until !== null && brand.valid_until < "2026-01-01");
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.length).toBeLessThan(brands.length / 4);
    expect(brands.some((brand) => brand.hide_clipboard)).toBe(true);
    const named = brands.filter((brand) => foldText(brand.name).includes("banque"));
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThan(brands.length / 10);
    expect(new Set(brands.map((brand) => brand.description)).size).toBe(brands.length);
  });
});
