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

/** The section of HOW_OFFERS_ARE_RANKED that says what the site's editor earns from a referral. */
export const REWARD_ANCHOR = "remuneration";

/** The section of HOW_OFFERS_ARE_RANKED that says how the home page's selection is chosen. */
export const SELECTION_ANCHOR = "selection";

/** Where the A–Z index of brands starts (brand-links.ts has the addresses of its pages). */
export const BRAND_INDEX_PATH = "/marques";

/** The anchor of a brand page's question form, inside its disclosure: an address ending with it opens the form. */
export const QUESTION_ANCHOR = "question";

/** The query of a brand page's further pages of testimonials. */
export const TESTIMONIAL_PAGE_PARAMETER = "temoignages";
/** The id of the testimonials' section on a brand page. */
export const TESTIMONIALS_ANCHOR = "temoignages";
/** The anchor of a brand page's testimonial form, inside its disclosure: an address ending with it opens the form. */
export const TESTIMONIAL_FORM_ANCHOR = "votre-temoignage";
