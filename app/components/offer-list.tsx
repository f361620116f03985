import { Link } from "@remix-run/react";
import { CATEGORIES } from "~/catalogue/categories";
import { JsonLd } from "./json-ld";
import { primaryButton, secondaryButton } from "./offer-card";
import { OfferGrid } from "./offer-grid";
import type { OfferCardView } from "~/catalogue/card";

/** A titled grid of offer cards with its count, its empty state and its ItemList structured data. */
export function OfferList({
  title,
  offers,
  siteUrl,
  searchTerm,
  resetHref,
  headingId = "offer-list-title",
}: {
  title: string;
  offers: OfferCardView[];
  siteUrl: string;
  searchTerm: string;
  /** Where 'Réinitialiser la recherche' leads: the same page without the search. */
  resetHref: string;
  headingId?: string;
}) {
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {title} <span className="text-base font-medium text-slate-600">({offers.length})</span>
      </h2>
      {offers.length === 0 ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
          <p className="text-slate-700">Aucun résultat trouvé pour votre recherche.</p>
          {searchTerm ? (
            <>
              <p className="mt-2 text-slate-700">Aucune marque ne contient « {searchTerm} ».</p>
              <Link to={resetHref} className={`${primaryButton} mt-4`}>
                Réinitialiser la recherche
              </Link>
              <nav aria-label="Parcourir par catégorie" className="mt-6">
                <p className="text-sm font-semibold text-slate-800">Ou parcourez une catégorie :</p>
                <ul className="mt-2 flex flex-wrap justify-center gap-2">
                  {CATEGORIES.filter((category) => category.id !== "all").map((category) => (
                    <li key={category.id}>
                      <Link to={`/codes?cat=${category.id}`} className={secondaryButton}>
                        {category.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          ) : null}
        </div>
      ) : (
        <OfferGrid offers={offers} />
      )}
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "ItemList",
          name: title,
          numberOfItems: offers.length,
          itemListElement: offers.map((offer, index) => ({
            "@type": "ListItem",
            position: index + 1,
            item: {
              "@type": "Product",
              name: `Code parrainage ${offer.brand}`,
              description: offer.description,
              url: `${siteUrl}/offres/${offer.slug}`,
            },
          })),
        }}
      />
    </section>
  );
}
