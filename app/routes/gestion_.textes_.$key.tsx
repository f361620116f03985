import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  BackOfficePage,
  backOfficeButton,
  backOfficeMeta,
  MissingKey,
  outlineButton,
} from "~/components/back-office/frame";
import { KeptVersions, RestoringNotice, SaveRefusal } from "~/components/back-office/kept-versions";
import { TextFields, TextPreview } from "~/components/back-office/text-fields";
import { WrongFields, type WrongField } from "~/components/wrong-fields";
import { BRAND_TEXT_PREFIX, siteText, textValue, type SiteText, type TextValue } from "~/content/site-texts";
import { flashedSuccess } from "~/forms/server-toasts";
import { changeList, checkText, readTextForm, textIntent } from "~/forms/site-text-form";
import { readForm, TEXT_FORM_BYTES } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { deskFor, ownerWriteFailure } from "~/services/owner/back-office.server";
import { brandNameForSlug } from "~/services/pages/offers.server";
import { typesetAll } from "~/services/pages/site-texts.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => backOfficeMeta(page?.title ?? "Texte");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

/** The text of the address: a page's, or a brand's of the catalogue; else a 404. */
async function textOf(key: string | undefined): Promise<SiteText> {
  const slug = key?.startsWith(BRAND_TEXT_PREFIX) ? key.slice(BRAND_TEXT_PREFIX.length) : null;
  const text = key && siteText(key, slug ? await brandNameForSlug(slug) : undefined);
  if (!text) throw new Response("Texte introuvable", { status: 404 });
  return text;
}

/**
 * `/gestion/textes/{key}`: a text's form, its preview (rendered by the server, so it works without JavaScript) and
 * its last 20 versions. `?version=N` fills the form with a kept version: saving it restores it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { desk, missing } = await deskFor(request, "siteTextDesk");
  const text = await textOf(params.key);
  const page = { missing, key: text.key, title: text.title, path: text.path, fields: text.fields };
  if (!desk) return data({ ...page, value: text.original, version: 0, edited: false, restoring: null, versions: [] });
  const shownVersion = Number(new URL(request.url).searchParams.get("version") ?? "") || null;
  const [saved, versions] = await Promise.all([desk.text(text.key, shownVersion), desk.versions(text.key)]);
  if (!saved) throw new Response("Version introuvable", { status: 404 });
  const restoring =
    saved.shownVersion === saved.version || !saved.savedAt
      ? null
      : { version: saved.shownVersion, savedAt: saved.savedAt };
  return data({
    ...page,
    value: saved.value ? textValue(text, saved.value) : text.original,
    version: saved.version,
    edited: saved.value !== null,
    restoring,
    versions,
  });
}

/** The version the form was drawn from: a whole number (0 for a text never saved). */
function formVersion(form: FormData): number {
  const sent = form.get("version");
  if (typeof sent !== "string" || !/^\d{1,9}$/.test(sent)) throw new Response("Version illisible.", { status: 400 });
  return Number(sent);
}

const CONFLICT =
  "Rien n'a été enregistré\u00a0: le texte a été modifié depuis l'ouverture de ce formulaire (dans un autre onglet). Votre texte est gardé ci-dessous\u00a0: ouvrez le texte à jour, puis reportez-y vos changements.";

const sameValue = (a: TextValue, b: TextValue) => JSON.stringify(a) === JSON.stringify(b);

export async function action({ request, params }: ActionFunctionArgs) {
  const { desk } = await deskFor(request, "siteTextDesk");
  if (!desk) throw new Response("Définissez SUPABASE_SERVICE_ROLE_KEY.", { status: 503 });
  const text = await textOf(params.key);
  const form = await readForm(request, TEXT_FORM_BYTES);
  const intent = textIntent(text, form);
  if (!intent) throw new Response("Action inconnue.", { status: 400 });
  const version = formVersion(form);
  const typed = readTextForm(text, form);
  // What the form shows again: the value as typed, what to correct in it, why nothing was saved.
  const answer = (value: TextValue, wrong: WrongField[] = [], formError: string | null = null) => ({
    value,
    version,
    wrong,
    errors: Object.fromEntries(wrong.map((field) => [field.id, field.message])),
    formError,
    preview: null as TextValue | null,
    conflict: false,
  });
  if (typeof intent === "object") return data(answer(changeList(typed, intent)));
  const { value, wrong } = checkText(text, typed);
  if (intent === "apercu") return data({ ...answer(typed, wrong), preview: typesetAll(value) as TextValue });
  if (intent === "enregistrer" && wrong.length > 0) return data(answer(typed, wrong), { status: 400 });
  // A text saved as it was bundled is saved as the bundled one: it follows the site's next versions.
  const saved = intent === "origine" || sameValue(value, text.original) ? null : value;
  let outcome;
  try {
    outcome = await desk.save(text.key, version, saved);
  } catch (error) {
    return data(answer(typed, [], await ownerWriteFailure(error)), { status: 503 });
  }
  if (!outcome.ok) return data({ ...answer(typed, [], CONFLICT), conflict: true }, { status: 409 });
  const toast =
    saved === null
      ? flashedSuccess("Texte d'origine rétabli", "La page montre de nouveau le texte livré avec le site.")
      : flashedSuccess("Texte enregistré", "La page le montre déjà.");
  return redirectWithSuccess(request, `/gestion/textes/${text.key}`, toast, { status: 303 });
}

export default function EditText() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const value = answer?.value ?? page.value;
  const version = answer ? answer.version : page.version;
  const buttons = (
    <div className="flex flex-wrap gap-2">
      <button type="submit" name="intent" value="apercu" className={outlineButton}>
        Aperçu
      </button>
      <button type="submit" name="intent" value="enregistrer" className={backOfficeButton}>
        Enregistrer
      </button>
      {page.edited ? (
        <button type="submit" name="intent" value="origine" className={outlineButton}>
          Revenir au texte d'origine
        </button>
      ) : null}
    </div>
  );
  return (
    <BackOfficePage title={page.title}>
      {page.missing ? <MissingKey variable={page.missing} /> : null}
      <p className="flex flex-wrap gap-4 text-sm">
        <Link reloadDocument to="/gestion/textes" className="font-semibold text-indigo-800 underline">
          Tous les textes
        </Link>
        <a href={page.path} className="font-semibold text-indigo-800 underline">
          Voir la page
        </a>
      </p>
      {answer?.preview ? (
        <section
          aria-labelledby="apercu"
          className="space-y-3 rounded-2xl border-2 border-dashed border-indigo-300 bg-white p-4"
        >
          <h2 id="apercu" className="font-bold">
            Aperçu (rien n'est enregistré)
          </h2>
          <WrongFields fields={answer.wrong} before="avant l'enregistrement" />
          <TextPreview fields={page.fields} value={answer.preview} />
        </section>
      ) : null}
      <Form
        key={`${page.restoring?.version ?? "current"}-${answer ? "answer" : "page"}`}
        reloadDocument
        method="post"
        id="texte"
        aria-labelledby="texte-formulaire"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="texte-formulaire" className="font-bold">
          {page.edited ? "Texte modifié" : "Texte d'origine"}
        </h2>
        {page.restoring && !answer ? <RestoringNotice {...page.restoring} /> : null}
        {answer?.formError ? (
          <SaveRefusal
            message={answer.formError}
            updated={
              answer.conflict
                ? { href: `/gestion/textes/${page.key}`, label: "Ouvrir le texte à jour dans un nouvel onglet" }
                : null
            }
          />
        ) : null}
        {answer && !answer.preview ? <WrongFields fields={answer.wrong} before="avant l'enregistrement" /> : null}
        <input type="hidden" name="version" value={version} />
        {buttons}
        <TextFields fields={page.fields} value={value} errors={answer?.errors ?? {}} />
        {buttons}
      </Form>
      <KeptVersions
        versions={page.versions.map((kept) => ({ ...kept, note: kept.original ? "texte d'origine" : "" }))}
      />
    </BackOfficePage>
  );
}
