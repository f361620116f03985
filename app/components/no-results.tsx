import { Link } from "@remix-run/react";
import { CATEGORIES } from "~/catalogue/categories";
import { primaryButton, secondaryButton } from "./offer-card";
import type { ListingPage } from "~/catalogue/pagination";

/**
 * A listing without any offer to show: with a search, what was searched, the way back, the closest brand names and
 * every category. Loaded apart (deferred-parts): most listings never show it.
 */
export function NoResults({
  query,
  resetHref,
  suggestions,
}: {
  query: string;
  resetHref: string;
  suggestions: ListingPage["suggestions"];
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-slate-700">Aucun résultat trouvé pour votre recherche.</p>
      {query ? (
        <>
          <p className="mt-2 text-slate-700">Aucune offre ne correspond à « {query} ».</p>
          <Link to={resetHref} className={`${primaryButton} mt-4`}>
            Réinitialiser la recherche
          </Link>
          <CloseNames suggestions={suggestions} centered />
          <nav aria-label="Parcourir par catégorie" className="mt-6">
            <p className="text-sm font-semibold text-slate-800">Ou parcourez une catégorie :</p>
            <ul className="mt-2 flex flex-wrap justify-center gap-2">
              {CATEGORIES.filter((entry) => entry.id !== "all").map((entry) => (
                <li key={entry.id}>
                  <Link to={`/codes?cat=${entry.id}`} className={secondaryButton}>
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </>
      ) : null}
    </div>
  );
}

/** "Vouliez-vous dire : …": the brands whose names are closest to a search whose words matched nothing. */
export function CloseNames({
  suggestions,
  centered = false,
}: {
  suggestions: ListingPage["suggestions"];
  centered?: boolean;
}) {
  if (suggestions.length === 0) return null;
  return (
    <nav aria-label="Marques proches" className={centered ? "mt-6" : "mt-4"}>
      <p className="text-sm font-semibold text-slate-800">Vouliez-vous dire :</p>
      <ul className={`mt-2 flex flex-wrap gap-2 ${centered ? "justify-center" : ""}`}>
        {suggestions.map((suggestion) => (
          <li key={suggestion.slug}>
            <Link to={`/offres/${suggestion.slug}`} className={secondaryButton}>
              {suggestion.brand}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
