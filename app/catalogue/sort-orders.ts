/**
 * The orders a listing offers (`?tri=`) and their names: all the browser needs of the ranking, which stays in
 * ranking.ts with the criteria it reads.
 */
export const SORT_ORDERS = ["pertinence", "montant", "avis", "nouveautes"] as const;

export type SortOrder = (typeof SORT_ORDERS)[number];

export const DEFAULT_SORT: SortOrder = "pertinence";

/**
 * What the sort control's list shows. The default order's label names its rule: by brand name (offers visitors say
 * fail lower, ended ones last), or, on a search's results, by how near each offer is to the search. Its address
 * value stays `pertinence`, so that addresses already shared keep working.
 */
export const SORT_LABELS: Readonly<Record<SortOrder, string>> = {
  pertinence: "Nom de la marque",
  montant: "Montant",
  avis: "Avis des visiteurs",
  nouveautes: "Nouveautés",
};

/** The default order's label on a search's results, which it ranks by how near each offer is to the search. */
export const SEARCH_ORDER_LABEL = "Proximité avec la recherche";

/** The order a `?tri=` value asks for: the default when absent, undefined when it is no order of the site (a 404). */
export function parseSort(values: readonly string[]): SortOrder | undefined {
  if (values.length === 0) return DEFAULT_SORT;
  const [value] = values;
  return values.length === 1 && (SORT_ORDERS as readonly string[]).includes(value ?? "")
    ? (value as SortOrder)
    : undefined;
}
