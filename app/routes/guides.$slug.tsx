import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GUIDES_PATH, guidePath, TABLE_OF_CONTENTS_FROM } from "~/catalogue/guides";
import { JsonLd } from "~/components/json-ld";
import { BettingNotice, RewardDisclosure } from "~/components/notices";
import { OfferGrid } from "~/components/offer-grid";
import { ServerMarkup } from "~/components/server-markup";
import { pageMeta, siteInfo } from "~/seo";
import { getConfig } from "~/services/config/env.server";
import {
  categoryLabelOf,
  guideListItem,
  guideNotices,
  guidePageImage,
  loadWriting,
  namedOfferCards,
  renderedGuide,
} from "~/services/pages/guides.server";
import { tryLoadCatalogue } from "~/services/pages/offers.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

/**
 * `/guides/{slug}`: one published guide, its text rendered once per version on the server, then the offers it names
 * as cards (their links, codes and notices drawn from the offers, never typed in the text). An address the guide had
 * before answers a 301 to today's.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const shelf = await loadWriting();
  if (!shelf) throw new Response("Guide momentanément indisponible.", { status: 503 });
  const slug = params.slug ?? "";
  const guide = shelf.guides.find((candidate) => candidate.slug === slug);
  if (!guide) {
    const moved = shelf.moves.get(slug);
    if (moved) throw redirect(`${guidePath(moved)}${new URL(request.url).search}`, 301);
    throw new Response("Guide introuvable", { status: 404 });
  }
  const rendered = renderedGuide(guide);
  const offers = namedOfferCards(rendered.offerSlugs, await tryLoadCatalogue());
  const { siteUrl, siteName, publisherName } = getConfig();
  const path = guidePath(guide.slug);
  const item = guideListItem(guide);
  const shareImage = guidePageImage(guide);
  return data({
    guide: item,
    html: rendered.html,
    sections: rendered.sections.length >= TABLE_OF_CONTENTS_FROM ? rendered.sections : [],
    offers,
    namesOffers: rendered.offerSlugs.length > 0,
    notices: guideNotices(offers),
    shareImage,
    articleJsonLd: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: guide.title,
      description: guide.summary || undefined,
      datePublished: guide.publishedAt,
      dateModified: guide.updatedAt,
      inLanguage: "fr-FR",
      url: `${siteUrl}${path}`,
      mainEntityOfPage: `${siteUrl}${path}`,
      image: `${siteUrl}${shareImage.path}`,
      articleSection: categoryLabelOf(guide.category) ?? undefined,
      author: { "@type": "Person", name: publisherName },
      publisher: { "@type": "Organization", name: siteName, url: siteUrl },
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => {
  const site = siteInfo(matches);
  if (!page) return [{ title: `Guide introuvable - ${site.siteName}` }, { name: "robots", content: "noindex" }];
  return pageMeta(site, {
    title: `${page.guide.title} - ${site.siteName}`,
    description: page.guide.summary || `Un guide de ${site.siteName} sur le parrainage.`,
    path: page.guide.path,
    type: "article",
    image: page.shareImage,
  });
};

export default function Guide() {
  const { guide, html, sections, offers, namesOffers, notices, articleJsonLd } = useLoaderData<typeof loader>();
  const siteName = articleJsonLd.publisher.name;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p className="text-sm">
        <Link to={GUIDES_PATH} className="font-semibold text-indigo-800 underline">
          Tous les guides
        </Link>
      </p>
      <article className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 sm:p-10">
        <header className="space-y-3">
          {guide.categoryLabel ? (
            <p className="text-sm font-semibold text-indigo-800">{`Guide · ${guide.categoryLabel}`}</p>
          ) : null}
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{guide.title}</h1>
          {guide.summary ? <p className="text-lg text-slate-700">{guide.summary}</p> : null}
          <p className="text-sm text-slate-600">
            {[
              `Publié le ${guide.publishedOn}`,
              guide.updatedOn ? `Mis à jour le ${guide.updatedOn}` : null,
              `${guide.minutes}\u00a0min de lecture`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </header>
        {namesOffers ? (
          <div className="space-y-2">
            <RewardDisclosure siteName={siteName} className="rounded-lg bg-slate-50 p-3" />
            {notices.betting ? <BettingNotice /> : null}
            {notices.warnings.map((warning) => (
              <p key={warning} className="risk-notice p-3 text-sm">
                {warning}
              </p>
            ))}
          </div>
        ) : null}
        {sections.length > 0 ? (
          <nav aria-labelledby="guide-sommaire" className="rounded-xl bg-slate-50 p-4">
            <h2 id="guide-sommaire" className="font-bold text-slate-900">
              Sommaire
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-6">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-indigo-800 underline">
                    {section.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <ServerMarkup html={html} className="guide-text" />
      </article>
      {offers.length > 0 ? (
        <section aria-labelledby="offres-du-guide" className="space-y-4">
          <h2 id="offres-du-guide" className="text-2xl font-bold text-slate-900">
            Les offres de ce guide
          </h2>
          <OfferGrid offers={offers} />
        </section>
      ) : null}
      <JsonLd data={articleJsonLd} />
    </div>
  );
}
