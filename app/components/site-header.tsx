import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Icon } from "./icon";

export const NAV_LINKS = [
  { to: "/", label: "Accueil" },
  { to: "/offres", label: "Toutes les offres" },
  { to: "/contact", label: "Contact" },
] as const;

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
}: {
  siteName: string;
  categories: { to: string; label: string }[];
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // The menu is a <details> element so it opens without JavaScript; with it, a navigation closes it. In the commit
  // that shows the new page, before the browser takes another click: a menu opened on the new page stays open.
  useLayoutEffectInBrowser(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-indigo-800">
          {siteName}
        </Link>
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={linkClass} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <details ref={menu} className="group relative md:hidden">
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
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === "/"}
                    className={(state) => `block ${linkClass(state)}`}
                    onClick={() => menu.current?.removeAttribute("open")}
                  >
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
            <ul aria-labelledby="menu-categories" className="grid grid-cols-2 gap-1">
              {categories.map((link) => (
                <li key={link.to}>
                  {/* Plain links (a page load): a router Link each would cost every page's render, for a menu seldom used. */}
                  <a href={link.to} className={`block ${linkClass({ isActive: false })}`}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
