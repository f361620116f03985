import { useRouteLoaderData } from "@remix-run/react";
import { listTitle } from "~/catalogue/categories";
import { BettingNotice, RewardDisclosure } from "./notices";
import { OfferList } from "./offer-list";
import { OffersUnavailable } from "./offers-unavailable";
import type { OfferCardView } from "~/catalogue/card";
import type { CategoryId } from "~/catalogue/types";
import type { loader as rootLoader } from "~/root";

/** The offers of a listing page (/offres, /codes) for its search and category, or the overview's error message. */
export function ListingResults({
  action,
  category,
  query,
  offers,
}: {
  action: string;
  category: CategoryId;
  query: string;
  offers: OfferCardView[] | null;
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!offers) {
    return <OffersUnavailable />;
  }
  return (
    <div className="space-y-4">
      {category === "betting" ? <BettingNotice /> : null}
      <OfferList
        title={listTitle(category, query)}
        offers={offers}
        siteUrl={root?.siteUrl ?? ""}
        searchTerm={query}
        resetHref={category === "all" ? action : `${action}?cat=${category}`}
      />
      <RewardDisclosure siteName={root?.siteName ?? "CodeParrain"} />
    </div>
  );
}
