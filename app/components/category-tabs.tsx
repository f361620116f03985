import { Link } from "@remix-run/react";
import { listingHref } from "~/catalogue/pagination";
import { CategoryIcon } from "./category-icon";
import type { Category } from "~/catalogue/categories";
import type { SortOrder } from "~/catalogue/sort-orders";
import type { CategoryId } from "~/catalogue/types";

/**
 * Category tabs as links (`?cat=`), keeping the search. Icon-first chips with their short label, wrapping onto as
 * many rows as the width needs: a row that scrolled sideways hid its last tabs on a phone without saying so, and
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
      <ul className="flex flex-wrap gap-2">
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
