import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { OFFERS_PER_PAGE } from "~/catalogue/pagination";
import { useHydrated } from "./hydrated";
import { secondaryButton } from "./offer-card";
import type { OfferCardView } from "~/catalogue/card";
import type { ListingPage } from "~/catalogue/pagination";

/** The pages added below a listing's own, and the last one of them. */
interface Added {
  /** Which listing they follow: another page, search or tab starts again from its own cards. */
  after: string;
  offers: OfferCardView[];
  page: number;
}

/**
 * With JavaScript, "Afficher N offres de plus" adds the listing's next page below the cards shown: the page the
 * "Page suivante" link leads to, asked of the same loader (a GET, never the whole catalogue). The address stays
 * the listing's own; focus goes to the first card added, and a status line says how many are shown. Without
 * JavaScript there is no button (its place is kept, empty): the links to the pages do it.
 */
export function useMoreOffers(
  listing: ListingPage,
  pageHref: (page: number) => string,
  /** The element whose `ul` child is the grid of cards. */
  grid: RefObject<HTMLElement>,
) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ listing: ListingPage | null }>();
  const after = pageHref(listing.page);
  const [added, setAdded] = useState<Added>({ after, offers: [], page: listing.page });
  const current = added.after === after ? added : { after, offers: [], page: listing.page };
  const focusFrom = useRef<number | null>(null);
  /** The page asked for: an answer for another listing (the visitor searched meanwhile) is not added. */
  const requested = useRef<string | undefined>(undefined);

  useEffect(() => {
    const next = fetcher.state === "idle" ? fetcher.data?.listing : undefined;
    if (!next || requested.current !== pageHref(next.page)) return;
    requested.current = undefined;
    setAdded((previous) => {
      const base = previous.after === after ? previous : { after, offers: [], page: listing.page };
      if (next.page !== base.page + 1) return previous;
      const shown = new Set([...listing.offers, ...base.offers].map((offer) => offer.slug));
      focusFrom.current = listing.offers.length + base.offers.length;
      return {
        after,
        offers: [...base.offers, ...next.offers.filter((offer) => !shown.has(offer.slug))],
        page: next.page,
      };
    });
  }, [fetcher.state, fetcher.data, after, listing, pageHref]);

  useEffect(() => {
    if (focusFrom.current === null) return;
    const card = grid.current?.querySelectorAll(":scope > ul > li")[focusFrom.current];
    focusFrom.current = null;
    card?.querySelector<HTMLElement>("a[href]")?.focus();
  }, [added, grid]);

  const shownCount = listing.offers.length + current.offers.length;
  const remaining = listing.total - listing.offset - shownCount;
  const loading = fetcher.state !== "idle";
  const more = remaining > 0 && current.page < listing.pageCount;
  // In the server's page too, as high as its button: the button that comes once the script runs would otherwise push
  // the pages' links down under a visitor who has just jumped to them. Without JavaScript it stays empty.
  const control =
    more || current.offers.length > 0 ? (
      <div className={`flex flex-col items-center gap-2${more ? " min-h-11" : ""}`}>
        <p role="status" className="sr-only">
          {current.offers.length > 0
            ? `Offres ${listing.offset + 1} à ${listing.offset + shownCount} sur ${listing.total} affichées.`
            : ""}
        </p>
        {hydrated && more ? (
          <button
            type="button"
            className={secondaryButton}
            disabled={loading}
            onClick={() => {
              requested.current = pageHref(current.page + 1);
              fetcher.load(requested.current);
            }}
          >
            {loading ? "Chargement..." : `Afficher ${Math.min(OFFERS_PER_PAGE, remaining)} offres de plus`}
          </button>
        ) : null}
      </div>
    ) : null;
  return { offers: current.offers, page: current.page, control };
}
