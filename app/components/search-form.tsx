import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { listingHref } from "~/catalogue/pagination";
import { CloseMark } from "./close-mark";
import { Icon } from "./icon";
import type { SortOrder } from "~/catalogue/sort-orders";
import type { CategoryId } from "~/catalogue/types";

/**
 * A GET form on `?q=`: without JavaScript it submits with Enter or the button; with JavaScript the list
 * follows the typing and the address is replaced, not pushed.
 */
export function SearchForm({
  action,
  query,
  category,
  sort = "pertinence",
  placeholder,
  label,
}: {
  action: string;
  query: string;
  category: CategoryId;
  /** The listing's order, which a new search keeps. */
  sort?: SortOrder;
  placeholder: string;
  label: string;
}) {
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  // Keeps the field in step with the address (back button, reset link).
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = query;
  }, [query]);

  const clearHref = listingHref(action, { category, sort });

  return (
    <Form
      method="get"
      action={action}
      role="search"
      className="flex w-full max-w-2xl items-center gap-2"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 200);
      }}
    >
      <label htmlFor="search" className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Icon
          name="search"
          className="pointer-events-none absolute left-3 top-1/2 hidden h-5 w-5 -translate-y-1/2 text-slate-500 sm:block"
        />
        <input
          ref={input}
          id="search"
          type="search"
          name="q"
          defaultValue={query}
          placeholder={placeholder}
          maxLength={100}
          autoComplete="off"
          className={`w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-2.5 sm:pl-10 ${query ? "pr-10" : "pr-2.5"} [&::-webkit-search-cancel-button]:appearance-none text-slate-900 placeholder:text-sm placeholder:text-slate-500 focus:border-indigo-600 sm:placeholder:text-base focus:outline-none focus:ring-2 focus:ring-indigo-600`}
        />
        {query ? (
          <Link
            to={clearHref}
            replace
            preventScrollReset
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
          >
            <CloseMark label="Effacer la recherche" iconClassName="h-5 w-5" />
          </Link>
        ) : null}
      </div>
      {category !== "all" ? <input type="hidden" name="cat" value={category} /> : null}
      {sort !== "pertinence" ? <input type="hidden" name="tri" value={sort} /> : null}
      <button
        type="submit"
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-indigo-700 px-3 py-2.5 font-semibold text-white hover:bg-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2 sm:px-4"
      >
        {/* On phones the button is its icon, leaving the field wide enough for its whole placeholder. */}
        <Icon name="search" className="h-5 w-5 sm:hidden" />
        <span className="sr-only sm:not-sr-only">Rechercher</span>
      </button>
    </Form>
  );
}
