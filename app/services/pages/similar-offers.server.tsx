import { LRUCache } from "lru-cache";
import { renderToStaticMarkup } from "react-dom/server";
import { isExpired } from "~/catalogue/dates";
import { offerHeadline } from "~/catalogue/headline";
import { initialOf } from "~/catalogue/names";
import { BrandLogo } from "~/components/brand-logo";
import { CARD } from "~/components/page-block";
import type { ReferralOffer } from "~/catalogue/types";

/** How many offers "Offres similaires" shows at most. */
export const SIMILAR_OFFERS = 4;

interface SimilarOffer {
  slug: string;
  brand: string;
  logo?: string;
  headline: string;
  expired: boolean;
}

/**
 * The offers of the same category as `offer`, at most SIMILAR_OFFERS: the running ones first, from the brand after
 * this one in the catalogue's order (so that each brand page leads to its neighbours, not all to the same four),
 * then the expired ones.
 */
export function similarOffers(offers: readonly ReferralOffer[], offer: ReferralOffer, today: string): SimilarOffer[] {
  if (!offer.category) return [];
  const at = offers.indexOf(offer);
  const around = at < 0 ? offers : [...offers.slice(at + 1), ...offers.slice(0, at)];
  const same = around.filter((other) => other.slug !== offer.slug && other.category === offer.category);
  const running = same.filter((other) => !isExpired(other, today));
  const expired = same.filter((other) => isExpired(other, today));
  return [...running, ...expired].slice(0, SIMILAR_OFFERS).map((other) => ({
    slug: other.slug,
    brand: other.brand,
    ...(other.logo ? { logo: other.logo } : {}),
    headline: offerHeadline(other),
    expired: isExpired(other, today),
  }));
}

function SimilarOffers({ offers, category }: { offers: SimilarOffer[]; category: string }) {
  return (
    <section aria-labelledby="similaires-titre" className={`space-y-4 ${CARD}`}>
      <h2 id="similaires-titre" className="text-xl font-bold text-slate-900">
        Offres similaires
      </h2>
      <p className="text-sm text-slate-700">D'autres offres de la catégorie {category}.</p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {offers.map((offer) => (
          <li key={offer.slug} className="flex h-full items-center gap-3 rounded-xl border border-slate-200 p-3">
            <BrandLogo brand={offer.brand} initial={initialOf(offer.brand)} logo={offer.logo} />
            <span className="min-w-0">
              {/* The brand's name is the link: the offer's own "Accéder à l'offre" stays the page's strongest. */}
              <a href={`/offres/${offer.slug}`} className="block font-semibold text-indigo-800 underline">
                {offer.brand}
              </a>
              {offer.expired ? (
                <span className="block text-sm font-semibold text-red-800">Offre expirée</span>
              ) : (
                <span className="block text-sm text-slate-700">{offer.headline}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Each brand's block, by slug, for the offers it was made from: a brand page's render neither scans nor renders it. */
const renderedByOffers = new WeakMap<readonly ReferralOffer[], LRUCache<string, { html: string | null }>>();

/**
 * The block of `offer`'s page as HTML: plain links with no script, sent as loader data (`ServerMarkup`) so that the
 * brand page's JavaScript carries none of it; made once per brand for each list of offers (and day). Null when the
 * category has no other offer.
 */
export function similarOffersHtml(
  offers: readonly ReferralOffer[],
  offer: ReferralOffer,
  today: string,
  category: string | null,
): string | null {
  let rendered = renderedByOffers.get(offers);
  if (!rendered) renderedByOffers.set(offers, (rendered = new LRUCache({ max: 1_000 })));
  const key = `${today} ${offer.slug}`;
  let block = rendered.get(key);
  if (!block) {
    const similar = similarOffers(offers, offer, today);
    block = {
      html:
        similar.length === 0 || !category
          ? null
          : renderToStaticMarkup(<SimilarOffers offers={similar} category={category} />),
    };
    rendered.set(key, block);
  }
  return block.html;
}
