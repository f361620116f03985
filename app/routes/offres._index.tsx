import { Link, useLoaderData } from "@remix-run/react";
import { CATEGORIES, OVERVIEW_CATEGORY_IDS } from "~/catalogue/categories";
import { listingAddress, pageSuffix } from "~/catalogue/pagination";
import { CategoryTabs } from "~/components/category-tabs";
import { Faq } from "~/components/faq";
import { JsonLd } from "~/components/json-ld";
import { ListingResults } from "~/components/listing-results";
import { SearchForm } from "~/components/search-form";
import { StepCards } from "~/components/text-card";
import { EVERY_OFFER_FEED, pageMeta, siteInfo } from "~/seo";
import { listingAnswer, loadListing, offresPageTexts } from "~/services/pages/listing.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  pageMeta(siteInfo(matches), {
    title: `Codes Parrainage ${page?.year ?? new Date().getFullYear()} : toutes les offres de parrainage${pageSuffix(page?.listing)}`,
    description:
      "Toutes les offres de parrainage du moment : banques, crypto, cashback, livraison, mobilité. Recherchez un service et copiez son code de parrainage.",
    ...listingAddress("/offres", page),
    feed: EVERY_OFFER_FEED,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const listing = await loadListing(request);
  const page = { ...listing, year: new Date().getFullYear(), content: await offresPageTexts() };
  return listingAnswer(page);
}

const OVERVIEW_TABS = CATEGORIES.filter(
  (category) => category.id === "all" || OVERVIEW_CATEGORY_IDS.includes(category.id as never),
);

export default function Offers() {
  const { query, category, sort, listing, year, initials, content } = useLoaderData<typeof loader>();
  const shown = { action: "/offres", query, category, sort };

  return (
    <div className="space-y-8 sm:space-y-16">
      {/* Compact above the cards: on a phone's first screen, the first offer shows below every control. */}
      <header className="space-y-4 sm:space-y-6">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Codes Parrainage {year}</h1>
        <SearchForm {...shown} label="Rechercher une offre" placeholder="Rechercher une marque ou un service..." />
        <CategoryTabs {...shown} categories={OVERVIEW_TABS} label="Catégories" />
        <p className="text-sm sm:text-base">
          <Link to="/codes" className="font-semibold text-indigo-800 underline hover:text-indigo-900">
            Toutes les catégories
          </Link>{" "}
          (alimentation, mobilité, paris et autres)
        </p>
      </header>

      <ListingResults {...shown} listing={listing} initials={initials} />

      <section aria-labelledby="intro-title" className="space-y-4">
        <h2 id="intro-title" className="text-2xl font-bold text-slate-900">
          {content.intro.title}
        </h2>
        {content.intro.paragraphs.map((paragraph) => (
          <p key={paragraph} className="text-slate-700">
            {paragraph}
          </p>
        ))}
      </section>

      <section aria-labelledby="howto-title" className="space-y-6">
        <h2 id="howto-title" className="text-2xl font-bold text-slate-900">
          Comment utiliser un code de parrainage en 5 étapes
        </h2>
        <StepCards steps={content.howTo} numbering="label" />
      </section>

      <section aria-labelledby="faq-title" className="space-y-6">
        <h2 id="faq-title" className="text-2xl font-bold text-slate-900">
          Questions fréquentes sur le parrainage
        </h2>
        <Faq items={content.faq} />
        <JsonLd data={content.faqJsonLd} />
      </section>
    </div>
  );
}
