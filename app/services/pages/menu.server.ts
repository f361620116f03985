import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { GUIDES_PATH } from "~/catalogue/guides";
import { listingHref } from "~/catalogue/pagination";
import { NAV_LINKS, type NavLink } from "~/components/site-header";
import { loadWriting } from "./guides.server";

/** The categories the phone menu lists, each a link to its listing: sent as the root's data on every page. */
export const MENU_CATEGORIES = BRAND_CATEGORIES.map((category) => ({
  to: listingHref("/codes", { category: category.id }),
  label: category.label,
}));

const WITH_GUIDES = [...NAV_LINKS.slice(0, 2), { to: GUIDES_PATH, label: "Guides" }, ...NAV_LINKS.slice(2)];

/** The header's and footer's links: "Guides" among them once a guide is published (none leads to an empty list). */
export async function navLinks(): Promise<readonly NavLink[]> {
  return ((await loadWriting())?.guides.length ?? 0) > 0 ? WITH_GUIDES : NAV_LINKS;
}
