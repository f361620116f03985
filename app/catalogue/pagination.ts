import type { OfferCardView } from "./card";
import type { AmountSection } from "./ranking";
import type { SortOrder } from "./sort-orders";
import type { CategoryId } from "./types";

/** Offers a listing shows per page: a multiple of the grid's 1, 2 and 3 columns, and above the bundled catalogue. */
export const OFFERS_PER_PAGE = 48;

/** Largest page number read from an address; anything longer is not a page of this site. */
const PAGE_PATTERN = /^[1-9]\d{0,5}$/;

/**
 * The page a `?page=` value asks for: 1 when absent, undefined when it is not a page number ("0", "01", "2a",
 * repeated), which the listing answers with a 404 like a page past the last.
 */
export function parsePageNumber(values: readonly string[]): number | undefined {
  if (values.length === 0) return 1;
  const [value] = values;
  return values.length === 1 && value !== undefined && PAGE_PATTERN.test(value) ? Number(value) : undefined;
}

export interface PageOf<T> {
  items: T[];
  /** 1-based. */
  number: number;
  /** At least 1: an empty result has one empty page. */
  count: number;
  /** Position in the whole list of the page's first item, 0-based. */
  offset: number;
}

/** Page `number` of `items`, or undefined when the list has no such page. */
export function pageOf<T>(items: readonly T[], number: number, size = OFFERS_PER_PAGE): PageOf<T> | undefined {
  const count = Math.max(1, Math.ceil(items.length / size));
  if (!Number.isInteger(number) || number < 1 || number > count) return undefined;
  const offset = (number - 1) * size;
  return { items: items.slice(offset, offset + size), number, count, offset };
}

/** What a listing shows: a search, a category, an order. */
export interface ListingState {
  query: string;
  category: CategoryId;
  sort: SortOrder;
}

/**
 * The address of a listing for a search, a category, an order and a page, written as the search form, the tabs and
 * the sort control write it; the default order is left out.
 */
export function listingHref(
  action: string,
  {
    query = "",
    category = "all",
    sort = "pertinence",
    page = 1,
  }: { query?: string; category?: CategoryId; sort?: SortOrder; page?: number },
): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (category !== "all") params.set("cat", category);
  if (sort !== "pertinence") params.set("tri", sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${action}?${search}` : action;
}

/**
 * The page numbers a pagination bar shows: the first, the last, and the current one with its neighbours, with
 * null where numbers are left out ("1 … 4 5 6 … 22").
 */
export function pageLinks(current: number, count: number, around = 1): (number | null)[] {
  const shown = new Set([1, count]);
  for (let page = current - around; page <= current + around; page += 1) {
    if (page >= 1 && page <= count) shown.add(page);
  }
  const numbers = [...shown].sort((a, b) => a - b);
  const links: (number | null)[] = [];
  numbers.forEach((page, index) => {
    const previous = numbers[index - 1];
    if (previous !== undefined && page - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) links.push(null);
    links.push(page);
  });
  return links;
}

/** One page of a listing: its offers, where it stands among the pages, and what to propose when nothing matched. */
export interface ListingPage {
  offers: OfferCardView[];
  /** Offers matching the search and category, on every page. */
  total: number;
  page: number;
  pageCount: number;
  /** Position of the page's first offer among all, 0-based (the structured data numbers the items from there). */
  offset: number;
  /** With a search whose results do not hold all its words: the sentence saying so, above the results. */
  note: string | null;
  /** Above the results: how the amount order groups offers, or that an order had nothing to order by. */
  orderNote: string | null;
  /** Sorted by amount: the headings over the groups, with their positions among all the offers. */
  sections?: AmountSection[];
  /** With a search whose words matched nothing: the brands whose names are closest to it. */
  suggestions: { slug: string; brand: string }[];
}

/** " - page 2" after the title of a listing's pages after the first: each page has a title of its own. */
export function pageSuffix(listing: Pick<ListingPage, "page"> | null | undefined): string {
  return listing && listing.page > 1 ? ` - page ${listing.page}` : "";
}

/**
 * A listing page's canonical address and indexing: each page of a category is its own page. A search result is kept
 * out of search engines and points to itself. A sorted listing may be indexed but names the unsorted listing's first
 * page as canonical: it holds the same offers in another order, and its page 2 holds other offers than the unsorted
 * page 2.
 */
export function listingAddress(
  action: string,
  page: (ListingState & { listing: Pick<ListingPage, "page"> | null }) | undefined,
): { path: string; noindex: boolean } {
  if (!page) return { path: action, noindex: false };
  if (page.query) return { path: listingHref(action, { ...page, page: page.listing?.page ?? 1 }), noindex: true };
  if (page.sort !== "pertinence") return { path: listingHref(action, { category: page.category }), noindex: false };
  return { path: listingHref(action, { ...page, page: page.listing?.page ?? 1 }), noindex: false };
}
