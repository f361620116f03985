import { parseCategory } from "~/catalogue/categories";
import { filterOffers, toCardView } from "~/catalogue/offers";
import { tryLoadCatalogue } from "./offers.server";

/** Longest search kept; a longer one cannot match a brand name anyway. */
const MAX_QUERY_LENGTH = 100;

/** The offers a listing page shows for its `?q=` and `?cat=`, or null offers when the source failed. */
export async function loadListing(request: Request) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const category = parseCategory(params.get("cat"));
  const catalogue = await tryLoadCatalogue();
  const offers = catalogue
    ? filterOffers(catalogue.offers, { query, category: category.id }).map((offer) =>
        toCardView(offer, catalogue.today),
      )
    : null;
  return { query, category: category.id, offers };
}
