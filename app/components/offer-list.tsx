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
import type { OfferCardView } from "~/catalogue/card";
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
  const { offers, total, offset, suggestions, note, orderNote, sections } = listing;
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
        <GroupedOffers
          offers={more.offers.length > 0 ? [...offers, ...more.offers] : offers}
          offset={offset}
          sections={sections}
        />
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
              description: offer.terms ? `${offer.headline} (${offer.terms})` : offer.headline,
              url: `${siteUrl}/offres/${offer.slug}`,
            },
          })),
        }}
      />
    </section>
  );
}

/**
 * The cards of a page, under the headings of their amount groups when the list is ordered by amount: a group that
 * began on an earlier page is named again over its first card here.
 */
function GroupedOffers({
  offers,
  offset,
  sections,
}: {
  offers: readonly OfferCardView[];
  offset: number;
  sections: ListingPage["sections"];
}) {
  if (!sections) return <OfferGrid offers={offers} />;
  const end = offset + offers.length;
  return (
    <div className="space-y-8">
      {sections
        .filter((section) => section.start < end && section.start + section.count > offset)
        .map((section) => (
          <div key={section.label} className="space-y-4">
            <h3 className="text-lg font-bold text-slate-900">
              {section.label} <span className="text-sm font-medium text-slate-600">{`(${section.count})`}</span>
            </h3>
            <OfferGrid
              offers={offers.slice(Math.max(section.start - offset, 0), section.start + section.count - offset)}
            />
          </div>
        ))}
    </div>
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
