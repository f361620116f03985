import { useRef } from "react";
import { listingHref } from "~/catalogue/pagination";
import { JsonLd } from "./json-ld";
import { deferredPart } from "./lazy-on-client";
import { useMoreOffers } from "./more-offers";
import { OfferGrid } from "./offer-grid";
import { SortForm } from "./sort-form";
import type { OfferCardView } from "~/catalogue/card";
import type { ListingPage } from "~/catalogue/pagination";
import type { SortOrder } from "~/catalogue/sort-orders";
import type { CategoryId } from "~/catalogue/types";

const Pagination = deferredPart("Pagination");
/** What a search that found nothing says: its code loads only then. */
const NoResults = deferredPart("NoResults");
const CloseNames = deferredPart("CloseNames");

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
    <section ref={section} aria-labelledby={headingId} className="space-y-3 sm:space-y-6">
      <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {title} <span className="text-base font-medium text-slate-600">{`(${total})`}</span>
      </h2>
      {offers.length > 1 ? <SortForm action={action} query={query} category={category} sort={sort} /> : null}
      {orderNote ? <p className="text-sm text-slate-700">{orderNote}</p> : null}
      {/* Always in the page, so that a note the live search brings is announced. */}
      <div role="status">
        {note ? (
          <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-slate-800">
            <p>{note}</p>
            {offers.length > 0 && suggestions.length > 0 ? <CloseNames suggestions={suggestions} /> : null}
          </div>
        ) : null}
      </div>
      {offers.length === 0 ? (
        <NoResults query={query} resetHref={resetHref} suggestions={suggestions} />
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
          // An offer being completed (catalogue/examples.ts) is no product to offer yet.
          itemListElement: offers.flatMap((offer, index) =>
            offer.awaiting
              ? []
              : {
                  "@type": "ListItem",
                  position: offset + index + 1,
                  item: {
                    "@type": "Product",
                    name: `Code parrainage ${offer.brand}`,
                    description: offer.terms ? `${offer.headline} (${offer.terms})` : offer.headline,
                    url: `${siteUrl}/offres/${offer.slug}`,
                  },
                },
          ),
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
