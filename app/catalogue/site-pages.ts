/**
 * Pages of the site that every page links to (in its footer), with what the browser needs to link to them: kept in
 * one small module because the root layout loads it on every page.
 */

/** Where the site says how votes are taken, weighed and restarted (Code de la consommation, L111-7-2). */
export const HOW_VOTES_WORK = {
  path: "/comment-sont-recueillis-les-avis",
  label: "Comment sont recueillis les avis",
  /** The id of the one hidden text, on every page, that describes where each rate's link leads. */
  descriptionId: "comment-avis",
};

/** Where the site publishes how listings order the offers (Code de la consommation, L111-7 and D111-7). */
export const HOW_OFFERS_ARE_RANKED = {
  path: "/comment-les-offres-sont-classees",
  label: "Comment les offres sont classées",
};

/** Where the A–Z index of brands starts (brand-links.ts has the addresses of its pages). */
export const BRAND_INDEX_PATH = "/marques";
