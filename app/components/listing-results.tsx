import { useRouteLoaderData } from "@remix-run/react";
import { listTitle } from "~/catalogue/categories";
import { BrandInitials } from "./brand-initials";
import { deferredPart } from "./lazy-on-client";
import { BettingNotice, RewardDisclosure } from "./notices";
import { OfferList } from "./offer-list";
import type { ListingPage } from "~/catalogue/pagination";
import type { SortOrder } from "~/catalogue/sort-orders";
import type { CategoryId } from "~/catalogue/types";
import type { loader as rootLoader } from "~/root";

const OffersUnavailable = deferredPart("OffersUnavailable");

/** One page of the offers of a listing page (/offres, /codes) for its search and category, or the overview's error message. */
export function ListingResults({
  action,
  category,
  query,
  sort,
  listing,
  initials,
}: {
  action: string;
  category: CategoryId;
  query: string;
  sort: SortOrder;
  listing: ListingPage | null;
  /** The initials of the A–Z index of brands, linked below the offers. */
  initials: { key: string; label: string }[];
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!listing) {
    return <OffersUnavailable />;
  }
  return (
    <div className="space-y-4">
      {category === "betting" ? <BettingNotice /> : null}
      <OfferList
        title={listTitle(category, query)}
        listing={listing}
        siteUrl={root?.siteUrl ?? ""}
        action={action}
        query={query}
        category={category}
        sort={sort}
      />
      {initials.length > 0 ? (
        <div className="space-y-2 pt-4">
          <p className="font-semibold text-slate-800">Toutes les marques de A à Z :</p>
          <BrandInitials initials={initials} />
        </div>
      ) : null}
      <RewardDisclosure siteName={root?.siteName ?? "CodeParrain"} />
    </div>
  );
}
