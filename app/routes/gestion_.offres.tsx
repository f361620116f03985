import { reasonLabel } from "@contract/feedback-fields";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatFrenchDate } from "~/catalogue/dates";
import { isReportedNotWorking, successPercent } from "~/catalogue/feedback";
import { Field, fieldClass, OfferFields } from "~/components/back-office/fields";
import { BackOfficePage, backOfficeButton, backOfficeMeta, MissingKey } from "~/components/back-office/frame";
import { BRAND_CATEGORIES, parseNewBrandForm } from "~/forms/brand-form";
import { flashedSuccess } from "~/forms/server-toasts";
import { getBackend } from "~/services/backend/index.server";
import { readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { loadCatalogue } from "~/services/offers.server";
import { missingKey, ownerAccessFor, ownerStoreFor } from "~/services/owner/back-office.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { FeedbackCounts } from "~/services/backend/types.server";

export const meta: MetaFunction = () => backOfficeMeta("Offres");

export const headers = backOfficeHeaders;

/** The share of "Oui" among the votes, 2 without any: offers without votes come last. */
const yesShare = (votes: FeedbackCounts | undefined) =>
  votes && votes.yes + votes.no > 0 ? votes.yes / (votes.yes + votes.no) : 2;

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await ownerAccessFor(request);
  const backend = await getBackend();
  const [catalogue, counts] = await Promise.all([
    loadCatalogue(),
    backend.recentFeedback().catch((): FeedbackCounts[] => []),
  ]);
  const votes = new Map(counts.map((count) => [count.offerSlug, count]));
  const offers = catalogue.offers
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
        validUntil: offer.validUntil ?? null,
        share: yesShare(offerVotes),
      };
    })
    .sort((a, b) => a.share - b.share || b.no - a.no || a.brand.localeCompare(b.brand, "fr"));
  return { missingKey: missingKey(access), offers, today: catalogue.today };
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await ownerStoreFor(request);
  const parsed = parseNewBrandForm(await readForm(request));
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  if ((await store.createBrand(parsed.value)) === "exists") {
    return data(
      {
        errors: { name: "Une marque porte déjà ce nom ou cette adresse." } as Record<string, string>,
        values: Object.fromEntries(Object.entries(parsed.value).map(([key, value]) => [key, String(value ?? "")])),
      },
      { status: 400 },
    );
  }
  return redirectWithSuccess(
    `/gestion/offres/${parsed.value.slug}`,
    flashedSuccess("Marque ajoutée", `${parsed.value.name} est en ligne.`),
    { status: 303 },
  );
}

function NewBrandForm() {
  const actionData = useActionData<typeof action>();
  const values: Record<string, string> = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <details open={Boolean(actionData)} className="rounded-2xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-bold text-indigo-800">Ajouter une marque</summary>
      <Form reloadDocument method="post" className="mt-4 space-y-4">
        <Field name="name" label="Nom de la marque" value={values.name ?? ""} error={errors.name} required />
        <Field
          name="slug"
          label="Adresse de la page (facultatif)"
          hint="Par exemple ma-banque pour /offres/ma-banque ; tirée du nom si vide."
          value={values.slug ?? ""}
          error={errors.slug}
        />
        <div className="space-y-1">
          <label htmlFor="champ-category" className="block text-sm font-semibold text-slate-800">
            Catégorie
          </label>
          <select
            id="champ-category"
            name="category"
            defaultValue={values.category ?? "finance"}
            className={fieldClass}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? "champ-category-erreur" : undefined}
          >
            {BRAND_CATEGORIES.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
          {errors.category ? (
            <p id="champ-category-erreur" className="text-sm font-medium text-red-800">
              {errors.category}
            </p>
          ) : null}
        </div>
        <Field
          name="description"
          label="Ce que fait la marque"
          value={values.description ?? ""}
          error={errors.description}
          required
        />
        <OfferFields values={values} errors={errors} />
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
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold">Avis</dt>
              <dd>
                {`${offer.yes} oui, ${offer.no} non${offer.percent === null ? "" : ` (${offer.percent}\u202f% de réussite)`}`}
              </dd>
              <dt className="font-semibold">Raison la plus donnée</dt>
              <dd>{offer.topReason ?? "Aucune"}</dd>
              <dt className="font-semibold">Dernier avis</dt>
              <dd>{offer.lastVoteOn ? formatFrenchDate(offer.lastVoteOn) : "Aucun"}</dd>
              <dt className="font-semibold">Vérifiée</dt>
              <dd>{offer.verifiedOn ? `le ${formatFrenchDate(offer.verifiedOn)}` : "Jamais"}</dd>
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
