import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { listingHref } from "~/catalogue/pagination";

/** The categories the phone menu lists, each a link to its listing: sent as the root's data on every page. */
export const MENU_CATEGORIES = BRAND_CATEGORIES.map((category) => ({
  to: listingHref("/codes", { category: category.id }),
  label: category.label,
}));
