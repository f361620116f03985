import { searchOffers } from "~/catalogue/search";
import { PRECISION_SET } from "./search-precision-set";
import type { OfferSearchIndex } from "~/catalogue/search-index";

/** "∅" in the set: no offer answers the query. */
export const NOTHING = "∅";

export interface PrecisionRow {
  query: string;
  expected: string;
  /** The first offer the search gives, or NOTHING. */
  first: string;
}

export interface Precision {
  rows: PrecisionRow[];
  misses: PrecisionRow[];
  /** The share of queries whose first result is the expected one, from 0 to 1. */
  precision: number;
}

/** Each query of the set searched in every category, its first result against the expected one. */
export function measurePrecision(index: OfferSearchIndex): Precision {
  const rows = PRECISION_SET.map((row) => {
    const [query = "", expected = ""] = row.split(" → ");
    return { query, expected, first: searchOffers(index, query, "all").offers[0]?.slug ?? NOTHING };
  });
  const misses = rows.filter((row) => !row.expected.split("|").includes(row.first));
  return { rows, misses, precision: (rows.length - misses.length) / rows.length };
}
