import { parseWithZod } from "@conform-to/zod/v4";
import { experienceMonth, reasonLabel, TESTIMONIAL_LIMITS, TESTIMONIAL_REASONS } from "@contract/testimonial-fields";
import { Form, useLoaderData } from "@remix-run/react";
import { parsePageNumber } from "~/catalogue/pagination";
import { RETENTIONS } from "~/catalogue/retentions";
import { outcomeMail } from "~/catalogue/testimonials";
import { fieldClass } from "~/components/back-office/fields";
import {
  BackOfficePage,
  backOfficeMeta,
  dangerButton,
  frenchDateTime,
  MissingKey,
  outlineButton,
} from "~/components/back-office/frame";
import { Pagination } from "~/components/pagination";
import { ReasonOptions } from "~/components/testimonial-reasons";
import { firstError, testimonialDecisionSchema, type TestimonialDecision } from "~/forms/owner-intents";
import { flashedSuccess } from "~/forms/server-toasts";
import { getConfig } from "~/services/config/env.server";
import { readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { missingKey, ownerAccessFor, ownerStoreFor, ownerWrite } from "~/services/owner/back-office.server";
import { brandNameForSlug, findBrandOffer, tryLoadCatalogue } from "~/services/pages/offers.server";
import { authorsAreEmailed } from "~/services/pages/testimonials.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { OwnerStore, OwnerTestimonial } from "~/services/backend/types.server";

export const meta: MetaFunction = () => backOfficeMeta("Témoignages");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

/** Testimonials a page of the moderation lists. */
const PER_PAGE = 20;
const PATH = "/gestion/temoignages";
const pageHref = (page: number) => (page > 1 ? `${PATH}?page=${page}` : PATH);
const pageOf = (url: URL) => parsePageNumber(url.searchParams.getAll("page")) ?? 1;

/** A brand's name from its slug, for the list and the e-mails (the slug of an offer no longer listed). */
async function brandNames(): Promise<(slug: string) => string> {
  const catalogue = await tryLoadCatalogue();
  return (slug) => (catalogue && findBrandOffer(catalogue, slug)?.brand) || slug;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await ownerAccessFor(request);
  const page = pageOf(new URL(request.url));
  const found = access.ok
    ? await access.store.listTestimonials({ offset: (page - 1) * PER_PAGE, limit: PER_PAGE })
    : { testimonials: [], total: 0 };
  const brand = await brandNames();
  return {
    missingKey: missingKey(access),
    page,
    pageCount: Math.max(1, Math.ceil(found.total / PER_PAGE)),
    total: found.total,
    testimonials: found.testimonials.map((testimonial) => ({ ...testimonial, brand: brand(testimonial.offerSlug) })),
  };
}

/** The notices shown at once; the others, up to the testimonial's share, fold under them. */
const NOTICES_SHOWN = 3;

function NoticeList({ reports }: { reports: OwnerTestimonial["reports"] }) {
  return (
    <ul className="mt-1 list-disc space-y-1 pl-5">
      {reports.map((report, index) => (
        <li key={index} className="break-words">
          {reasonLabel(report.reason)}, le {frenchDateTime(report.createdAt)}
          {report.details ? ` : ${report.details}` : ""}
        </li>
      ))}
    </ul>
  );
}

/** A testimonial's notices: how many, by reason, the first ones, and the rest folded. */
function Notices({ reports }: { reports: OwnerTestimonial["reports"] }) {
  const byReason = TESTIMONIAL_REASONS.map(({ value, label }) => ({
    label,
    count: reports.filter((report) => report.reason === value).length,
  })).filter(({ count }) => count > 0);
  const folded = reports.slice(NOTICES_SHOWN);
  return (
    <div className="rounded-lg bg-red-50 p-3 text-sm text-red-950">
      <h3 className="font-bold">
        {`${reports.length} signalement${reports.length > 1 ? "s" : ""}`}
        {reports.length > 1
          ? ` (${byReason.map(({ label, count }) => `${label.toLowerCase()} : ${count}`).join(", ")})`
          : ""}
      </h3>
      {reports.length >= TESTIMONIAL_LIMITS.reportsPerTestimonial ? (
        <p>
          Ce témoignage a atteint {TESTIMONIAL_LIMITS.reportsPerTestimonial} signalements : les suivants sont refusés
          jusqu'à ce que vous les classiez.
        </p>
      ) : null}
      <NoticeList reports={reports.slice(0, NOTICES_SHOWN)} />
      {folded.length ? (
        <details className="mt-1">
          <summary className="cursor-pointer font-semibold underline">
            Voir {folded.length === 1 ? "l'autre signalement" : `les ${folded.length} autres signalements`}
          </summary>
          <NoticeList reports={folded} />
        </details>
      ) : null}
    </div>
  );
}

type Intent = TestimonialDecision["intent"];

const DONE: Record<Intent, ReturnType<typeof flashedSuccess>> = {
  publish: flashedSuccess("Témoignage publié", "Il apparaît sur la page de l'offre."),
  refuse: flashedSuccess(
    "Témoignage refusé",
    `Il n'est pas publié et sera effacé dans ${RETENTIONS.refusedTestimonialDays} jours.`,
  ),
  feature: flashedSuccess("Choisi pour l'accueil", "Il fait partie des témoignages de la page d'accueil."),
  unfeature: flashedSuccess("Retiré de l'accueil", "Il reste publié sur la page de l'offre."),
  "dismiss-reports": flashedSuccess("Signalements classés", "Le témoignage reste tel quel."),
  delete: flashedSuccess("Témoignage effacé", "Il est effacé pour de bon."),
};

export async function action({ request }: ActionFunctionArgs) {
  const store = await ownerStoreFor(request);
  const submission = parseWithZod(await readForm(request), { schema: testimonialDecisionSchema });
  if (submission.status !== "success") throw new Response(firstError(submission.error), { status: 400 });
  const decision = submission.value;

  const back = pageHref(pageOf(new URL(request.url)));
  const done = await ownerWrite(request, back, () => decide(store, decision));
  if (!done) throw new Response("Ce témoignage n'existe plus, ou cette action ne s'y applique pas.", { status: 404 });
  return redirectWithSuccess(request, back, DONE[decision.intent], { status: 303 });
}

/** Carries out one decision; false when the testimonial no longer exists or the decision does not apply to it. */
async function decide(store: OwnerStore, decision: TestimonialDecision): Promise<boolean> {
  if (decision.intent === "delete") return (await store.deleteTestimonial(decision.id)) !== null;
  const reason = decision.intent === "refuse" ? decision.reason : null;
  // Only a decision the author hears of needs the brand's name.
  const mail =
    (decision.intent === "publish" || decision.intent === "refuse") && authorsAreEmailed()
      ? outcomeMail(
          (await brandNameForSlug(decision.offre)) ?? decision.offre,
          decision.intent,
          reason,
          `${getConfig().siteUrl}/offres/${encodeURIComponent(decision.offre)}`,
        )
      : null;
  return (await store.moderateTestimonial({ id: decision.id, action: decision.intent, reason, mail })) !== null;
}

const STATES: Record<OwnerTestimonial["status"], { label: string; className: string }> = {
  pending: { label: "En attente de modération", className: "border-amber-300 bg-white" },
  published: { label: "Publié", className: "border-green-300 bg-white" },
  refused: { label: "Refusé", className: "border-slate-200 bg-slate-100" },
};

/** One decision on one testimonial: a native form, the testimonial's id and offer with it. */
function Decision({
  testimonial,
  intent,
  label,
  danger = false,
}: {
  testimonial: OwnerTestimonial;
  intent: Intent;
  label: string;
  danger?: boolean;
}) {
  return (
    <Form reloadDocument method="post">
      <input type="hidden" name="id" value={testimonial.id} />
      <input type="hidden" name="offre" value={testimonial.offerSlug} />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={danger ? dangerButton : outlineButton}>
        {label}
      </button>
    </Form>
  );
}

function TestimonialCard({ testimonial }: { testimonial: OwnerTestimonial & { brand: string } }) {
  const state = STATES[testimonial.status];
  return (
    <li className={`space-y-3 rounded-2xl border-2 p-4 ${state.className}`}>
      <h2 className="text-lg font-bold text-slate-900">
        {testimonial.brand} · {state.label}
      </h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">De</dt>
        <dd className="break-words">{testimonial.name}</dd>
        <dt className="font-semibold">Offre utilisée en</dt>
        <dd>{experienceMonth(testimonial.experiencedIn)}</dd>
        <dt className="font-semibold">Reçu le</dt>
        <dd>{frenchDateTime(testimonial.createdAt)}</dd>
        <dt className="font-semibold">E-mail</dt>
        <dd>{testimonial.hasEmail ? "Donné : l'auteur recevra votre décision" : "Aucun"}</dd>
        {testimonial.publishedAt ? (
          <>
            <dt className="font-semibold">Publié le</dt>
            <dd>
              {frenchDateTime(testimonial.publishedAt)}
              {testimonial.featured ? " · choisi pour l'accueil" : ""}
            </dd>
          </>
        ) : null}
        {testimonial.refusalReason ? (
          <>
            <dt className="font-semibold">Raison du refus</dt>
            <dd>{reasonLabel(testimonial.refusalReason)}</dd>
          </>
        ) : null}
      </dl>
      <p className="whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-slate-800">{testimonial.text}</p>
      {testimonial.reports.length ? <Notices reports={testimonial.reports} /> : null}
      <div className="flex flex-wrap items-start gap-2">
        {testimonial.status !== "published" ? (
          <Decision testimonial={testimonial} intent="publish" label="Publier" />
        ) : null}
        {testimonial.status === "published" ? (
          <Decision
            testimonial={testimonial}
            intent={testimonial.featured ? "unfeature" : "feature"}
            label={testimonial.featured ? "Retirer de l'accueil" : "Choisir pour l'accueil"}
          />
        ) : null}
        {testimonial.reports.length ? (
          <Decision testimonial={testimonial} intent="dismiss-reports" label="Classer les signalements" />
        ) : null}
        {testimonial.status !== "refused" ? (
          <details className="text-sm">
            <summary className="cursor-pointer rounded-lg px-3 py-1.5 font-semibold text-indigo-800 underline">
              Refuser…
            </summary>
            <Form reloadDocument method="post" className="mt-2 space-y-2">
              <input type="hidden" name="id" value={testimonial.id} />
              <input type="hidden" name="offre" value={testimonial.offerSlug} />
              <input type="hidden" name="intent" value="refuse" />
              <label htmlFor={`raison-${testimonial.id}`} className="block font-semibold">
                Raison du refus
              </label>
              <select id={`raison-${testimonial.id}`} name="reason" required defaultValue="" className={fieldClass}>
                <ReasonOptions />
              </select>
              <button type="submit" className={outlineButton}>
                Refuser
              </button>
            </Form>
          </details>
        ) : null}
        <details className="text-sm">
          <summary className="cursor-pointer rounded-lg px-3 py-1.5 font-semibold text-red-800 underline">
            Effacer…
          </summary>
          <Form reloadDocument method="post" className="mt-2 space-y-2">
            <p>Le témoignage et ses signalements seront effacés pour de bon.</p>
            <input type="hidden" name="id" value={testimonial.id} />
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className={dangerButton}>
              Effacer définitivement
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

export default function Testimonials() {
  const { missingKey, testimonials, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <BackOfficePage title="Témoignages">
      {missingKey ? <MissingKey variable={missingKey} /> : null}
      <p className="text-sm text-slate-700">
        Rien n'est publié sans votre accord. Publiez ce qui raconte une expérience réelle avec l'offre ; refusez les
        insultes, la diffamation, les données personnelles, le hors-sujet et la publicité. L'auteur qui a laissé son
        e-mail reçoit votre décision, puis son adresse est effacée.
      </p>
      {missingKey ? null : testimonials.length === 0 ? (
        <p className="text-slate-700">Aucun témoignage pour l'instant.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {total} témoignage{total > 1 ? "s" : ""} : en attente d'abord, puis publiés (signalés en tête), puis
            refusés.
          </p>
          <ol className="space-y-4" aria-label="Témoignages, en attente d'abord">
            {testimonials.map((testimonial) => (
              <TestimonialCard key={testimonial.id} testimonial={testimonial} />
            ))}
          </ol>
          <Pagination href={pageHref} page={page} pageCount={pageCount} label="Pages des témoignages" />
        </>
      )}
    </BackOfficePage>
  );
}
