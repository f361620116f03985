import type { OfferCardView } from "~/catalogue/offers";
import { BrandLogo } from "./brand-logo";
import { CodeBox } from "./code-box";
import { ExpiredBadge, RegulatedNotice } from "./notices";
import { ReferralLink } from "./referral-link";

export const primaryButton = "btn-primary";
export const secondaryButton = "btn-secondary";

/** One offer; its links are plain anchors, made client-side navigation by the grid around it (OfferGrid). */
export function OfferCard({ offer, headingLevel = 3 }: { offer: OfferCardView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="offer-card">
      <header className="flex items-center gap-3">
        <BrandLogo brand={offer.brand} logo={offer.logo} />
        <div className="min-w-0">
          <Heading className="text-lg font-bold text-slate-900">
            <a href={`/offres/${offer.slug}`} className="hover:underline focus:outline-none focus-visible:underline">
              {offer.brand}
            </a>
          </Heading>
          {offer.expired ? <ExpiredBadge /> : null}
        </div>
      </header>
      <p className="line-clamp-3 text-sm text-slate-700">{offer.description}</p>
      <CodeBox brand={offer.brand} code={offer.code} canCopy={offer.canCopy && !offer.expired} />
      <RegulatedNotice regulated={offer.regulated} compact />
      <div className="mt-auto flex flex-wrap gap-2">
        {offer.link && !offer.expired ? (
          <ReferralLink href={offer.link} className={primaryButton}>
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
