import { experienceYears } from "@contract/testimonial-contract";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { todayInFrance } from "~/catalogue/dates";
import { takesVotes } from "~/catalogue/offer-rules";
import { TESTIMONIALS_ANCHOR } from "~/catalogue/site-pages";
import { BackLink } from "~/components/back-link";
import { OffersUnavailable } from "~/components/offers-unavailable";
import { TestimonialForm, TestimonialThanks } from "~/components/testimonials";
import { refusedForm } from "~/forms/refused-form";
import { siteInfo } from "~/seo";
import { readForm } from "~/services/form-request.server";
import { secureCookieFor } from "~/services/http/cookies.server";
import { formPageHeaders } from "~/services/http/headers.server";
import { findBrandOffer, offerForSlug, tryLoadCatalogue, UNAVAILABLE } from "~/services/pages/offers.server";
import {
  authorsAreEmailed,
  eraseLinkFlash,
  formStartedToken,
  reportTestimonial,
  submitTestimonial,
  testimonialPostOf,
} from "~/services/pages/testimonials.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { AddressNote, ReportAnswer, TestimonialAnswer } from "~/forms/testimonial-form";

/**
 * `/offres/{slug}/temoignage`: where a brand page's testimonial form and notices are sent. Opened directly, or
 * answered after a refused testimonial without JavaScript, it shows the form alone, with the values typed; after a
 * testimonial stored without JavaScript, the thanks and, once, the author's erasure link.
 */
export const headers: HeadersFunction = formPageHeaders;

const LINK_KEY = "lien";
const NOTE_KEY = "adresse";
const ADDRESS_NOTES: readonly AddressNote[] = ["confirmation", "already-asked"];
const thanksPath = (slug: string) => `/offres/${slug}/temoignage`;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const catalogue = await tryLoadCatalogue();
  if (!catalogue) return data({ offer: null }, UNAVAILABLE);
  const offer = findBrandOffer(catalogue, params.slug ?? "");
  if (!offer || !takesVotes(offer, todayInFrance())) throw new Response("Offre introuvable", { status: 404 });
  const storage = eraseLinkFlash();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const link = session.get(LINK_KEY) as string | undefined;
  const note = session.get(NOTE_KEY) as unknown;
  const addressNote = ADDRESS_NOTES.find((known) => known === note) ?? null;
  const page = {
    offer: { slug: offer.slug, brand: offer.brand },
    thanks: link === undefined ? null : { eraseLink: link === "" ? null : link, addressNote },
    startedToken: formStartedToken(),
    askEmail: authorsAreEmailed(),
    years: experienceYears(),
  };
  if (link === undefined) return page;
  // Shown once: the cookie goes with this answer, which no cache keeps (the route's row).
  return data(page, {
    headers: {
      "Set-Cookie": await storage.destroySession(session, {
        path: thanksPath(offer.slug),
        secure: secureCookieFor(request),
      }),
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const offer = await offerForSlug(params.slug ?? "");
  if (!offer) throw new Response("Offre introuvable", { status: 404 });
  const form = await readForm(request);
  const post = testimonialPostOf(form);
  if (!post) throw new Response("Action inconnue.", { status: 400 });

  if (post.intent === "signaler") {
    const outcome = await reportTestimonial(request, post);
    if (post.byScript || !outcome.ok) {
      return data<{ report: ReportAnswer }>(
        {
          report: outcome.ok
            ? { ok: true }
            : {
                ok: false,
                result: refusedForm({ reason: post.reason, details: post.details }, outcome.error),
              },
        },
        { status: outcome.ok ? 200 : outcome.status },
      );
    }
    return redirectWithSuccess(
      request,
      `/offres/${offer.slug}#${TESTIMONIALS_ANCHOR}`,
      { message: "Signalement transmis", description: "Le responsable du site l'examinera. Merci." },
      { status: 303 },
    );
  }

  if (!takesVotes(offer, todayInFrance())) throw new Response("Offre introuvable", { status: 404 });
  const { answer, httpStatus, retryAfter } = await submitTestimonial(request, form, offer);
  if (post.byScript || answer.status === "refused") {
    return data<{ testimonial: TestimonialAnswer }>(
      { testimonial: answer },
      { status: httpStatus, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined },
    );
  }
  const storage = eraseLinkFlash();
  const session = await storage.getSession();
  session.flash(LINK_KEY, answer.eraseLink ?? "");
  if (answer.addressNote) session.flash(NOTE_KEY, answer.addressNote);
  return redirect(thanksPath(offer.slug), {
    status: 303,
    headers: {
      "Set-Cookie": await storage.commitSession(session, {
        path: thanksPath(offer.slug),
        secure: secureCookieFor(request),
      }),
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => {
  const site = siteInfo(matches);
  const brand = page?.offer?.brand;
  return [
    { title: brand ? `Votre témoignage sur ${brand} - ${site.siteName}` : `Offre indisponible - ${site.siteName}` },
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function TestimonialPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!page.offer) return <OffersUnavailable backTo="/offres" />;
  const { offer } = page;
  const report = answer && "report" in answer ? answer.report : undefined;
  const refused =
    answer && "testimonial" in answer && answer.testimonial.status === "refused" ? answer.testimonial : undefined;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <BackLink fallback={`/offres/${offer.slug}`} label={`Retour à l'offre ${offer.brand}`} />
      <h1 className="text-2xl font-extrabold text-slate-900">Votre témoignage sur {offer.brand}</h1>
      {report && !report.ok ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
          {report.result.error?.[""]}
        </p>
      ) : null}
      {"thanks" in page && page.thanks ? (
        <TestimonialThanks {...page.thanks} />
      ) : (
        <TestimonialForm
          slug={offer.slug}
          brand={offer.brand}
          startedToken={page.startedToken}
          askEmail={page.askEmail}
          years={page.years}
          refused={refused}
        />
      )}
    </div>
  );
}
