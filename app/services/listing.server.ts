import { LRUCache } from "lru-cache";
import { toCardView, type OfferCardView } from "~/catalogue/card";
import { parseCategory } from "~/catalogue/categories";
import { foldText } from "~/catalogue/names";
import { filterOffers } from "~/catalogue/search";
import { tryLoadCatalogue, type Catalogue } from "./offers.server";
import type { CategoryId } from "~/catalogue/types";

/** Longest search kept; a longer one cannot match a brand name anyway. */
const MAX_QUERY_LENGTH = 100;

/** The offers a listing page shows for its `?q=` and `?cat=`, or null offers when the source failed. */
export async function loadListing(request: Request) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const category = parseCategory(params.get("cat"));
  const catalogue = await tryLoadCatalogue();
  return { query, category: category.id, offers: catalogue ? cardsOf(catalogue, query, category.id) : null };
}

/** Card views already made from a catalogue, by category and search; a new catalogue starts a new set. */
const cardsByCatalogue = new WeakMap<Catalogue, LRUCache<string, OfferCardView[]>>();

function cardsOf(catalogue: Catalogue, query: string, category: CategoryId): OfferCardView[] {
  let cards = cardsByCatalogue.get(catalogue);
  if (!cards) cardsByCatalogue.set(catalogue, (cards = new LRUCache({ max: 500 })));
  const key = `${category} ${foldText(query)}`;
  let views = cards.get(key);
  if (!views) {
    views = filterOffers(catalogue.offers, { query, category }).map((offer) => toCardView(offer, catalogue));
    cards.set(key, views);
  }
  return views;
}
