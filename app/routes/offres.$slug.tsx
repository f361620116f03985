import { randomUUID } from "node:crypto";
import { experienceYears } from "@contract/testimonial-contract";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  useActionData,
  useFetcher,
  useLoaderData,
  useParams,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { alertFormView } from "~/catalogue/alert-topics";
import { categoryById } from "~/catalogue/categories";
import { formatFrenchDate, isExpired } from "~/catalogue/dates";
import { describeChange, HISTORY_SHOWN } from "~/catalogue/history";
import { takesVotes } from "~/catalogue/offer-rules";
import { parsePageNumber } from "~/catalogue/pagination";
import { canonicalSlug } from "~/catalogue/slugs";
import {
  offerTestimonials,
  TESTIMONIAL_FORM_ANCHOR,
  TESTIMONIAL_PAGE_PARAMETER,
  TESTIMONIALS_ANCHOR,
  toTestimonialView,
} from "~/catalogue/testimonials";
import { BackLink } from "~/components/back-link";
import { BrandLogo } from "~/components/brand-logo";
import { Disclosure } from "~/components/disclosure";
import { faqJsonLd } from "~/components/faq";
import { FeedbackBlock } from "~/components/feedback-block";
import { JsonLd } from "~/components/json-ld";
import { deferredPart } from "~/components/lazy-on-client";
import { RegulatedNotice, RewardDisclosure } from "~/components/notices";
import { OfferEssentials, primaryButton } from "~/components/offer-card";
import { OfferConditions } from "~/components/offer-conditions";
import { OfferHistory } from "~/components/offer-history";
import { OffersUnavailable } from "~/components/offers-unavailable";
import { CARD, PageBlock } from "~/components/page-block";
import { Pagination } from "~/components/pagination";
import { QUESTION_ANCHOR, QuestionForm } from "~/components/question-form";
import { followPath, ReferralLink } from "~/components/referral-link";
import { ServerMarkup } from "~/components/server-markup";
import { ShareOffer } from "~/components/share-offer";
import { TestimonialForm, TestimonialList, TestimonialsSection } from "~/components/testimonials";
import { BRAND_SECTIONS } from "~/content/brand-sections";
import { ASK_REASON_PARAMETER, voteFetcherKey, type FeedbackActionData } from "~/forms/feedback-form";
import { handleMessageAction, messageFormConstraint } from "~/forms/message-action.server";
import { pageMeta, siteInfo } from "~/seo";
import { alertFormHtml } from "~/services/alerts/alert-form-html.server";
import { alertStore } from "~/services/alerts/visitor-alerts.server";
import { formPageHeaders } from "~/services/http/headers.server";
import { offerHistory } from "~/services/pages/offer-history.server";
import {
  brandNameForSlug,
  findBrandOffer,
  toCardView,
  tryLoadCatalogue,
  UNAVAILABLE,
} from "~/services/pages/offers.server";
import { brandPageImage } from "~/services/pages/share-images.server";
import { authorsAreEmailed, formStartedToken, publishedTestimonials } from "~/services/pages/testimonials.server";
import type { loader as rootLoader } from "~/root";

/** The hand-written parts only some brands have: their code loads when one shows. */
const BrandSections = deferredPart("BrandSections");
const InfoCard = deferredPart("InfoCard");

/** Passes the Retry-After of a refused message (429) on to the page. */
export const headers: HeadersFunction = formPageHeaders;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const requested = params.slug ?? "";
  const slug = canonicalSlug(requested.toLowerCase());
  if (slug !== requested) {
    return redirect(`/offres/${encodeURIComponent(slug)}${new URL(request.url).search}`, 301);
  }
  const catalogue = await tryLoadCatalogue();
  if (!catalogue) return data({ unavailable: true as const, brand: null }, UNAVAILABLE);

  const offer = findBrandOffer(catalogue, slug);
  if (!offer) {
    console.warn(`404 : aucune offre pour ${new URL(request.url).pathname}`);
    throw new Response("Offre introuvable", { status: 404 });
  }
  const testimonialPage = parsePageNumber(new URL(request.url).searchParams.getAll(TESTIMONIAL_PAGE_PARAMETER));
  const testimonials =
    testimonialPage === undefined ? undefined : offerTestimonials(await publishedTestimonials(), slug, testimonialPage);
  if (!testimonials) throw new Response("Page introuvable", { status: 404 });
  const card = toCardView(offer, catalogue);
  const history = await offerHistory(slug, HISTORY_SHOWN);
  return {
    // "Me prévenir", when the site sends alerts.
    alertForm: (await alertStore())
      ? alertFormHtml(alertFormView({ kind: "marque", slug: offer.slug }, offer.brand, offer.category === "betting"))
      : null,
    unavailable: false as const,
    submissionId: randomUUID(),
    testimonials: {
      items: testimonials.items.map(toTestimonialView),
      page: testimonials.number,
      pageCount: testimonials.count,
    },
    // An ended offer asks nothing: neither a vote nor a testimonial would tell a visitor anything now.
    testimonialForm: takesVotes(offer, catalogue.today)
      ? { startedToken: formStartedToken(), askEmail: authorsAreEmailed(), years: experienceYears() }
      : null,
    questionConstraint: messageFormConstraint("question"),
    askReason: new URL(request.url).searchParams.get(ASK_REASON_PARAMETER) === "non",
    brand: {
      ...card,
      serviceDescription: offer.serviceDescription,
      link: offer.link,
      acceptsVotes: takesVotes(offer, catalogue.today),
      description: offer.description,
      conditions: offer.conditions,
      conditionsCheckedOn: offer.verifiedOn ? formatFrenchDate(offer.verifiedOn) : null,
      referrerReward: offer.referrerReward ?? null,
      advantages: offer.advantages,
      // Formatted here: the French date format would cost the browser tens of milliseconds to build on load.
      expiredOn: offer.validUntil && isExpired(offer, catalogue.today) ? formatFrenchDate(offer.validUntil) : undefined,
      categoryLabel: offer.category ? categoryById(offer.category).label : null,
      sections: BRAND_SECTIONS[slug] ?? null,
    },
    shareImage: brandPageImage(offer, catalogue),
    history: history.map((entry) => ({
      on: entry.recordedAt.slice(0, 10),
      date: formatFrenchDate(entry.recordedAt),
      change: entry.change,
      lines: describeChange(entry),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const slug = params.slug ?? "";
  const brandName = await brandNameForSlug(slug);
  if (!brandName) throw new Response("Offre introuvable", { status: 404 });
  return handleMessageAction({
    request,
    form: "question",
    trusted: { brandName },
    redirectTo: `/offres/${slug}`,
  });
}

/**
 * A testimonial or a notice answers in place; a vote answers with the offer's new summary, shown in place of the loaded one: reading the page's data again
 * would give the question form a new rendering id, and empty what the visitor is typing in it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.endsWith("/avis") || formAction?.endsWith("/temoignage") ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ matches, data: page, params }) => {
  const site = siteInfo(matches);
  const brand = page?.brand;
  if (!brand) {
    return [{ title: `Offre indisponible - ${site.siteName}` }, { name: "robots", content: "noindex, follow" }];
  }
  return pageMeta(site, {
    title: `Code parrainage ${brand.brand} : offre de parrainage ${new Date().getFullYear()} - ${site.siteName}`,
    description: `${brand.description} ${brand.canCopy ? `Code : ${brand.code}.` : ""}`.trim().slice(0, 300),
    path: `/offres/${params.slug}`,
    type: "article",
    keywords: `code parrainage ${brand.brand}, parrainage ${brand.brand}, lien parrainage ${brand.brand}, bonus ${brand.brand}`,
    image: page.shareImage,
  });
};

export default function BrandPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.siteName ?? "CodeParrain";
  const siteUrl = root?.siteUrl ?? "";
  const vote = useFetcher<FeedbackActionData>({ key: voteFetcherKey(useParams().slug ?? "") });

  if (page.unavailable) return <OffersUnavailable backTo="/offres" />;
  const brand = { ...page.brand, trust: vote.data?.status === "sent" ? vote.data.trust : page.brand.trust };
  const url = `${siteUrl}/offres/${brand.slug}`;
  const questionAnswer = actionData && "result" in actionData ? actionData : undefined;

  return (
    <div className="space-y-8">
      <BackLink fallback="/offres" />
      {/* The page's view, counted by the site itself, also when the page came from a shared cache. */}
      <img src={`/offres/${brand.slug}/vue`} alt="" width={1} height={1} className="absolute h-px w-px opacity-0" />
      <header className="space-y-2">
        <div className="flex items-center gap-3 sm:gap-4">
          <BrandLogo brand={brand.brand} logo={brand.logo} size="md" />
          <div className="min-w-0">
            {brand.categoryLabel ? <p className="font-semibold text-indigo-800">{brand.categoryLabel}</p> : null}
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
              Code parrainage {brand.brand}
            </h1>
          </div>
        </div>
        {brand.serviceDescription ? <p className="max-w-3xl text-slate-700">{brand.serviceDescription}</p> : null}
      </header>

      {/*
        One column on phones: the offer with its code and link first, then the vote, the alert and the sharing, the
        details, the testimonials and the question. From lg, details on the left and on the right the offer, which
        stays in view while the details scroll beside it, then the rest. The offer sticks only within its own cell, so
        it never slides over the forms below it.
      */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:grid-rows-[1fr_auto_auto] lg:gap-8">
        <div className="min-w-0 lg:col-start-3 lg:row-start-1">
          <section
            aria-labelledby="offer-title"
            className="brand-offer space-y-3 rounded-2xl border-2 border-indigo-200 bg-white p-4 text-base sm:p-6 lg:sticky lg:top-16"
          >
            <h2 id="offer-title" className="text-base font-semibold uppercase tracking-wide text-indigo-800">
              Offre de parrainage
            </h2>
            {brand.expired ? (
              <p className="rounded-md bg-red-50 p-3 text-base font-semibold text-red-900">
                Offre expirée{brand.expiredOn ? ` le ${brand.expiredOn}` : ""} : elle n'est plus proposée dans ces
                conditions. Vérifiez l'offre en cours sur le site de {brand.brand}.
              </p>
            ) : null}
            <OfferEssentials
              offer={brand}
              prominent
              action={
                brand.link ? (
                  <ReferralLink
                    href={brand.expired ? brand.link : followPath(brand.slug)}
                    className={`${primaryButton} w-full py-3 text-base shadow-md`}
                  >
                    {brand.expired ? `Voir le site de ${brand.brand}` : "Accéder à l'offre"}
                  </ReferralLink>
                ) : null
              }
            >
              <RegulatedNotice regulated={brand.regulated} />
              <p className="text-slate-700">{brand.description}</p>
              <OfferConditions
                brand={brand.brand}
                conditions={brand.conditions}
                checkedOn={brand.conditionsCheckedOn}
                referrerReward={brand.referrerReward}
              />
            </OfferEssentials>
            <RewardDisclosure siteName={siteName} />
          </section>
        </div>

        <div className="min-w-0 space-y-6 lg:col-start-3 lg:row-start-2">
          {brand.acceptsVotes ? (
            <FeedbackBlock slug={brand.slug} trust={brand.trust} askReason={page.askReason} />
          ) : null}
          {page.alertForm ? <ServerMarkup html={page.alertForm} className={CARD} /> : null}
          <ShareOffer brand={brand.brand} headline={brand.headline} url={url} />
        </div>

        <div className="min-w-0 space-y-6 lg:col-span-2 lg:col-start-1 lg:row-span-3 lg:row-start-1 lg:space-y-8">
          {brand.advantages.length ? (
            <PageBlock titleId="advantages-title" title="Avantages">
              <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
                {brand.advantages.map((advantage) => (
                  <li key={advantage}>{advantage}</li>
                ))}
              </ul>
            </PageBlock>
          ) : null}

          {brand.sections ? <BrandSections brand={brand.brand} sections={brand.sections} /> : null}

          {page.history.length > 0 ? <OfferHistory history={page.history} /> : null}

          <TestimonialsSection title={`Témoignages sur ${brand.brand}`}>
            <TestimonialList slug={brand.slug} testimonials={page.testimonials.items} />
            <Pagination
              href={(number) =>
                `/offres/${brand.slug}${number > 1 ? `?${TESTIMONIAL_PAGE_PARAMETER}=${number}` : ""}#${TESTIMONIALS_ANCHOR}`
              }
              page={page.testimonials.page}
              pageCount={page.testimonials.pageCount}
              label="Pages des témoignages"
            />
            {page.testimonialForm ? (
              <Disclosure summary="Écrire un témoignage">
                <div id={TESTIMONIAL_FORM_ANCHOR} className="mt-4 scroll-mt-24">
                  <TestimonialForm slug={brand.slug} brand={brand.brand} {...page.testimonialForm} />
                </div>
              </Disclosure>
            ) : null}
          </TestimonialsSection>
        </div>

        <aside
          className="min-w-0 space-y-6 lg:col-start-3 lg:row-start-3"
          aria-label={`À propos de l'offre ${brand.brand}`}
        >
          {brand.sections?.infoCard ? <InfoCard card={brand.sections.infoCard} /> : null}
          <PageBlock titleId="question-title" title="Une question sur cette offre ?">
            <p className="mt-1 text-base text-slate-700">Posez-la ici : nous vous répondrons par e-mail.</p>
            <Disclosure summary="Poser une question" open={Boolean(questionAnswer)} className="mt-3">
              <div id={QUESTION_ANCHOR} className="scroll-mt-24">
                <QuestionForm
                  brand={brand.brand}
                  action={`/offres/${brand.slug}`}
                  constraint={page.questionConstraint}
                  submissionId={page.submissionId}
                  actionData={questionAnswer}
                />
              </div>
            </Disclosure>
          </PageBlock>
        </aside>
      </div>

      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Product",
          name: `Code parrainage ${brand.brand}`,
          description: brand.description,
          url,
          ...(brand.logo ? { image: `${siteUrl}${brand.logo}` } : {}),
          brand: { "@type": "Brand", name: brand.brand },
        }}
      />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "Accueil", item: `${siteUrl}/` },
            { "@type": "ListItem", position: 2, name: "Toutes les offres", item: `${siteUrl}/offres` },
            { "@type": "ListItem", position: 3, name: brand.brand, item: url },
          ],
        }}
      />
      {brand.sections?.faq?.length ? <JsonLd data={faqJsonLd(brand.sections.faq)} /> : null}
      {page.testimonials.items.length ? (
        <JsonLd
          data={page.testimonials.items.map((testimonial) => ({
            "@context": "https://schema.org",
            "@type": "Review",
            itemReviewed: { "@type": "Organization", name: brand.brand },
            author: { "@type": "Person", name: testimonial.name },
            reviewBody: testimonial.text,
            datePublished: testimonial.publishedDate,
            publisher: { "@type": "Organization", name: siteName },
          }))}
        />
      ) : null}
    </div>
  );
}
