import { Link } from "@remix-run/react";
import { listingHref } from "~/catalogue/pagination";
import { CategoryIcon } from "./category-icon";
import type { Category } from "~/catalogue/categories";
import type { SortOrder } from "~/catalogue/sort-orders";
import type { CategoryId } from "~/catalogue/types";

/**
 * Category tabs as links (`?cat=`), keeping the search. On every width one row of icon-first chips with their short
 * label, which scrolls sideways on a phone rather than wrapping: the icon leads, and the label stays visible because
 * bare icons leave sighted visitors guessing.
 */
export function CategoryTabs({
  action,
  categories,
  category: current,
  query,
  sort = "pertinence",
  label,
}: {
  action: string;
  categories: readonly Category[];
  /** The category shown. */
  category: CategoryId;
  query: string;
  /** The listing's order, which another tab keeps. */
  sort?: SortOrder;
  label: string;
}) {
  const href = (id: CategoryId) => listingHref(action, { query, category: id, sort });
  return (
    <nav aria-label={label}>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
        {categories.map((category) => {
          const selected = category.id === current;
          return (
            <li key={category.id}>
              <Link
                to={href(category.id)}
                preventScrollReset
                aria-current={selected ? "page" : undefined}
                className={`inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full border px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2 ${
                  selected
                    ? `border-transparent ${category.colorClasses}`
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                }`}
              >
                <CategoryIcon id={category.id} />
                <span>{category.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
