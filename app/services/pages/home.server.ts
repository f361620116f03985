import { toCardView } from "~/catalogue/card";
import { formatFrenchDate } from "~/catalogue/dates";
import { listingHref } from "~/catalogue/pagination";
import { isNews, NEWS_DAYS, rankOffers } from "~/catalogue/ranking";
import { HOME_FAQ, HOME_STEPS, HOME_WHY } from "~/content/home";
import type { Catalogue } from "./offers.server";

/**
 * The home page's texts, sent as the page's data rather than in its script: they are shown once, on this page only,
 * and the first-load JavaScript budget is better spent on code.
 */
export const homeContent = () => ({ why: HOME_WHY, steps: HOME_STEPS, faq: HOME_FAQ });

/** How many offers the home page's "Nouveautés" lists; the listing's news order has them all. */
const NEWS_SHOWN = 6;

/**
 * The home page's "Nouveautés": the offers added or improved in the last NEWS_DAYS days, newest first, where all of
 * them are listed, and what the section says without any.
 */
export function homeNews(catalogue: Catalogue | null) {
  const newsPage = {
    href: listingHref("/offres", { sort: "nouveautes" }),
    none: `Aucune offre ajoutée ni améliorée ces ${NEWS_DAYS} derniers jours.`,
  };
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
