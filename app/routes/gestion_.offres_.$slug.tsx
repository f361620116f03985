import { getFormProps, useForm } from "@conform-to/react";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatFrenchDate, todayInFrance } from "~/catalogue/dates";
import { HAND_WRITTEN_SLUGS } from "~/catalogue/offer-rules";
import { findOfferBySlug } from "~/catalogue/offers";
import { OfferFields } from "~/components/back-office/fields";
import {
  BackOfficePage,
  backOfficeButton,
  backOfficeMeta,
  MissingKey,
  outlineButton,
} from "~/components/back-office/frame";
import { parseOfferForm } from "~/forms/brand-form";
import { shownValues } from "~/forms/offer-columns";
import { flashedSuccess } from "~/forms/server-toasts";
import { getBackend } from "~/services/backend/index.server";
import { readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import {
  missingKey,
  ownerAccessFor,
  ownerStoreFor,
  ownerWrite,
  ownerWriteFailure,
} from "~/services/owner/back-office.server";
import { loadCatalogue } from "~/services/pages/offers.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { OfferFormFields } from "~/forms/brand-form";
import type { BrandColumns, OwnerStore } from "~/services/backend/types.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => backOfficeMeta(data?.brand ?? "Offre");

export const headers = backOfficeHeaders;

async function findOffer(slug: string | undefined) {
  const offer = findOfferBySlug((await loadCatalogue()).everyOffer, slug ?? "");
  if (!offer) throw new Response("Page introuvable", { status: 404 });
  return offer;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await ownerAccessFor(request);
  const offer = await findOffer(params.slug);
  return {
    missingKey: missingKey(access),
    slug: offer.slug,
    brand: offer.brand,
    handWritten: HAND_WRITTEN_SLUGS.has(offer.slug),
    verifiedOn: offer.verifiedOn ?? null,
    saved: shownValues("offer", offer),
  };
}

/**
 * Writes `changes` to the brand's row: the row the offer was read from, or, for an offer of the bundled catalogue
 * without one, a new row under the brand's name (which the other columns left empty let fall back to the bundle).
 */
async function saveOffer(store: OwnerStore, slug: string | undefined, changes: Partial<BrandColumns>) {
  const offer = await findOffer(slug);
  const rows = await (await getBackend()).listBrands();
  const row = rows.find((candidate) => String(candidate.id) === offer.id);
  if (row) {
    if (!(await store.updateBrand(String(row.id), changes))) throw new Response("Page introuvable", { status: 404 });
  } else {
    await store.upsertBrand({ name: offer.brand, slug: offer.slug, category: offer.category, ...changes });
  }
  return offer;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const store = await ownerStoreFor(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "verify") {
    // Checked again: votes count from now, even when it was already checked today.
    const offer = await ownerWrite(request, new URL(request.url).pathname, () =>
      saveOffer(store, params.slug, { verified_on: todayInFrance(), votes_since: new Date().toISOString() }),
    );
    return redirectWithSuccess(
      request,
      `/gestion/offres/${offer.slug}`,
      flashedSuccess("Offre vérifiée", `${offer.brand} est marquée vérifiée aujourd'hui.`),
      { status: 303 },
    );
  }
  if (intent !== "save") throw new Response("Action inconnue.", { status: 400 });
  const submission = parseOfferForm(form);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let offer: Awaited<ReturnType<typeof saveOffer>>;
  try {
    offer = await saveOffer(store, params.slug, submission.value);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The form comes back as typed, with why nothing was saved.
    const failure = await ownerWriteFailure(error);
    return data({ result: submission.reply({ formErrors: [failure] }) }, { status: 503 });
  }
  return redirectWithSuccess(
    request,
    `/gestion/offres/${offer.slug}`,
    flashedSuccess("Offre enregistrée", `La page de ${offer.brand} montre déjà les changements.`),
    { status: 303 },
  );
}

export default function EditOffer() {
  const { missingKey, slug, brand, handWritten, verifiedOn, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<OfferFormFields>({
    id: "offre",
    lastResult: actionData?.result,
    defaultValue: saved,
    shouldValidate: "onSubmit",
  });
  return (
    <BackOfficePage title={brand}>
      <p className="text-sm">
        <Link to={`/offres/${slug}`} className="font-semibold text-indigo-800 underline">
          Voir la page publique
        </Link>
      </p>
      {missingKey ? <MissingKey variable={missingKey} /> : null}
      <section aria-labelledby="verification" className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="verification" className="font-bold">
          Vérification
        </h2>
        <p className="text-sm">{verifiedOn ? `Vérifiée le ${formatFrenchDate(verifiedOn)}.` : "Jamais vérifiée."}</p>
        <Form reloadDocument method="post">
          <input type="hidden" name="intent" value="verify" />
          <button type="submit" className={outlineButton}>
            Marquer comme vérifié aujourd'hui
          </button>
        </Form>
      </section>
      <Form
        reloadDocument
        method="post"
        {...getFormProps(form)}
        noValidate={false}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 className="font-bold">L'offre</h2>
        {form.status === "error" ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
            {form.errors?.[0] ?? "L'offre n'est pas enregistrée : corrigez les champs signalés."}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="save" />
        <OfferFields form="offer" fields={fields} handWritten={handWritten} />
        <button type="submit" className={backOfficeButton}>
          Enregistrer
        </button>
      </Form>
    </BackOfficePage>
  );
}
