import { Link } from "@remix-run/react";
import { pageLinks } from "~/catalogue/pagination";
import { Icon } from "./icon";

const linkClass =
  "inline-flex min-h-11 min-w-10 items-center justify-center rounded-lg border px-2 py-2 text-sm sm:min-w-11 sm:px-3 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2";
const otherPage = `${linkClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;
const currentPage = `${linkClass} border-transparent bg-indigo-700 text-white`;

/**
 * Links to the other pages of a list, each made by `href`, which keeps the list's search: plain links, so that every
 * page, and every item through them, is reachable without JavaScript.
 */
export function Pagination({
  href,
  page,
  pageCount,
  label = "Pages de la liste",
}: {
  href: (page: number) => string;
  page: number;
  pageCount: number;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-col items-center gap-3">
      <p className="text-sm text-slate-700">{`Page ${page} sur ${pageCount}`}</p>
      <ul className="flex flex-wrap items-center justify-center gap-1 sm:gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={otherPage}>
              <Icon name="previous" className="h-5 w-5 sm:-ml-1" />
              {/* On phones the link is its arrow, so that the page numbers fit on one line. */}
              <span className="sr-only sm:not-sr-only">Page précédente</span>
            </Link>
          </li>
        ) : null}
        {pageLinks(page, pageCount).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="text-slate-600 sm:px-1">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={href(number)}
                aria-current={number === page ? "page" : undefined}
                aria-label={`Page ${number}`}
                className={number === page ? currentPage : otherPage}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={otherPage}>
              <span className="sr-only sm:not-sr-only">Page suivante</span>
              <Icon name="next" className="h-5 w-5 sm:-mr-1" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
