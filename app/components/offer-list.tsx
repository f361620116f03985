import { Link } from "@remix-run/react";
import { useRef } from "react";
import { CATEGORIES } from "~/catalogue/categories";
import { listingHref } from "~/catalogue/pagination";
import { JsonLd } from "./json-ld";
import { deferredPart } from "./lazy-on-client";
import { useMoreOffers } from "./more-offers";
import { primaryButton, secondaryButton } from "./offer-card";
import { OfferGrid } from "./offer-grid";
import { SortForm } from "./sort-form";
import type { ListingPage } from "~/catalogue/pagination";
import type { SortOrder } from "~/catalogue/sort-orders";
import type { CategoryId } from "~/catalogue/types";

const Pagination = deferredPart("Pagination");

/**
 * A titled page of offer cards with the count of all matching offers, the links to the other pages, its empty state
 * and its ItemList structured data.
 */
export function OfferList({
  title,
  listing,
  siteUrl,
  action,
  query,
  category,
  sort,
  headingId = "offer-list-title",
}: {
  title: string;
  listing: ListingPage;
  siteUrl: string;
  /** The listing's address, for the other pages and 'Réinitialiser la recherche' (the same page without the search). */
  action: string;
  query: string;
  category: CategoryId;
  sort: SortOrder;
  headingId?: string;
}) {
  const { offers, total, offset, suggestions, note, orderNote } = listing;
  const resetHref = listingHref(action, { category, sort });
  const section = useRef<HTMLElement>(null);
  const pageHref = (page: number) => listingHref(action, { query, category, sort, page });
  const more = useMoreOffers(listing, pageHref, section);
  return (
    <section ref={section} aria-labelledby={headingId} className="space-y-6">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {title} <span className="text-base font-medium text-slate-600">{`(${total})`}</span>
      </h2>
      {offers.length > 1 ? <SortForm action={action} query={query} category={category} sort={sort} /> : null}
      {orderNote ? <p className="text-sm text-slate-700">{orderNote}</p> : null}
      {/* Always in the page, so that a note the live search brings is announced. */}
      <div role="status">
        {note ? (
          <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-slate-800">
            <p>{note}</p>
            {offers.length > 0 ? <CloseNames suggestions={suggestions} /> : null}
          </div>
        ) : null}
      </div>
      {offers.length === 0 ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
          <p className="text-slate-700">Aucun résultat trouvé pour votre recherche.</p>
          {query ? (
            <>
              <p className="mt-2 text-slate-700">Aucune offre ne correspond à « {query} ».</p>
              <Link to={resetHref} className={`${primaryButton} mt-4`}>
                Réinitialiser la recherche
              </Link>
              <CloseNames suggestions={suggestions} centered />
              <nav aria-label="Parcourir par catégorie" className="mt-6">
                <p className="text-sm font-semibold text-slate-800">Ou parcourez une catégorie :</p>
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
      ) : (
        <OfferGrid offers={more.offers.length > 0 ? [...offers, ...more.offers] : offers} />
      )}
      {more.control}
      <Pagination href={pageHref} page={more.page} pageCount={listing.pageCount} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "ItemList",
          name: title,
          numberOfItems: total,
          itemListElement: offers.map((offer, index) => ({
            "@type": "ListItem",
            position: offset + index + 1,
            item: {
              "@type": "Product",
              name: `Code parrainage ${offer.brand}`,
              description: `${offer.headline} (${offer.terms})`,
              url: `${siteUrl}/offres/${offer.slug}`,
            },
          })),
        }}
      />
    </section>
  );
}

/** "Vouliez-vous dire : …": the brands whose names are closest to a search whose words matched nothing. */
function CloseNames({
  suggestions,
  centered = false,
}: {
  suggestions: ListingPage["suggestions"];
  centered?: boolean;
}) {
  if (suggestions.length === 0) return null;
  return (
    <nav aria-label="Marques proches" className={centered ? "mt-6" : "mt-4"}>
      <p className="text-sm font-semibold text-slate-800">Vouliez-vous dire :</p>
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
