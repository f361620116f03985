import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Icon } from "./icon";

export const NAV_LINKS = [
  { to: "/", label: "Accueil" },
  { to: "/offres", label: "Toutes les offres" },
  { to: "/contact", label: "Contact" },
] as const;

/** A link of the header and footer. */
export type NavLink = { to: string; label: string };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 ${
    isActive ? "bg-indigo-50 text-indigo-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

/** useLayoutEffect, which React warns about on the server, where no effect runs anyway. */
const useLayoutEffectInBrowser = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * The site's header. On a phone, its menu also reaches every category's listing (`categories`, from the root's data):
 * the only row of categories is on the listings.
 */
export function SiteHeader({
  siteName,
  categories,
  links = NAV_LINKS,
}: {
  siteName: string;
  categories: { to: string; label: string }[];
  /** NAV_LINKS, with "Guides" once a guide is published (the root's data). */
  links?: readonly NavLink[];
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // The menu is a <details> element so it opens without JavaScript; with it, a navigation closes it. In the commit
  // that shows the new page, before the browser takes another click: a menu opened on the new page stays open, and so
  // does one opened before the page's script took over (the first run is no navigation).
  const shownKey = useRef(location.key);
  useLayoutEffectInBrowser(() => {
    if (shownKey.current !== location.key && menu.current) menu.current.open = false;
    shownKey.current = location.key;
  }, [location.key]);

  // Plain links (a page load): a router Link each would cost every page's render, for a menu seldom used.
  const categoryList = (labelledBy: string) => (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-1">
      {categories.map((link) => (
        <li key={link.to}>
          <a href={link.to} className={`block ${linkClass({ isActive: false })}`}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-indigo-800">
          {siteName}
        </Link>
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={linkClass} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              {/* Every category from the laptop's header too, without JavaScript: a disclosure. */}
              <details className="relative">
                <summary id="header-categories" className={`block cursor-pointer ${linkClass({ isActive: false })}`}>
                  Catégories
                </summary>
                <div className="absolute right-0 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
                  {categoryList("header-categories")}
                </div>
              </details>
            </li>
          </ul>
        </nav>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a <details> is its own button */}
        <details
          ref={menu}
          className="group relative md:hidden"
          // Escape closes the open menu and gives the focus back to its button.
          onKeyDown={(event) => {
            if (event.key === "Escape" && menu.current?.open) {
              menu.current.open = false;
              menu.current.querySelector("summary")?.focus();
            }
          }}
        >
          <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md p-2 text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 [&::-webkit-details-marker]:hidden">
            <Icon name="menu" className="h-6 w-6 group-open:hidden" />
            <Icon name="close" className="hidden h-6 w-6 group-open:block" />
            <span className="sr-only">Menu</span>
          </summary>
          <nav
            aria-label="Navigation mobile"
            className="absolute right-0 mt-2 max-h-[calc(100dvh-5rem)] w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
          >
            <ul className="flex flex-col gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === "/"} className={(state) => `block ${linkClass(state)}`}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <p
              id="menu-categories"
              className="mt-2 border-t border-slate-200 px-3 pb-1 pt-3 text-sm font-semibold text-slate-600"
            >
              Catégories
            </p>
            {categoryList("menu-categories")}
          </nav>
        </details>
      </div>
    </header>
  );
}
