import { splitOffer } from "~/catalogue/headline";
import { BrandLogo } from "./brand-logo";
import { CodeBox } from "./code-box";
import { ExpiredBadge, RegulatedNotice } from "./notices";
import { ReportedNotWorking, TrustLine } from "./offer-trust";
import { followPath, ReferralLink } from "./referral-link";
import type { OfferCardView } from "~/catalogue/card";

export const primaryButton = "btn-primary";
export const secondaryButton = "btn-secondary";

/**
 * The code of an offer: a box the visitor can copy from, or, when the catalogue gives an instruction instead of
 * a code ('Cliquez sur le lien', 'Me contacter'), that instruction as a sentence.
 */
export function OfferCode({
  offer,
}: {
  offer: Pick<OfferCardView, "brand" | "slug" | "code" | "codeIsInstruction" | "canCopy">;
}) {
  if (!offer.codeIsInstruction) {
    return <CodeBox brand={offer.brand} slug={offer.slug} code={offer.code} canCopy={offer.canCopy} />;
  }
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

/**
 * What the offer gives, its code, and what visitors and the owner say of it: the heart of a card, and of the brand
 * page's offer (`prominent`).
 */
export function OfferEssentials({ offer, prominent = false }: { offer: OfferCardView; prominent?: boolean }) {
  // Cut here rather than sent cut: a listing's data would carry every offer's text twice.
  const lines = splitOffer(offer.description);
  return (
    <>
      <div>
        <p className={prominent ? "text-2xl font-extrabold leading-snug text-slate-900" : "offer-headline"}>
          {lines.headline}
        </p>
        {lines.details ? (
          <p className={prominent ? "mt-2 text-slate-700" : "mt-1 line-clamp-2 text-sm text-slate-600"}>
            {lines.details}
          </p>
        ) : null}
      </div>
      <OfferCode offer={offer} />
      <ReportedNotWorking trust={offer.trust} />
      <TrustLine trust={offer.trust} />
      {offer.follows ? <p className="text-xs text-slate-600">{offer.follows}</p> : null}
    </>
  );
}

/** One offer; its links are plain anchors, made client-side navigation by the grid around it (OfferGrid). */
export function OfferCard({ offer }: { offer: OfferCardView }) {
  return (
    <article className="offer-card">
      <header className="flex items-center gap-3">
        <BrandLogo brand={offer.brand} logo={offer.logo} />
        <div className="min-w-0">
          <h3 className="text-base font-bold text-slate-900">
            <a href={`/offres/${offer.slug}`} className="hover:underline focus:outline-none focus-visible:underline">
              {offer.brand}
            </a>
          </h3>
          {offer.expired ? <ExpiredBadge /> : null}
        </div>
      </header>
      <OfferEssentials offer={offer} />
      <RegulatedNotice regulated={offer.regulated} compact />
      <div className={`mt-auto grid gap-2 ${offer.showLink ? "grid-cols-[3fr_2fr]" : "grid-cols-1"}`}>
        {offer.showLink ? (
          <ReferralLink href={followPath(offer.slug)} className={primaryButton}>
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
