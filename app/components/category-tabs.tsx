import { Link } from "@remix-run/react";
import type { CategoryInfo } from "~/catalogue/category-list";
import type { CategoryId } from "~/catalogue/types";
import { CategoryIcon } from "./category-icon";

/** Category tabs as links (`?cat=`), keeping the search; labels hidden under 768 px but kept for screen readers. */
export function CategoryTabs({
  action,
  categories,
  current,
  query,
  label,
}: {
  action: string;
  categories: readonly CategoryInfo[];
  current: CategoryId;
  query: string;
  label: string;
}) {
  const href = (id: CategoryId) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (id !== "all") params.set("cat", id);
    const search = params.toString();
    return search ? `${action}?${search}` : action;
  };
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
                title={category.label}
                className={`inline-flex items-center gap-2 rounded-full border px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2 ${
                  selected ? `border-transparent ${category.colorClasses}` : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                }`}
              >
                <CategoryIcon id={category.id} />
                <span className="sr-only md:not-sr-only">{category.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
