/**
 * One page of each kind the site serves (home, listing, brand page, filtered tab, form, legal notice, 404): what
 * the size budgets measure and the header tests check.
 */
export const PAGE_OF_EACH_KIND = [
  "/",
  "/offres",
  "/offres/binance",
  "/codes?cat=crypto",
  "/contact",
  "/mentions-legales",
  "/page-inconnue",
] as const;
