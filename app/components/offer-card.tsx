import { BrandLogo } from "./brand-logo";
import { CodeBox } from "./code-box";
import { PaidNote, RegulatedNotice } from "./notices";
import { ReportedNotWorking, TrustLine } from "./offer-trust";
import { followPath, ReferralLink } from "./referral-link";
import type { OfferCardView } from "~/catalogue/card";

export const primaryButton = "btn-primary";

export const secondaryButton = "btn-secondary";

/**
 * The code of an offer: a box the visitor can copy from, or, when the catalogue gives an instruction instead of
 * a code ('Cliquez sur le lien', 'Me contacter'), that instruction as a sentence (none once the offer has ended).
 */
export function OfferCode({
  offer,
}: {
  offer: Pick<
    OfferCardView,
    "brand" | "slug" | "code" | "codeIsInstruction" | "canCopy" | "expired" | "exampleCode" | "awaiting"
  >;
}) {
  if (!offer.codeIsInstruction) {
    return (
      <CodeBox
        brand={offer.brand}
        slug={offer.slug}
        code={offer.code}
        canCopy={offer.canCopy ?? false}
        example={offer.exampleCode}
      />
    );
  }
  if (offer.awaiting) return <p className="code-instruction">{offer.awaiting}</p>;
  // An ended offer's instruction ('Cliquez sur le lien') would point to a link it no longer offers.
  if (offer.expired) return null;
  const instruction = offer.code.trim();
  return (
    <p className="code-instruction">
      <span className="text-slate-600">{instruction ? "Pas de code à saisir." : "Aucun code nécessaire."}</span>{" "}
      {instruction.toLowerCase() === "me contacter" ? (
        <a href={`/offres/${offer.slug}#question`} className="text-indigo-800 underline">
          {instruction}
        </a>
      ) : (
        instruction
      )}
    </p>
  );
}

/** What visitors' votes and the owner's last check say of an offer, under its code. */
export function OfferTrustLines({ offer }: { offer: Pick<OfferCardView, "trust" | "demoted" | "follows"> }) {
  return (
    <>
      <ReportedNotWorking trust={offer.trust} />
      <TrustLine trust={offer.trust} />
      {offer.demoted ? <p className="trust">{offer.demoted}</p> : null}
      {offer.follows ? <p className="text-xs text-slate-600">{offer.follows}</p> : null}
    </>
  );
}

/**
 * What the offer gives, large, then its kind and first condition. An ended offer leads with "Offre expirée", what it
 * gave struck through below it.
 */
export function OfferLines({ offer, className }: { offer: OfferCardView; className?: string }) {
  if (offer.expired) {
    return (
      <div className={className}>
        <p className="text-red-800">Offre expirée</p>
        <p className="offer-was">
          <span className="sr-only">Elle offrait : </span>
          <s>{offer.headline}</s>
        </p>
      </div>
    );
  }
  return (
    <div className={className}>
      <p>{offer.headline}</p>
      {offer.terms ? <p className="offer-terms">{offer.terms}</p> : null}
      {offer.condition ? <p className="offer-condition">{offer.condition}</p> : null}
    </div>
  );
}

/** What the offer gives, its code, and what visitors and the owner say of it: the heart of a card. */
export function OfferEssentials({ offer }: { offer: OfferCardView }) {
  return (
    <>
      <OfferLines offer={offer} className="offer-lines" />
      <OfferCode offer={offer} />
      {offer.awaiting ? null : <OfferTrustLines offer={offer} />}
    </>
  );
}

/** One offer; its links are plain anchors, made client-side navigation by the grid around it (OfferGrid). */
export function OfferCard({ offer }: { offer: OfferCardView }) {
  return (
    <article className="offer-card">
      <header>
        <BrandLogo brand={offer.brand} initial={offer.initial} logo={offer.logo} />
        <h3>
          <a href={`/offres/${offer.slug}`}>{offer.brand}</a>
        </h3>
      </header>
      <OfferEssentials offer={offer} />
      <RegulatedNotice regulated={offer.regulated} text={offer.warning} compact />
      <PaidNote offer={offer} />
      <div className={offer.showLink ? "card-actions card-actions-2" : "card-actions"}>
        {offer.showLink ? (
          <ReferralLink
            href={followPath(offer.slug)}
            brand={offer.brand}
            className={primaryButton}
            example={offer.exampleLink}
          >
            Accéder à l'offre
          </ReferralLink>
        ) : null}
        <a href={`/offres/${offer.slug}`} className={secondaryButton} aria-label={`Plus d'infos sur ${offer.brand}`}>
          Plus d'infos
        </a>
      </div>
    </article>
  );
}
