import { describe, expect, it } from "vitest";
import { mergeOffers } from "~/catalogue/merge";
import { searchOffers } from "~/catalogue/search";
import { buildSearchIndex } from "~/catalogue/search-index";
import { measurePrecision, NOTHING } from "../support/search-precision";

const TODAY = "2026-11-25";
const INDEX = buildSearchIndex(mergeOffers(null, TODAY), TODAY);

describe("the search's precision on the visitors' queries of tests/support/search-precision-set.ts", () => {
  const { rows, misses, precision } = measurePrecision(INDEX);

  it("puts the expected offer first for at least 97 % of at least 120 queries", () => {
    console.log(
      `Search precision: ${rows.length - misses.length} of ${rows.length} queries (${(precision * 100).toFixed(1)} %)`,
      ...misses.map((miss) => `\n  « ${miss.query} »: expected ${miss.expected}, first ${miss.first}`),
    );
    expect(rows.length).toBeGreaterThanOrEqual(120);
    expect(precision).toBeGreaterThanOrEqual(0.97);
  });

  it("finds no offer at all where it expects nothing: no unrelated offer ranked by chance", () => {
    const expectingNothing = rows.filter((row) => row.expected === NOTHING);
    expect(expectingNothing.length).toBeGreaterThanOrEqual(15);
    for (const { query } of expectingNothing) expect(searchOffers(INDEX, query, "all").offers, query).toEqual([]);
  });
});
