import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { CATEGORY_LIST, listTitle } from "~/catalogue/category-list";
import { CategoryTabs } from "~/components/category-tabs";
import { BettingNotice, RewardDisclosure } from "~/components/notices";
import { OfferList } from "~/components/offer-list";
import { SearchForm } from "~/components/search-form";
import type { loader as rootLoader } from "~/root";
import { pageMeta, siteInfo } from "~/seo";
import { loadListing } from "~/services/listing.server";
import { UNAVAILABLE } from "~/services/offers.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => {
  const title = listTitle(page?.category ?? "all");
  return pageMeta(siteInfo(matches), {
    title: `${title} - codes promo et liens de parrainage`,
    description: `${title} : codes et liens de parrainage classés par catégorie (finance, crypto, alimentation, shopping, mobilité, paris et autres).`,
    path: page?.category && page.category !== "all" ? `/codes?cat=${page.category}` : "/codes",
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const listing = await loadListing(request);
  return listing.offers ? listing : data(listing, UNAVAILABLE);
}

export default function Codes() {
  const { query, category, offers } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const resetHref = category === "all" ? "/codes" : `/codes?cat=${category}`;

  return (
    <div className="space-y-8">
      <header className="space-y-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Codes de parrainage par catégorie</h1>
        <SearchForm
          action="/codes"
          query={query}
          category={category}
          label="Rechercher une marque ou un service"
          placeholder="Rechercher une marque ou un service..."
        />
        <CategoryTabs action="/codes" categories={CATEGORY_LIST} current={category} query={query} label="Catégories de codes" />
      </header>
      {category === "betting" ? <BettingNotice /> : null}
      {offers ? (
        <OfferList title={listTitle(category)} offers={offers} siteUrl={root?.siteUrl ?? ""} searchTerm={query} resetHref={resetHref} />
      ) : (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-900">
          Une erreur est survenue lors du chargement des offres de parrainage.
        </p>
      )}
      <RewardDisclosure siteName={root?.siteName ?? "CodeParrain"} />
    </div>
  );
}
