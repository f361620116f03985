import { describe, expect, it } from "vitest";
import {
  listingAddress,
  listingHref,
  OFFERS_PER_PAGE,
  pageLinks,
  pageOf,
  pageSuffix,
  parsePageNumber,
} from "~/catalogue/pagination";

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe("a listing's pages", () => {
  it("holds a bounded number of offers, a multiple of the grid's 1, 2 and 3 columns", () => {
    expect(OFFERS_PER_PAGE).toBeLessThanOrEqual(48);
    expect(OFFERS_PER_PAGE % 6).toBe(0);
  });

  it("reads ?page= as a page number, 1 when absent, and nothing else", () => {
    expect(parsePageNumber([])).toBe(1);
    expect(parsePageNumber(["1"])).toBe(1);
    expect(parsePageNumber(["22"])).toBe(22);
    for (const value of ["0", "01", "-1", "2a", "1.5", "", " 2", "1e3", "9999999"]) {
      expect(parsePageNumber([value]), value).toBeUndefined();
    }
    expect(parsePageNumber(["2", "2"])).toBeUndefined();
  });

  it("cuts a list into pages and refuses a page past the last", () => {
    const items = numbers(100);
    expect(pageOf(items, 1, 48)).toEqual({ items: numbers(48), number: 1, count: 3, offset: 0 });
    expect(pageOf(items, 3, 48)).toEqual({ items: [97, 98, 99, 100], number: 3, count: 3, offset: 96 });
    expect(pageOf(items, 4, 48)).toBeUndefined();
    expect(pageOf(items, 0, 48)).toBeUndefined();
    expect(pageOf(numbers(48), 2, 48)).toBeUndefined();
  });

  it("gives an empty result one empty page, and no second", () => {
    expect(pageOf([], 1)).toEqual({ items: [], number: 1, count: 1, offset: 0 });
    expect(pageOf([], 2)).toBeUndefined();
  });

  it("writes a page's address as the form and the tabs write it, keeping the search and the category", () => {
    expect(listingHref("/offres", {})).toBe("/offres");
    expect(listingHref("/offres", { page: 1 })).toBe("/offres");
    expect(listingHref("/offres", { page: 2 })).toBe("/offres?page=2");
    expect(listingHref("/codes", { query: "carte cadeau", category: "shopping", page: 3 })).toBe(
      "/codes?q=carte+cadeau&cat=shopping&page=3",
    );
    expect(listingHref("/codes", { query: "a&b=c", category: "all" })).toBe("/codes?q=a%26b%3Dc");
  });

  it("shows the first, the last and the neighbours of the current page, with gaps", () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 22)).toEqual([1, 2, null, 22]);
    expect(pageLinks(5, 22)).toEqual([1, null, 4, 5, 6, null, 22]);
    // A gap of one page shows that page rather than an ellipsis.
    expect(pageLinks(3, 22)).toEqual([1, 2, 3, 4, null, 22]);
    expect(pageLinks(22, 22)).toEqual([1, null, 21, 22]);
  });

  it("gives each page its own title and canonical address; searches are not indexed", () => {
    expect(pageSuffix({ page: 1 })).toBe("");
    expect(pageSuffix({ page: 2 })).toBe(" - page 2");
    expect(pageSuffix(null)).toBe("");
    expect(listingAddress("/offres", { query: "", category: "all", sort: "pertinence", listing: { page: 1 } })).toEqual(
      {
        path: "/offres",
        noindex: false,
      },
    );
    expect(
      listingAddress("/codes", { query: "", category: "crypto", sort: "pertinence", listing: { page: 2 } }),
    ).toEqual({
      path: "/codes?cat=crypto&page=2",
      noindex: false,
    });
    expect(
      listingAddress("/offres", { query: "bin", category: "all", sort: "pertinence", listing: { page: 1 } }),
    ).toEqual({
      path: "/offres?q=bin",
      noindex: true,
    });
    expect(listingAddress("/offres", undefined)).toEqual({ path: "/offres", noindex: false });
  });

  it("indexes a sorted listing under the unsorted first page; a sorted search stays out; links keep the order", () => {
    expect(listingAddress("/codes", { query: "", category: "crypto", sort: "montant", listing: { page: 2 } })).toEqual({
      path: "/codes?cat=crypto",
      noindex: false,
    });
    expect(listingAddress("/offres", { query: "", category: "all", sort: "avis", listing: { page: 1 } })).toEqual({
      path: "/offres",
      noindex: false,
    });
    expect(listingAddress("/offres", { query: "bin", category: "all", sort: "avis", listing: { page: 1 } })).toEqual({
      path: "/offres?q=bin&tri=avis",
      noindex: true,
    });
    expect(listingHref("/offres", { query: "banque", sort: "avis", page: 3 })).toBe("/offres?q=banque&tri=avis&page=3");
    expect(listingHref("/offres", { sort: "pertinence" })).toBe("/offres");
  });
});
