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
import { editableColumns, newRowColumns, shownValues } from "~/forms/offer-columns";
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
import { takeDraft } from "~/services/owner/kept-form.server";
import { loadCatalogue } from "~/services/pages/offers.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { OfferFormFields } from "~/forms/brand-form";
import type { BrandColumns, OfferImportOutcome, OwnerStore } from "~/services/backend/types.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => backOfficeMeta(data?.brand ?? "Offre");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

async function findOffer(slug: string | undefined) {
  const offer = findOfferBySlug((await loadCatalogue()).everyOffer, slug ?? "");
  if (!offer) throw new Response("Page introuvable", { status: 404 });
  return offer;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await ownerAccessFor(request);
  const offer = await findOffer(params.slug);
  const saved = shownValues("offer", offer);
  // What the owner had typed when their session ended, back in the form after sign-in: shown, not saved.
  const draft = await takeDraft(request);
  const typed = draft?.fields.get("intent") === "save" ? draft : undefined;
  const version = Number(typed?.fields.get("version") ?? offer.version ?? 0);
  return data(
    {
      missingKey: missingKey(access),
      slug: offer.slug,
      brand: offer.brand,
      handWritten: HAND_WRITTEN_SLUGS.has(offer.slug),
      verifiedOn: offer.verifiedOn ?? null,
      version: Number.isSafeInteger(version) ? version : 0,
      saved: typed ? { ...saved, ...pick(typed.fields, Object.keys(saved)) } : saved,
      restored: Boolean(typed),
    },
    draft ? { headers: { "Set-Cookie": draft.setCookie } } : undefined,
  );
}

/** The entries of `fields` named in `names`. */
const pick = (fields: Map<string, string>, names: string[]) =>
  Object.fromEntries(names.filter((name) => fields.has(name)).map((name) => [name, fields.get(name)!]));

async function offerAndRow(slug: string | undefined) {
  const offer = await findOffer(slug);
  const rows = await (await getBackend()).listBrands();
  return { offer, row: rows.find((candidate) => String(candidate.id) === offer.id) };
}

/**
 * Writes the owner's check (`changes`: the day, and from when votes count) to the brand's row: the row the offer was
 * read from, or, for an offer of the bundled catalogue without one, a new row under the brand's name.
 */
async function saveCheck(store: OwnerStore, slug: string | undefined, changes: Partial<BrandColumns>) {
  const { offer, row } = await offerAndRow(slug);
  if (row) {
    if (!(await store.updateBrand(String(row.id), changes))) throw new Response("Page introuvable", { status: 404 });
  } else {
    await store.upsertBrand(newRowColumns(offer, changes));
  }
  return offer;
}

/**
 * Writes the edit form's `changes` only while the offer is still at `version`, the one the form was drawn from (0:
 * an offer of the bundle without a row; none: a post not drawn by the page, written whatever the version), in the
 * one statement that checks it: the import's. An edit made meanwhile, in another tab or by an import, is never
 * silently overwritten.
 */
async function saveEdit(
  store: OwnerStore,
  slug: string | undefined,
  changes: Partial<BrandColumns>,
  version: number | undefined,
): Promise<{ offer: Awaited<ReturnType<typeof findOffer>>; outcome: OfferImportOutcome }> {
  const { offer, row } = await offerAndRow(slug);
  if (!row && version) return { offer, outcome: { ok: false, reason: "gone" } };
  const columns = Object.fromEntries(editableColumns(changes));
  const write = row ? { id: String(row.id), version, columns } : { id: null, columns: newRowColumns(offer, columns) };
  return { offer, outcome: await store.importOffers([write]) };
}

/** The form's version of the offer: a whole number, or absent (a post not drawn by the page: no check). */
function formVersion(form: FormData): number | undefined {
  const sent = form.get("version");
  if (sent === null) return undefined;
  if (typeof sent !== "string" || !/^\d{1,9}$/.test(sent)) throw new Response("Version illisible.", { status: 400 });
  return Number(sent);
}

/** Why an edit was not written when the offer changed since the form was drawn; the typed values stay on the page. */
const EDIT_CONFLICT =
  "Rien n'a été enregistré : l'offre a été modifiée depuis l'ouverture de ce formulaire (dans un autre onglet ou par un import). Vos saisies sont gardées ci-dessous : ouvrez l'offre à jour, puis reportez-y vos changements.";

export async function action({ request, params }: ActionFunctionArgs) {
  const store = await ownerStoreFor(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "verify") {
    // Checked again: votes count from now, even when it was already checked today.
    const offer = await ownerWrite(request, new URL(request.url).pathname, () =>
      saveCheck(store, params.slug, { verified_on: todayInFrance(), votes_since: new Date().toISOString() }),
    );
    return redirectWithSuccess(
      request,
      `/gestion/offres/${offer.slug}`,
      flashedSuccess("Offre vérifiée", `${offer.brand} est marquée vérifiée aujourd'hui.`),
      { status: 303 },
    );
  }
  if (intent !== "save") throw new Response("Action inconnue.", { status: 400 });
  const version = formVersion(form);
  const submission = parseOfferForm(form);
  if (submission.status !== "success") return data({ result: submission.reply(), version }, { status: 400 });
  let saved: Awaited<ReturnType<typeof saveEdit>>;
  try {
    saved = await saveEdit(store, params.slug, submission.value, version);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The form comes back as typed, with why nothing was saved.
    const failure = await ownerWriteFailure(error);
    return data({ result: submission.reply({ formErrors: [failure] }), version }, { status: 503 });
  }
  if (!saved.outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [EDIT_CONFLICT] }), version, conflict: true },
      { status: 409 },
    );
  }
  const { offer } = saved;
  return redirectWithSuccess(
    request,
    `/gestion/offres/${offer.slug}`,
    flashedSuccess("Offre enregistrée", `La page de ${offer.brand} montre déjà les changements.`),
    { status: 303 },
  );
}

export default function EditOffer() {
  const { missingKey, slug, brand, handWritten, verifiedOn, version, saved, restored } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<OfferFormFields>({
    id: "offre",
    lastResult: actionData?.result,
    defaultValue: saved,
    shouldValidate: "onSubmit",
  });
  return (
    <BackOfficePage title={brand}>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to={`/offres/${slug}`} className="font-semibold text-indigo-800 underline">
          Voir la page publique
        </Link>
        <Link reloadDocument to={`/gestion/textes/marque-${slug}`} className="font-semibold text-indigo-800 underline">
          Textes de la page
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
        {restored && form.status !== "error" ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">
            Vos saisies d'avant la connexion sont remises ci-dessous. Rien n'est encore enregistré : vérifiez-les, puis
            enregistrez.
          </p>
        ) : null}
        {form.status === "error" ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
            {form.errors?.[0] ?? "L'offre n'est pas enregistrée : corrigez les champs signalés."}
            {actionData && "conflict" in actionData ? (
              <>
                {" "}
                <a href={`/gestion/offres/${slug}`} target="_blank" rel="noreferrer" className="underline">
                  Ouvrir l'offre à jour dans un nouvel onglet
                </a>
              </>
            ) : null}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="save" />
        {/* The version the values were read at: kept through a refused save, so that a newer edit is never lost. */}
        <input type="hidden" name="version" value={actionData?.version ?? version} />
        <OfferFields form="offer" fields={fields} handWritten={handWritten} />
        <button type="submit" className={backOfficeButton}>
          Enregistrer
        </button>
      </Form>
    </BackOfficePage>
  );
}
