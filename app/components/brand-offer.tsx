import { OfferCode, OfferTrustLines } from "./offer-card";
import type { ReactNode } from "react";
import type { OfferCardView } from "~/catalogue/card";

/**
 * A brand page's offer: what it gives (struck through once ended), its code, then at once `action` (the link to the
 * offer and who is paid when it is used), so that they fit a phone's first screen; then what visitors and the owner say, then the offer's full text and conditions (`children`).
 */
export function BrandOfferEssentials({
  offer,
  action,
  children,
}: {
  offer: OfferCardView;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {offer.expired ? (
        <p className="text-lg text-slate-600">
          <span className="sr-only">Elle offrait : </span>
          <s>{offer.headline}</s>
        </p>
      ) : (
        <div>
          <p className="text-2xl font-extrabold leading-snug text-slate-900">{offer.headline}</p>
          {offer.terms ? <p className="font-semibold text-indigo-900">{offer.terms}</p> : null}
        </div>
      )}
      <OfferCode offer={offer} />
      {action}
      {offer.awaiting ? null : (
        <div className="prominent-trust space-y-1">
          <OfferTrustLines offer={offer} />
        </div>
      )}
      {children}
    </>
  );
}
