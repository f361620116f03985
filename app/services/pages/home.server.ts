import { toCardView } from "~/catalogue/card";
import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { formatFrenchDate, isExpired } from "~/catalogue/dates";
import { isInCategory } from "~/catalogue/listing-rules";
import { listingHref } from "~/catalogue/pagination";
import { isNews, rankOffers } from "~/catalogue/ranking";
import type { Catalogue } from "./offers.server";
import type { ReferralOffer } from "~/catalogue/types";

/** How many offers the home page's "Nouveautés" lists; the listing's news order has them all. */
const NEWS_SHOWN = 6;

/**
 * What the home page's first screen counts: the offers still running, and each category with its own count, as links
 * to its listing. A category without any offer is left out rather than shown empty.
 */
export function homeOverview(catalogue: Catalogue | null) {
  if (!catalogue) return { runningCount: null, categories: [] };
  let overview = overviews.get(catalogue.offers);
  if (!overview) overviews.set(catalogue.offers, (overview = overviewOf(catalogue)));
  return overview;
}

/** The overview of a list of offers, made once for each (the catalogue is rebuilt when its offers change). */
const overviews = new WeakMap<readonly ReferralOffer[], ReturnType<typeof overviewOf>>();

function overviewOf(catalogue: Catalogue) {
  const running = catalogue.offers.filter((offer) => !isExpired(offer, catalogue.today));
  const categories = BRAND_CATEGORIES.map((category) => ({
    id: category.id,
    label: category.label,
    href: listingHref("/codes", { category: category.id }),
    count: running.filter((offer) => isInCategory(offer, category.id)).length,
  })).filter((category) => category.count > 0);
  return { runningCount: running.length, categories };
}

/**
 * The home page's "Nouveautés": the offers added or improved in the last NEWS_DAYS days, newest first, and where all
 * of them are listed. Without any, the page leaves the section out.
 */
export function homeNews(catalogue: Catalogue | null) {
  const newsPage = listingHref("/offres", { sort: "nouveautes" });
  if (!catalogue) return { news: [], newsPage };
  const recent = catalogue.offers.filter((offer) => isNews(catalogue.news.get(offer.slug), catalogue.today));
  const news = rankOffers(recent, "nouveautes", catalogue)
    .slice(0, NEWS_SHOWN)
    .map((offer) => {
      const { slug, brand, headline, terms } = toCardView(offer, catalogue);
      return { slug, brand, headline, terms, on: formatFrenchDate(catalogue.news.get(slug) ?? catalogue.today) };
    });
  return { news, newsPage };
}
