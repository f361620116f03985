import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { FEATURED_OFFERS } from "~/catalogue/offer-rules";
import { HOW_OFFERS_ARE_RANKED, HOW_VOTES_WORK, SELECTION_ANCHOR } from "~/catalogue/site-pages";
import { Faq } from "~/components/faq";
import { Icon } from "~/components/icon";
import { useInAppClicks } from "~/components/in-app-clicks";
import { JsonLd } from "~/components/json-ld";
import { RewardDisclosure } from "~/components/notices";
import { primaryButton, secondaryButton } from "~/components/offer-card";
import { OfferGrid } from "~/components/offer-grid";
import { CARD } from "~/components/page-block";
import { ServerMarkup } from "~/components/server-markup";
import { TestimonialQuote } from "~/components/testimonial-quote";
import { StepCards, TextCard } from "~/components/text-card";
import { EVERY_OFFER_FEED, pageMeta, siteInfo } from "~/seo";
import { guideLinksHtml } from "~/services/pages/guide-links.server";
import { latestGuides, loadWriting } from "~/services/pages/guides.server";
import { homeNews, homeOverview } from "~/services/pages/home.server";
import { toCardView, tryLoadCatalogue, UNAVAILABLE } from "~/services/pages/offers.server";
import { homeTexts } from "~/services/pages/site-texts.server";
import { homeTestimonialCards } from "~/services/pages/testimonials.server";
import type { MouseEvent } from "react";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = ({ matches }) => {
  const site = siteInfo(matches);
  return pageMeta(site, {
    title: `${site.siteName} - Les meilleurs codes et offres de parrainage`,
    description:
      "Les meilleurs codes et liens de parrainage pour économiser : banques, crypto, cashback, livraison, mobilité et plus de 40 services. Copiez un code en un clic.",
    path: "/",
    feed: EVERY_OFFER_FEED,
  });
};

export async function loader() {
  const [catalogue, writing] = await Promise.all([tryLoadCatalogue(), loadWriting()]);
  const content = homeTexts(writing);
  if (!catalogue) {
    return data({ featured: null, testimonials: [], content, ...homeNews(null), ...homeOverview(null) }, UNAVAILABLE);
  }
  return {
    content,
    guidesHtml: guideLinksHtml("Nos derniers guides", latestGuides(writing), true),
    ...homeOverview(catalogue),
    featured: catalogue.featured.map((offer) => toCardView(offer, catalogue)),
    ...homeNews(catalogue),
    testimonials: await homeTestimonialCards(catalogue),
  };
}

/** "Nouveautés": the offers added or improved in the last NEWS_DAYS days, newest first; only when there are some. */
function NewsSection({
  news,
  href,
}: {
  news: { slug: string; brand: string; headline: string; terms?: string; on: string }[];
  href: string;
}) {
  return (
    <section aria-labelledby="news-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="news-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Nouveautés
        </h2>
        <Link to={href} className={secondaryButton}>
          Toutes les nouveautés
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {news.map((offer) => (
          <li key={offer.slug} className={`${CARD} p-4`}>
            <Link to={`/offres/${offer.slug}`} className="font-bold text-indigo-800 underline">
              {offer.brand}
            </Link>
            <p className="font-semibold text-slate-900">{offer.headline}</p>
            <p className="text-sm text-slate-700">
              {[offer.terms, `depuis le ${offer.on}`].filter(Boolean).join(" · ")}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The first screen's way in: a search sent to /offres (a plain GET form, so it works without JavaScript), the count
 * of running offers, and every category with its own count.
 */
function QuickStart({
  runningCount,
  categories,
}: {
  runningCount: number | null;
  categories: { id: string; label: string; href: string; count: number }[];
}) {
  const navigateInApp = useInAppClicks();
  return (
    <div className="mx-auto mt-5 max-w-2xl space-y-4 text-left sm:mt-8">
      <Form method="get" action="/offres" role="search" className="flex gap-2">
        <label htmlFor="home-search" className="sr-only">
          Rechercher une offre
        </label>
        <input
          id="home-search"
          type="search"
          name="q"
          maxLength={100}
          autoComplete="off"
          placeholder="Une marque ou un service"
          className="min-h-11 w-full flex-1 rounded-lg border-0 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600 focus:outline-none focus:ring-2 focus:ring-amber-300"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg bg-amber-300 px-3 font-semibold text-slate-900 hover:bg-amber-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <Icon name="search" className="h-5 w-5" />
          <span className="sr-only sm:not-sr-only">Rechercher</span>
        </button>
      </Form>
      {runningCount !== null ? (
        <p className="text-center font-semibold text-white">
          {`${runningCount} offre${runningCount > 1 ? "s" : ""} de parrainage en cours dans ${categories.length} catégorie${categories.length > 1 ? "s" : ""}`}
        </p>
      ) : null}
      {categories.length > 0 ? (
        <nav aria-label="Catégories">
          {/* Plain links, made client-side navigation by one handler: cheaper to render than a Link each. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegation, not a control */}
          <ul className="flex flex-wrap justify-center gap-2" onClick={navigateInApp}>
            {categories.map((category) => (
              <li key={category.id}>
                <a
                  href={category.href}
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-white/15 px-3 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/25 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
                >
                  {category.label}{" "}
                  <span className="font-normal text-indigo-50">
                    {category.count}
                    <span className="sr-only">{category.count > 1 ? " offres" : " offre"}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** With JavaScript the banner button scrolls smoothly; without, it is a plain anchor to the section. */
function scrollToFeatured(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById("featured-offers");
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  history.replaceState(null, "", "#featured-offers");
  target.focus({ preventScroll: true });
}

export default function Home() {
  const page = useLoaderData<typeof loader>();
  const { featured, news, newsPage, testimonials, content, runningCount, categories } = page;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.siteName ?? "CodeParrain";

  return (
    <div className="space-y-20">
      <section className="-mt-4 rounded-3xl bg-gradient-to-br from-indigo-700 to-violet-800 px-4 py-6 text-center text-white sm:mt-0 sm:px-12 sm:py-12">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-5xl">
          {siteName} - Les meilleurs codes et offres de parrainage
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-base text-indigo-50 sm:mt-6 sm:text-lg">{content.banner}</p>
        <QuickStart runningCount={runningCount} categories={categories} />
        <div className="mt-5 flex flex-wrap justify-center gap-3 sm:mt-8 sm:gap-4">
          <Link
            to="/offres"
            className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 font-semibold text-indigo-800 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-indigo-700 sm:px-6"
          >
            Voir toutes les offres
          </Link>
          <a
            href="#featured-offers"
            onClick={scrollToFeatured}
            className="inline-flex min-h-11 items-center rounded-lg border border-white px-4 font-semibold text-white hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white sm:px-6"
          >
            Meilleures offres
          </a>
        </div>
      </section>

      <section
        id="featured-offers"
        tabIndex={-1}
        aria-labelledby="featured-title"
        className="scroll-mt-24 space-y-6 focus:outline-none"
      >
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="featured-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Notre sélection
          </h2>
          <div className="flex flex-wrap gap-2">
            <Link to="/codes" className={secondaryButton}>
              Parcourir par catégorie
            </Link>
            <Link to="/offres" className={secondaryButton}>
              Voir toutes les offres
            </Link>
          </div>
        </div>
        {/* Fewer than three when the catalogue has fewer complete offers (catalogue/examples.ts): it says so. */}
        <p
          className={
            featured && featured.length < FEATURED_OFFERS
              ? "rounded-xl bg-amber-50 p-4 text-amber-950"
              : "text-slate-700"
          }
        >
          {featured && featured.length < FEATURED_OFFERS
            ? "Le catalogue est en cours de remplissage : une offre rejoint cette sélection quand son code ou son lien a été vérifié."
            : "Trois offres choisies par l'éditeur du site parmi celles en cours et sans signalement, non classées par popularité."}{" "}
          <Link to={`${HOW_OFFERS_ARE_RANKED.path}#${SELECTION_ANCHOR}`} className="text-indigo-800 underline">
            Comment elles sont choisies
          </Link>
        </p>
        {featured ? (
          <>
            {featured.length > 0 ? <OfferGrid offers={featured} /> : null}
            <RewardDisclosure siteName={siteName} />
          </>
        ) : (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-900">
            Une erreur est survenue lors du chargement des offres.
          </p>
        )}
      </section>

      {news.length > 0 ? <NewsSection news={news} href={newsPage} /> : null}

      {"guidesHtml" in page && page.guidesHtml ? <ServerMarkup html={page.guidesHtml} /> : null}

      <section aria-labelledby="why-title" className="space-y-6">
        <h2 id="why-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {content.why.title}
        </h2>
        <div className="space-y-4 text-slate-700">
          {content.why.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {content.why.highlights.map((highlight) => (
            <TextCard key={highlight.title} title={highlight.title} text={highlight.text} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="space-y-6">
        <h2 id="steps-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Comment ça marche ?
        </h2>
        <StepCards steps={content.steps} numbering="circle" />
        <div className="text-center">
          <Link to="/offres" className={primaryButton}>
            Découvrir les offres
          </Link>
        </div>
      </section>

      <section aria-labelledby="faq-title" className="space-y-6">
        <h2 id="faq-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Questions fréquentes
        </h2>
        <Faq items={content.faq} />
        <JsonLd data={content.faqJsonLd} />
      </section>

      {testimonials.length > 0 ? (
        <section aria-labelledby="testimonials-title" className="space-y-6">
          <h2 id="testimonials-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Ils ont économisé grâce au parrainage
          </h2>
          <p className="text-slate-700">
            Témoignages de visiteurs, publiés après modération et choisis pour cette page par le responsable du site.{" "}
            <Link to={`${HOW_VOTES_WORK.path}#temoignages`} className="font-medium text-indigo-800 underline">
              Comment sont recueillis les témoignages
            </Link>
          </p>
          <ul className="grid gap-6 md:grid-cols-3">
            {testimonials.map((testimonial) => (
              <li key={testimonial.id} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
                <TestimonialQuote testimonial={testimonial} />
                <Link to={`/offres/${testimonial.slug}`} className="text-sm font-medium text-indigo-800 underline">
                  Offre {testimonial.brand}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
