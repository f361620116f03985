import { getFormProps, useForm } from "@conform-to/react";
import { reasonLabel } from "@contract/feedback-fields";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FOLLOWS_PERIOD_DAYS, periodDays } from "~/catalogue/audience";
import { formatFrenchDate, todayInFrance } from "~/catalogue/dates";
import { isReportedNotWorking, successPercent } from "~/catalogue/feedback";
import { missingFacts } from "~/catalogue/to-complete";
import { OfferFields } from "~/components/back-office/fields";
import { BackOfficePage, backOfficeButton, backOfficeMeta, MissingKey } from "~/components/back-office/frame";
import { parseNewBrandForm } from "~/forms/brand-form";
import { flashedSuccess } from "~/forms/server-toasts";
import { getBackend } from "~/services/backend/index.server";
import { readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { missingKey, ownerAccessFor, ownerStoreFor } from "~/services/owner/back-office.server";
import { loadCatalogue } from "~/services/pages/offers.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { NewBrandFormFields } from "~/forms/brand-form";
import type { FeedbackCounts } from "~/services/backend/types.server";

export const meta: MetaFunction = () => backOfficeMeta("Offres");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

/** The share of "Oui" among the votes, 2 without any: offers without votes come last. */
const yesShare = (votes: FeedbackCounts | undefined) =>
  votes && votes.yes + votes.no > 0 ? votes.yes / (votes.yes + votes.no) : 2;

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await ownerAccessFor(request);
  const backend = await getBackend();
  const [catalogue, counts, audience] = await Promise.all([
    loadCatalogue(),
    backend.recentFeedback().catch((): FeedbackCounts[] => []),
    access.ok ? access.store.offerCountsSince(periodDays(todayInFrance(), FOLLOWS_PERIOD_DAYS)[0] ?? "") : [],
  ]);
  const follows = new Map<string, number>();
  for (const day of audience) follows.set(day.offerSlug, (follows.get(day.offerSlug) ?? 0) + day.follows);
  const votes = new Map(counts.map((count) => [count.offerSlug, count]));
  const offers = catalogue.everyOffer
    .map((offer) => {
      const offerVotes = votes.get(offer.slug);
      return {
        slug: offer.slug,
        brand: offer.brand,
        yes: offerVotes?.yes ?? 0,
        no: offerVotes?.no ?? 0,
        percent: successPercent(offerVotes),
        reported: isReportedNotWorking(offerVotes),
        topReason: reasonLabel(offerVotes?.topReason) ?? null,
        lastVoteOn: offerVotes?.lastVoteOn ?? null,
        verifiedOn: offer.verifiedOn ?? null,
        follows30: follows.get(offer.slug) ?? 0,
        startsOn: offer.startsOn ?? null,
        validUntil: offer.validUntil ?? null,
        missing: missingFacts(offer),
        share: yesShare(offerVotes),
      };
    })
    .sort((a, b) => a.share - b.share || b.no - a.no || a.brand.localeCompare(b.brand, "fr"));
  return { missingKey: missingKey(access), offers, today: catalogue.today };
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await ownerStoreFor(request);
  const submission = parseNewBrandForm(await readForm(request));
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const brand = submission.value;
  if ((await store.createBrand(brand)) === "exists") {
    return data(
      { result: submission.reply({ fieldErrors: { name: ["Une marque porte déjà ce nom ou cette adresse."] } }) },
      { status: 400 },
    );
  }
  return redirectWithSuccess(
    request,
    `/gestion/offres/${brand.slug}`,
    flashedSuccess("Marque ajoutée", `${brand.name} est en ligne.`),
    { status: 303 },
  );
}

/** "Ajouter une marque": open again, with the values sent and their errors, when the server refused them. */
function NewBrandForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<NewBrandFormFields>({
    id: "nouvelle-marque",
    lastResult: actionData?.result,
    defaultValue: { category: "finance", bonus_kind: "non-precise" },
    shouldValidate: "onSubmit",
  });
  return (
    <details open={Boolean(actionData)} className="rounded-2xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-bold text-indigo-800">Ajouter une marque</summary>
      <Form reloadDocument method="post" {...getFormProps(form)} noValidate={false} className="mt-4 space-y-4">
        <OfferFields form="brand" fields={fields} headingLevel="h2" />
        <button type="submit" className={backOfficeButton}>
          Ajouter la marque
        </button>
      </Form>
    </details>
  );
}

export default function Offers() {
  const { missingKey, offers, today } = useLoaderData<typeof loader>();
  return (
    <BackOfficePage title="Offres">
      {missingKey ? <MissingKey variable={missingKey} /> : <NewBrandForm />}
      <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a href="/gestion/offres.csv" download className="font-semibold text-indigo-800 underline">
          Exporter les offres (CSV)
        </a>
        <Link reloadDocument to="/gestion/import" className="font-semibold text-indigo-800 underline">
          Importer un fichier CSV
        </Link>
      </p>
      <p className="text-sm text-slate-700">Les moins bien notées d'abord (avis des 90 derniers jours).</p>
      <ol className="grid gap-3 sm:grid-cols-2" aria-label="Offres, les moins bien notées d'abord">
        {offers.map((offer) => (
          <li
            key={offer.slug}
            className={`space-y-2 rounded-2xl border bg-white p-4 ${offer.reported ? "border-red-400" : "border-slate-200"}`}
          >
            <h2 className="text-lg font-bold">
              <Link reloadDocument to={`/gestion/offres/${offer.slug}`} className="text-indigo-800 underline">
                {offer.brand}
              </Link>
            </h2>
            {offer.reported ? (
              <p className="text-sm font-semibold text-red-800">Signalée comme ne fonctionnant plus</p>
            ) : null}
            {offer.missing.length > 0 ? (
              <p className="text-sm font-semibold text-amber-900">{`À compléter : ${offer.missing.join(", ")}`}</p>
            ) : null}
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold">Avis</dt>
              <dd>
                {`${offer.yes} oui, ${offer.no} non${offer.percent === null ? "" : ` (${offer.percent}\u202f% de réussite)`}`}
              </dd>
              <dt className="font-semibold">Raison la plus donnée</dt>
              <dd>{offer.topReason ?? "Aucune"}</dd>
              <dt className="font-semibold">Dernier avis</dt>
              <dd>{offer.lastVoteOn ? formatFrenchDate(offer.lastVoteOn) : "Aucun"}</dd>
              <dt className="font-semibold">Clics (30 jours)</dt>
              <dd>{offer.follows30}</dd>
              <dt className="font-semibold">Vérifiée</dt>
              <dd>{offer.verifiedOn ? `le ${formatFrenchDate(offer.verifiedOn)}` : "Jamais"}</dd>
              <dt className="font-semibold">Début</dt>
              <dd>
                {offer.startsOn
                  ? `${formatFrenchDate(offer.startsOn)}${offer.startsOn > today ? " (programmée, pas encore en ligne)" : ""}`
                  : "Dès maintenant"}
              </dd>
              <dt className="font-semibold">Fin de validité</dt>
              <dd>
                {offer.validUntil
                  ? `${formatFrenchDate(offer.validUntil)}${offer.validUntil < today ? " (expirée)" : ""}`
                  : "Aucune"}
              </dd>
            </dl>
          </li>
        ))}
      </ol>
    </BackOfficePage>
  );
}
