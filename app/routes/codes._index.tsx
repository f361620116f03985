import { useLoaderData } from "@remix-run/react";
import { alertFormView, isBettingTopic, topicLabel } from "~/catalogue/alert-topics";
import { CATEGORIES, categoryById, listTitle } from "~/catalogue/categories";
import { listingAddress, pageSuffix } from "~/catalogue/pagination";
import { CategoryTabs } from "~/components/category-tabs";
import { ListingResults } from "~/components/listing-results";
import { CARD } from "~/components/page-block";
import { SearchForm } from "~/components/search-form";
import { ServerMarkup } from "~/components/server-markup";
import { EVERY_OFFER_FEED, pageMeta, siteInfo } from "~/seo";
import { alertFormHtml } from "~/services/alerts/alert-form-html.server";
import { alertStore } from "~/services/alerts/visitor-alerts.server";
import { guideLinksHtml } from "~/services/pages/guide-links.server";
import { guidesOfCategory, loadWriting } from "~/services/pages/guides.server";
import { listingAnswer, loadListing } from "~/services/pages/listing.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => {
  const title = listTitle(page?.category ?? "all");
  return pageMeta(siteInfo(matches), {
    title: `${title} - codes promo et liens de parrainage${pageSuffix(page?.listing)}`,
    description: `${title} : codes et liens de parrainage classés par catégorie (finance, crypto, alimentation, shopping, mobilité, paris et autres).`,
    ...listingAddress("/codes", page),
    feed:
      !page || page.category === "all"
        ? EVERY_OFFER_FEED
        : { id: page.category, name: categoryById(page.category).label },
    image: page?.shareImage,
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const listing = await loadListing(request);
  // "Me prévenir" on a category's listing, when the site sends alerts.
  const topic = listing.category !== "all" ? ({ kind: "categorie", category: listing.category } as const) : null;
  const alertForm =
    topic && (await alertStore())
      ? alertFormHtml(alertFormView(topic, topicLabel(topic, undefined), isBettingTopic(topic, undefined)))
      : null;
  const guidesHtml =
    listing.category === "all"
      ? null
      : guideLinksHtml(
          `Nos guides sur ${categoryById(listing.category).label}`,
          guidesOfCategory(await loadWriting(), listing.category),
        );
  return listingAnswer({ ...listing, alertForm, guidesHtml });
}

export default function Codes() {
  const { query, category, sort, listing, initials, alertForm, guidesHtml } = useLoaderData<typeof loader>();
  const shown = { action: "/codes", query, category, sort };

  return (
    <div className="space-y-8">
      <header className="space-y-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Codes de parrainage par catégorie
        </h1>
        <SearchForm
          {...shown}
          label="Rechercher une marque ou un service"
          placeholder="Rechercher une marque ou un service..."
        />
        <CategoryTabs {...shown} categories={CATEGORIES} label="Catégories de codes" />
      </header>
      <ListingResults {...shown} listing={listing} initials={initials} />
      {guidesHtml ? <ServerMarkup html={guidesHtml} className="mx-auto max-w-xl" /> : null}
      {alertForm ? <ServerMarkup html={alertForm} className={`mx-auto max-w-xl ${CARD}`} /> : null}
    </div>
  );
}
