import {
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
import { memo } from "react";
import {
  QUESTION_ANCHOR,
  TESTIMONIAL_FORM_ANCHOR,
  TESTIMONIAL_PAGE_PARAMETER,
  TESTIMONIALS_ANCHOR,
} from "~/catalogue/site-pages";
import { BackLink } from "~/components/back-link";
import { BrandLogo } from "~/components/brand-logo";
import { BrandOfferEssentials } from "~/components/brand-offer";
import { Disclosure } from "~/components/disclosure";
import { FeedbackBlock } from "~/components/feedback-block";
import { JsonLd } from "~/components/json-ld";
import { deferredFormPart } from "~/components/lazy-forms";
import { deferredPart } from "~/components/lazy-on-client";
import { PaidNote, RegulatedNotice, RewardDisclosure } from "~/components/notices";
import { primaryButton } from "~/components/offer-card";
import { OfferConditions } from "~/components/offer-conditions";
import { CARD, PageBlock } from "~/components/page-block";
import { followPath, ReferralLink } from "~/components/referral-link";
import { ServerMarkup } from "~/components/server-markup";
import { voteFetcherKey, type FeedbackActionData } from "~/forms/feedback-form";
import { handleMessageAction } from "~/forms/message-action.server";
import { keepFormAfterRefusal } from "~/forms/message-form";
import { pageMeta, siteInfo } from "~/seo";
import { formPageHeaders } from "~/services/http/headers.server";
import { loadBrandPage } from "~/services/pages/brand-page.server";
import { brandNameForSlug } from "~/services/pages/offers.server";
import type { loader as rootLoader } from "~/root";

/**
 * Parts whose code loads apart (the hand-written sections only some brands have, the sharing), right after the page hydrates; their server HTML stays in place meanwhile. Memoized
 * so that no re-render of the page reaches them before their code has arrived: React would then drop the server's
 * HTML for a moment.
 */
const BrandSections = memo(deferredPart("BrandSections"));
const InfoCard = memo(deferredPart("InfoCard"));
/** How to pass the page on: links, then the Web Share API's button where the browser has it. */
const ShareOffer = memo(deferredPart("ShareOffer"));
const OffersUnavailable = deferredPart("OffersUnavailable");
/** The offer's history, only once something has changed. */
const OfferHistory = deferredPart("OfferHistory");
const Pagination = deferredPart("Pagination");
/** The forms and the testimonials' notices: their code (and the form library's) loads when a visitor opens one. */
const QuestionForm = deferredFormPart("QuestionForm");
const TestimonialForm = deferredFormPart("TestimonialForm");
const TestimonialList = deferredFormPart("TestimonialList");

/**
 * "Poser une question", open when the form comes back with an error or a thank-you. Memoized, as the deferred parts
 * above: its code arrives after the page's.
 */
const QuestionDisclosure = memo(function QuestionDisclosure(props: Parameters<typeof QuestionForm>[0]) {
  return (
    <Disclosure
      summary="Poser une question"
      open={Boolean(props.actionData)}
      anchor={QUESTION_ANCHOR}

      className="mt-3"
    >
      <QuestionForm {...props} />
    </Disclosure>
  );
});

/** "Écrire un témoignage": without JavaScript an answer is a page of its own, so it opens only when asked to. */
const TestimonialDisclosure = memo(function TestimonialDisclosure(props: Parameters<typeof TestimonialForm>[0]) {
  return (
    <Disclosure summary="Écrire un témoignage" anchor={TESTIMONIAL_FORM_ANCHOR} className="mt-2">
      <div className="mt-4">
        <TestimonialForm {...props} />
      </div>
    </Disclosure>
  );
});

/** Passes the Retry-After of a refused message (429) on to the page. */
export const headers: HeadersFunction = formPageHeaders;

export const loader = (args: LoaderFunctionArgs) => loadBrandPage(args);

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
 * A testimonial or a notice answers in place; a vote answers with the offer's new summary, shown in place of the
 * loaded one; a refused question keeps its errors: reading the page's data again would give the question form a new
 * rendering id, and empty what the visitor is typing in it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.formAction?.endsWith("/avis") || args.formAction?.endsWith("/temoignage") ? false : keepFormAfterRefusal(args);

export const meta: MetaFunction<typeof loader> = ({ matches, data: page, params }) => {
  const site = siteInfo(matches);
  const brand = page?.brand;
  if (!brand) {
    return [{ title: `Offre indisponible - ${site.siteName}` }, { name: "robots", content: "noindex, follow" }];
  }
  return pageMeta(site, {
    title: `Code parrainage ${brand.brand} : offre de parrainage ${new Date().getFullYear()} - ${site.siteName}`,
    description: `${brand.description} ${brand.canCopy ? `Code : ${brand.code}.` : ""}`.trim().slice(0, 300),
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
          <BrandLogo brand={brand.brand} initial={brand.initial} logo={brand.logo} size="md" />
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
      <div className="brand-grid">
        <div className="min-w-0 lg:col-start-3 lg:row-start-1">
          <section aria-labelledby="offer-title" className="brand-offer">
            <h2 id="offer-title" className="text-base font-semibold uppercase tracking-wide text-indigo-800">
              Offre de parrainage
            </h2>
            {brand.expired ? (
              <p className="rounded-md bg-red-50 p-3 text-base font-semibold text-red-900">
                Offre expirée{brand.expiredOn ? ` le ${brand.expiredOn}` : ""} : elle n'est plus proposée dans ces
                conditions. Vérifiez l'offre en cours sur le site de {brand.brand}.
              </p>
            ) : null}
            <BrandOfferEssentials
              offer={brand}
              action={
                <>
                  {brand.link ? (
                    <ReferralLink
                      href={brand.expired ? brand.link : followPath(brand.slug)}
                      brand={brand.expired ? undefined : brand.brand}
                      className={`${primaryButton} w-full py-3 text-base shadow-md`}
                      example={brand.exampleLink}
                    >
                      {brand.expired ? `Voir le site de ${brand.brand}` : "Accéder à l'offre"}
                    </ReferralLink>
                  ) : null}
                  <PaidNote offer={brand} link={Boolean(brand.link)} className="paid text-sm" />
                  <RegulatedNotice regulated={brand.regulated} text={brand.warning} />
                </>
              }
            >
              <p className="text-slate-700">{brand.description}</p>
              <OfferConditions
                brand={brand.brand}
                conditions={brand.conditions}
                checkedOn={brand.conditionsCheckedOn}
                referrerReward={brand.referrerReward}
                details={brand.details}
              />
            </BrandOfferEssentials>
            <RewardDisclosure siteName={siteName} />
          </section>
        </div>

        <div className="brand-side brand-side-2">
          {brand.acceptsVotes ? (
            <FeedbackBlock slug={brand.slug} trust={brand.trust} askReason={page.askReason} />
          ) : null}
          {page.alertForm ? <ServerMarkup html={page.alertForm} className={CARD} /> : null}
          <ShareOffer brand={brand.brand} text={brand.shareText} url={url} />
        </div>

        <div className="brand-details">
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

          <PageBlock id={TESTIMONIALS_ANCHOR} title={`Témoignages sur ${brand.brand}`} className={`space-y-4 ${CARD}`}>
            {page.testimonials.items.length > 0 ? (
              <TestimonialList slug={brand.slug} testimonials={page.testimonials.items} />
            ) : (
              <p className="text-slate-700">Aucun témoignage publié pour l'instant.</p>
            )}
            {page.testimonials.pageCount > 1 ? (
              <Pagination
                href={(number) =>
                  `/offres/${brand.slug}${number > 1 ? `?${TESTIMONIAL_PAGE_PARAMETER}=${number}` : ""}#${TESTIMONIALS_ANCHOR}`
                }
                page={page.testimonials.page}
                pageCount={page.testimonials.pageCount}
                label="Pages des témoignages"
              />
            ) : null}
            {page.testimonialForm ? (
              <TestimonialDisclosure slug={brand.slug} brand={brand.brand} {...page.testimonialForm} />
            ) : null}
          </PageBlock>
        </div>

        <aside className="brand-side brand-side-3" aria-label={`À propos de l'offre ${brand.brand}`}>
          {brand.sections?.infoCard ? <InfoCard card={brand.sections.infoCard} /> : null}
          <PageBlock titleId="question-title" title="Une question sur cette offre ?">
            <p className="mt-1 text-base text-slate-700">Posez-la ici : nous vous répondrons par e-mail.</p>
            <QuestionDisclosure
              brand={brand.brand}
              action={`/offres/${brand.slug}`}
              constraint={page.questionConstraint}
              submissionId={page.submissionId}
              actionData={questionAnswer}
            />
          </PageBlock>
        </aside>
      </div>

      {page.relatedHtml ? <ServerMarkup html={page.relatedHtml} className="space-y-6" /> : null}

      {/* An offer being completed is no product to offer yet. */}
      {brand.awaiting ? null : (
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
      )}
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
      {page.faqJsonLd ? <JsonLd data={page.faqJsonLd} /> : null}
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
