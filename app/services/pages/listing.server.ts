import { LRUCache } from "lru-cache";
import { toCardView } from "~/catalogue/card";
import { parseCategory } from "~/catalogue/categories";
import { foldText } from "~/catalogue/names";
import { pageOf, parsePageNumber, type ListingPage } from "~/catalogue/pagination";
import {
  buildSearchIndex,
  searchNote,
  searchOffers,
  suggestOffers,
  type OfferSearchIndex,
  type SearchResult,
} from "~/catalogue/search";
import { brandIndexOf } from "./brand-index.server";
import { tryLoadCatalogue, type Catalogue } from "./offers.server";
import type { CategoryId, ReferralOffer } from "~/catalogue/types";

/** Longest search kept: the field's own limit. */
const MAX_QUERY_LENGTH = 100;

/**
 * What a listing page (/offres, /codes) shows for its `?q=`, `?cat=` and `?page=`: one page of offers, or null
 * offers when the source failed. A page number that is not one, or past the last page, is a 404.
 */
export async function loadListing(request: Request) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const category = parseCategory(params.get("cat")).id;
  const pageNumber = parsePageNumber(params.getAll("page"));
  if (pageNumber === undefined) throw pageNotFound();
  const catalogue = await tryLoadCatalogue();
  if (!catalogue) return { query, category, listing: null, initials: [] };
  const listing = listingPage(catalogue, query, category, pageNumber);
  if (!listing) throw pageNotFound();
  return { query, category, listing, initials: brandIndexOf(catalogue).initials };
}

function pageNotFound() {
  return new Response("Page introuvable", { status: 404 });
}

/**
 * The search index and the searches made with it, derived from the offers alone: built once for each catalogue
 * refresh that changes the offers (a vote changes the catalogue, not its offers), and dropped with them.
 */
interface Searches {
  index: OfferSearchIndex;
  /** What a search found in a category. */
  results: LRUCache<string, SearchResult>;
}

const searchesByOffers = new WeakMap<readonly ReferralOffer[], Searches>();

function searchesOf(catalogue: Catalogue): Searches {
  let searches = searchesByOffers.get(catalogue.offers);
  if (!searches) {
    searches = { index: buildSearchIndex(catalogue.offers, catalogue.today), results: new LRUCache({ max: 500 }) };
    searchesByOffers.set(catalogue.offers, searches);
  }
  return searches;
}

/** The pages already made from a catalogue (their cards show its votes). */
const pagesByCatalogue = new WeakMap<Catalogue, LRUCache<string, ListingPage>>();

function listingPage(
  catalogue: Catalogue,
  query: string,
  category: CategoryId,
  pageNumber: number,
): ListingPage | undefined {
  let pages = pagesByCatalogue.get(catalogue);
  if (!pages) pagesByCatalogue.set(catalogue, (pages = new LRUCache({ max: 500 })));
  const searchKey = `${category} ${foldText(query)}`;
  const pageKey = `${searchKey} ${pageNumber}`;
  const made = pages.get(pageKey);
  if (made) return made;

  const searches = searchesOf(catalogue);
  let result = searches.results.get(searchKey);
  if (!result) {
    result = searchOffers(searches.index, query, category);
    searches.results.set(searchKey, result);
  }
  const page = pageOf(result.offers, pageNumber);
  if (!page) return undefined;
  const suggestions =
    result.match === "closest" ? result.offers : result.match === "none" ? suggestOffers(searches.index, query) : [];
  const listing: ListingPage = {
    offers: page.items.map((offer) => toCardView(offer, catalogue)),
    total: result.offers.length,
    note: searchNote(result, query),
    page: page.number,
    pageCount: page.count,
    offset: page.offset,
    suggestions: suggestions.map(({ slug, brand }) => ({ slug, brand })),
  };
  pages.set(pageKey, listing);
  return listing;
}
