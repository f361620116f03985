import { data, redirect } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { toCardView } from "~/catalogue/card";
import { parseCategory } from "~/catalogue/categories";
import { withoutUnreadParams } from "~/catalogue/listing-address";
import { foldText } from "~/catalogue/names";
import { pageOf, parsePageNumber, type ListingPage } from "~/catalogue/pagination";
import { amountSectionsOf, fallbackNote, rankOffers } from "~/catalogue/ranking";
import { searchNote, searchOffers, suggestOffers, type SearchResult } from "~/catalogue/search";
import { buildSearchIndex, type OfferSearchIndex } from "~/catalogue/search-index";
import { parseSort, type SortOrder } from "~/catalogue/sort-orders";
import { brandIndexOf } from "./brand-index.server";
import { loadWriting } from "./guides.server";
import { tryLoadCatalogue, UNAVAILABLE, type Catalogue } from "./offers.server";
import { categoryPageImage } from "./share-images.server";
import { offresTexts } from "./site-texts.server";
import type { CategoryId, ReferralOffer } from "~/catalogue/types";

/** The texts under /offres's listing (a module of the route's own: each server module costs its script a stub). */
export const offresPageTexts = async () => offresTexts(await loadWriting());

/** A listing page's data, answered 503 (UNAVAILABLE) when its offers could not be read. */
export const listingAnswer = <T extends { listing: unknown }>(page: T) =>
  page.listing ? page : data(page, UNAVAILABLE);

/** Longest search kept: the field's own limit. */
const MAX_QUERY_LENGTH = 100;

/**
 * What a listing page (/offres, /codes) shows for its `?q=`, `?cat=`, `?tri=` and `?page=`: one page of offers, or
 * null offers when the source failed. An order or a category it cannot read is left out by a 301; a page number that
 * is not one, or a page past the last, is a 404.
 */
export async function loadListing(request: Request) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const readable = withoutUnreadParams(params);
  if (readable) throw redirect(`${url.pathname}${readable.size > 0 ? `?${readable}` : ""}`, 301);
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const category = parseCategory(params.get("cat")).id;
  const pageNumber = parsePageNumber(params.getAll("page"));
  const sort = parseSort(params.getAll("tri"));
  if (pageNumber === undefined || sort === undefined) throw pageNotFound();
  const catalogue = await tryLoadCatalogue();
  if (!catalogue) return { query, category, sort, listing: null, initials: [], shareImage: null };
  const listing = listingPage(catalogue, { query, category, sort }, pageNumber);
  if (!listing) throw pageNotFound();
  // A category's listing shares an image of its own; every offer's, the site's.
  const shareImage = category === "all" ? null : categoryPageImage(category, catalogue);
  return { query, category, sort, listing, initials: brandIndexOf(catalogue).initials, shareImage };
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

/** The brands whose names are closest to `typed` (an unknown brand page), at the cost of a search's suggestions. */
export function closestBrands(catalogue: Catalogue, typed: string): { slug: string; brand: string }[] {
  return suggestOffers(searchesOf(catalogue).index, typed).map(({ slug, brand }) => ({ slug, brand }));
}

/** The pages already made from a catalogue (their cards show its votes). */
const pagesByCatalogue = new WeakMap<Catalogue, LRUCache<string, ListingPage>>();

/** The offers of a search in a listing's order; kept with the catalogue, whose votes the orders read. */
const rankingsByCatalogue = new WeakMap<Catalogue, LRUCache<string, ReferralOffer[]>>();

function ranked(catalogue: Catalogue, result: SearchResult, sort: SortOrder, searchKey: string): ReferralOffer[] {
  if (sort === "pertinence" && result.named === 0 && catalogue.votes.size === 0) return result.offers;
  let rankings = rankingsByCatalogue.get(catalogue);
  if (!rankings) rankingsByCatalogue.set(catalogue, (rankings = new LRUCache({ max: 200 })));
  const key = `${sort} ${searchKey}`;
  let offers = rankings.get(key);
  if (!offers) {
    offers = rankOffers(result.offers, sort, { ...catalogue, named: result.named });
    rankings.set(key, offers);
  }
  return offers;
}

/** What a listing says of its order: the amount groups and their headings, or that an order fell back to the default. */
function orderNotes(
  offers: readonly ReferralOffer[],
  sort: SortOrder,
  catalogue: Catalogue,
  ranked: boolean,
): Pick<ListingPage, "orderNote" | "sections"> {
  if (!ranked || offers.length === 0) return { orderNote: null };
  if (sort === "montant") {
    return {
      orderNote:
        "Du plus gros montant au plus petit, groupe par groupe : seuls se comparent une même nature et une même unité.",
      sections: amountSectionsOf(offers, catalogue.today),
    };
  }
  return { orderNote: fallbackNote(offers, sort, catalogue) };
}

function listingPage(
  catalogue: Catalogue,
  { query, category, sort }: { query: string; category: CategoryId; sort: SortOrder },
  pageNumber: number,
): ListingPage | undefined {
  let pages = pagesByCatalogue.get(catalogue);
  if (!pages) pagesByCatalogue.set(catalogue, (pages = new LRUCache({ max: 500 })));
  const searchKey = `${category} ${foldText(query)}`;
  const pageKey = `${sort} ${searchKey} ${pageNumber}`;
  const made = pages.get(pageKey);
  if (made) return made;

  const searches = searchesOf(catalogue);
  let result = searches.results.get(searchKey);
  if (!result) {
    result = searchOffers(searches.index, query, category);
    searches.results.set(searchKey, result);
  }
  const offers =
    result.match === "all" || result.match === "most" ? ranked(catalogue, result, sort, searchKey) : result.offers;
  const page = pageOf(offers, pageNumber);
  if (!page) return undefined;
  // A search naming a kind of product no offer sells (its `unmatched`) gets no brand names "close" to it.
  const suggestions =
    result.match === "closest"
      ? result.offers
      : result.match === "none" && result.unmatched.length === 0
        ? suggestOffers(searches.index, query)
        : [];
  const listing: ListingPage = {
    offers: page.items.map((offer) => toCardView(offer, catalogue)),
    total: result.offers.length,
    note: searchNote(result, query),
    ...orderNotes(offers, sort, catalogue, result.match === "all" || result.match === "most"),
    page: page.number,
    pageCount: page.count,
    offset: page.offset,
    suggestions: suggestions.map(({ slug, brand }) => ({ slug, brand })),
  };
  pages.set(pageKey, listing);
  return listing;
}
