import { Form, useSubmit } from "@remix-run/react";
import { HOW_OFFERS_ARE_RANKED } from "~/catalogue/site-pages";
import { SEARCH_ORDER_LABEL, SORT_LABELS, SORT_ORDERS, type SortOrder } from "~/catalogue/sort-orders";
import { secondaryButton } from "./offer-card";
import type { CategoryId } from "~/catalogue/types";

/**
 * The listing's order (`?tri=`): a GET form with its list and its button, which works without JavaScript; with
 * JavaScript, choosing an order is enough. It keeps the search and the category, and says how offers are ranked.
 */
export function SortForm({
  action,
  query,
  category,
  sort,
}: {
  action: string;
  query: string;
  category: CategoryId;
  sort: SortOrder;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={action}
      className="flex flex-wrap items-center gap-2 text-sm"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {query ? <input type="hidden" name="q" value={query} /> : null}
      {category !== "all" ? <input type="hidden" name="cat" value={category} /> : null}
      <label htmlFor="tri" className="font-semibold text-slate-800">
        Trier par
      </label>
      {/* Keyed by the order: a list left in place by a navigation shows the order of the address it reached. */}
      <select
        key={sort}
        id="tri"
        name="tri"
        defaultValue={sort}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
      >
        {SORT_ORDERS.map((order) => (
          <option key={order} value={order}>
            {/* The default order is the search's own ranking on a search's results. */}
            {query && order === "pertinence" ? SEARCH_ORDER_LABEL : SORT_LABELS[order]}
          </option>
        ))}
      </select>
      <button type="submit" className={secondaryButton}>
        Trier
      </button>
      <a href={HOW_OFFERS_ARE_RANKED.path} className="text-indigo-800 underline">
        {HOW_OFFERS_ARE_RANKED.label}
      </a>
    </Form>
  );
}
