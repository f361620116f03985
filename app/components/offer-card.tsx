import { Link } from "@remix-run/react";
import type { OfferCardView } from "~/catalogue/offers";
import { BrandLogo } from "./brand-logo";
import { CodeBox } from "./code-box";
import { ExpiredBadge, RegulatedNotice } from "./notices";
import { ReferralLink } from "./referral-link";

export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2";

export function OfferCard({ offer, headingLevel = 3 }: { offer: OfferCardView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md">
      <header className="flex items-center gap-3">
        <BrandLogo brand={offer.brand} logo={offer.logo} />
        <div className="min-w-0">
          <Heading className="text-lg font-bold text-slate-900">
            <Link to={`/offres/${offer.slug}`} className="hover:underline focus:outline-none focus-visible:underline">
              {offer.brand}
            </Link>
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
        <Link to={`/offres/${offer.slug}`} className={secondaryButton} aria-label={`Plus d'infos sur ${offer.brand}`}>
          Plus d'infos
        </Link>
      </div>
    </article>
  );
}
