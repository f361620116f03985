import { useInAppClicks } from "./in-app-clicks";
import { OfferCard } from "./offer-card";
import { ListItemRenderedOnce } from "./rendered-once";
import type { OfferCardView } from "~/catalogue/card";

/**
 * The grid of offer cards (1, 2 or 3 columns). Card links are plain anchors, and one click handler here turns a
 * click on a link to a page of the site into client-side navigation: a Remix `<Link>` per card link would cost
 * router work for each of the ~90 links on every server render of /offres.
 */
export function OfferGrid({ offers }: { offers: readonly OfferCardView[] }) {
  const navigateInApp = useInAppClicks();
  return (
    // Only catches clicks bubbling up from the links, which keep their own keyboard behaviour.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegation, not a control
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" onClick={navigateInApp}>
      {offers.map((offer) => (
        <ListItemRenderedOnce key={offer.slug} data={offer}>
          <OfferCard offer={offer} />
        </ListItemRenderedOnce>
      ))}
    </ul>
  );
}
