import { data } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { guidePath } from "~/catalogue/guides";
import {
  BackOfficePage,
  backOfficeButton,
  backOfficeMeta,
  fieldClass,
  MissingKey,
  outlineButton,
} from "~/components/back-office/frame";
import { KeptVersions, RestoringNotice, SaveRefusal } from "~/components/back-office/kept-versions";
import { ServerMarkup } from "~/components/server-markup";
import { WrongFields } from "~/components/wrong-fields";
import {
  checkGuideFields,
  EMPTY_GUIDE,
  GUIDE_FIELD_LABELS,
  guideFormValues,
  guideIntent,
  type GuideFieldName,
  type GuideFormValues,
} from "~/forms/guide-form";
import { flashedSuccess } from "~/forms/server-toasts";
import { GUIDE_FORM_BYTES, readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { guideDeskFor, ownerWriteFailure } from "~/services/owner/back-office.server";
import { renderGuideText } from "~/services/pages/guides.server";
import { redirectWithSuccess } from "~/services/toast.server";
import { markdownProblems } from "~/services/writing/markdown.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import type { GuideStatus } from "~/services/backend/guide-store.server";

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  backOfficeMeta(page?.values.title || "Nouveau guide");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

/** The guide of the address (`nouveau` for a new one), or a 404. */
function guideId(param: string | undefined): number | null {
  if (param === "nouveau") return null;
  const id = /^\d{1,15}$/.test(param ?? "") ? Number(param) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Guide introuvable", { status: 404 });
  return id;
}

/**
 * `/gestion/guides/{id}`, `/gestion/guides/nouveau`: the writing form, its preview (rendered by the server, so it works
 * without JavaScript) and the guide's last 20 versions. `?version=N` fills the form with a kept version: saving it
 * restores it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { desk, missing } = await guideDeskFor(request);
  const id = guideId(params.id);
  const shownVersion = Number(new URL(request.url).searchParams.get("version") ?? "") || null;
  if (id === null || !desk) {
    return data({ missing, id, values: EMPTY_GUIDE, status: null, version: null, restoring: null, versions: [] });
  }
  const [guide, versions] = await Promise.all([desk.guide(id, shownVersion), desk.versions(id)]);
  if (!guide) throw new Response("Guide introuvable", { status: 404 });
  const values: GuideFormValues = {
    title: guide.title,
    slug: guide.slug,
    summary: guide.summary,
    category: guide.category ?? "",
    body: guide.body,
  };
  return data({
    missing,
    id,
    values,
    status: guide.status,
    version: guide.version,
    restoring: guide.shownVersion === guide.version ? null : { version: guide.shownVersion, savedAt: guide.savedAt },
    versions,
    publicPath: guide.status === "published" ? guidePath(guide.slug) : null,
  });
}

/** The version the form was drawn from: a whole number, absent for a new guide. */
function formVersion(form: FormData): number | null {
  const sent = form.get("version");
  if (sent === null || sent === "") return null;
  if (typeof sent !== "string" || !/^\d{1,9}$/.test(sent)) throw new Response("Version illisible.", { status: 400 });
  return Number(sent);
}

const CONFLICT =
  "Rien n'a été enregistré\u00a0: le guide a été modifié depuis l'ouverture de ce formulaire (dans un autre onglet). Votre texte est gardé ci-dessous\u00a0: ouvrez le guide à jour, puis reportez-y vos changements.";
const TAKEN = "Cette adresse est déjà celle d'un autre guide\u00a0: choisissez-en une autre.";

const STATUS_OF: Record<"brouillon" | "publier" | "depublier", GuideStatus> = {
  brouillon: "draft",
  publier: "published",
  depublier: "draft",
};

const SAVED_TOAST = {
  brouillon: ["Brouillon enregistré", "Il n'est visible que dans la gestion."],
  publier: ["Guide publié", "La page du guide montre déjà ce texte."],
  depublier: ["Guide dépublié", "Sa page ne s'affiche plus\u202f; il reste en brouillon."],
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const { desk } = await guideDeskFor(request);
  if (!desk) throw new Response("Définissez SUPABASE_SERVICE_ROLE_KEY.", { status: 503 });
  const id = guideId(params.id);
  const form = await readForm(request, GUIDE_FORM_BYTES);
  const intent = guideIntent(form);
  if (!intent) throw new Response("Action inconnue.", { status: 400 });
  const values = guideFormValues(form);
  const version = formVersion(form);
  const { fields, errors } = checkGuideFields(values);
  const problems = markdownProblems(values.body);
  if (problems.length > 0 && !errors.body) errors.body = problems.join(" ");
  if (intent === "apercu") {
    const preview = renderGuideText(values.body);
    return data({ values, version, errors, formError: null, preview: { ...preview, title: fields.title } });
  }
  if (Object.keys(errors).length > 0) {
    return data({ values, version, errors, formError: null, preview: null }, { status: 400 });
  }
  let outcome;
  try {
    outcome = await desk.save(id, id === null ? null : version, fields, STATUS_OF[intent]);
  } catch (error) {
    const failure = await ownerWriteFailure(error);
    return data({ values, version, errors, formError: failure, preview: null }, { status: 503 });
  }
  if (!outcome.ok) {
    if (outcome.reason === "taken") {
      return data({ values, version, errors: { slug: TAKEN }, formError: null, preview: null }, { status: 409 });
    }
    if (outcome.reason === "gone") throw new Response("Guide introuvable", { status: 404 });
    return data({ values, version, errors, formError: CONFLICT, preview: null, conflict: true }, { status: 409 });
  }
  const [message, description] = SAVED_TOAST[intent];
  return redirectWithSuccess(request, `/gestion/guides/${outcome.id}`, flashedSuccess(message, description), {
    status: 303,
  });
}

/** The id of a field's control, which the error summary links to. */
const fieldId = (name: GuideFieldName) => `guide-${name}`;

function GuideField({
  name,
  value,
  error,
  hint,
  children,
}: {
  name: GuideFieldName;
  value?: string;
  error?: string;
  hint?: string;
  children?: (props: Record<string, unknown>) => ReactNode;
}) {
  const id = fieldId(name);
  const described = [hint ? `${id}-aide` : "", error ? `${id}-erreur` : ""].filter(Boolean).join(" ") || undefined;
  const props = {
    id,
    name,
    defaultValue: value,
    className: fieldClass,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {GUIDE_FIELD_LABELS[name]}
      </label>
      {children ? children(props) : <input type="text" {...props} />}
      {hint ? (
        <p id={`${id}-aide`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-erreur`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** How long the owner's typing pauses before the live preview is asked for. */
const LIVE_PREVIEW_PAUSE_MS = 700;

/**
 * With JavaScript, a comfort: the text previewed as it is typed, by the same server render as "Aperçu" (a fetcher
 * posting the form with its intent), after each pause in the typing. Nothing is saved. Without JavaScript, "Aperçu".
 */
function LivePreview({ formId }: { formId: string }) {
  // Shown once the script runs (never in the server's HTML): a page without JavaScript has "Aperçu".
  const [hydrated, setHydrated] = useState(false);
  const fetcher = useFetcher<typeof action>();
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  useEffect(() => {
    setHydrated(true);
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const typed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const sent = new FormData(form);
        sent.set("intent", "apercu");
        void submit.current(sent, { method: "post" });
      }, LIVE_PREVIEW_PAUSE_MS);
    };
    form.addEventListener("input", typed);
    return () => {
      form.removeEventListener("input", typed);
      clearTimeout(timer);
    };
  }, [formId]);
  if (!hydrated) return null;
  const preview = fetcher.data?.preview;
  return (
    <section aria-labelledby="apercu-direct" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="apercu-direct" className="font-bold">
        Aperçu en direct
      </h2>
      {preview ? (
        <ServerMarkup html={preview.html} className="guide-text" />
      ) : (
        <p className="text-sm text-slate-600">Le texte s'affiche ici, mis en page, pendant que vous l'écrivez.</p>
      )}
    </section>
  );
}

export default function WriteGuide() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const values = answer?.values ?? page.values;
  const errors: Partial<Record<GuideFieldName, string>> = answer?.errors ?? {};
  const version = answer ? answer.version : page.version;
  const wrong = (Object.keys(GUIDE_FIELD_LABELS) as GuideFieldName[]).flatMap((name) => {
    const message = errors[name];
    return message ? [{ id: fieldId(name), label: GUIDE_FIELD_LABELS[name], message }] : [];
  });
  const published = page.status === "published";
  // A new form's rendering key: a refused save keeps what was typed, a restored version fills the fields.
  const formKey = `${page.restoring?.version ?? "current"}-${answer ? "answer" : "page"}`;
  return (
    <BackOfficePage title={page.id === null ? "Nouveau guide" : values.title || "Guide"}>
      {page.missing ? <MissingKey variable={page.missing} /> : null}
      <p className="flex flex-wrap gap-4 text-sm">
        <Link reloadDocument to="/gestion/guides" className="font-semibold text-indigo-800 underline">
          Tous les guides
        </Link>
        {"publicPath" in page && page.publicPath ? (
          <a href={page.publicPath} className="font-semibold text-indigo-800 underline">
            Voir la page publiée
          </a>
        ) : null}
      </p>
      <Form
        key={formKey}
        reloadDocument
        method="post"
        id="guide"
        aria-labelledby="guide-formulaire"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="guide-formulaire" className="font-bold">
          {published ? "Guide publié" : page.id === null ? "Brouillon" : "Brouillon (non publié)"}
        </h2>
        {page.restoring && !answer ? <RestoringNotice {...page.restoring} /> : null}
        {answer?.formError ? (
          <SaveRefusal
            message={answer.formError}
            updated={
              "conflict" in answer && page.id !== null
                ? { href: `/gestion/guides/${page.id}`, label: "Ouvrir le guide à jour dans un nouvel onglet" }
                : null
            }
          />
        ) : null}
        {answer && !answer.preview ? <WrongFields fields={wrong} before="avant l'enregistrement" /> : null}
        {version === null ? null : <input type="hidden" name="version" value={version} />}
        <GuideField name="title" value={values.title} error={errors.title} />
        <GuideField
          name="slug"
          value={values.slug}
          error={errors.slug}
          hint={`L'adresse de la page\u00a0: /guides/… Laissez vide pour la former à partir du titre.${published ? " Changée, l'ancienne adresse mène à la nouvelle." : ""}`}
        />
        <GuideField
          name="summary"
          value={values.summary}
          error={errors.summary}
          hint="Deux phrases au plus, sous le titre et dans les résultats des moteurs de recherche."
        >
          {(props) => <textarea rows={2} {...props} />}
        </GuideField>
        <GuideField name="category" value={values.category} error={errors.category}>
          {(props) => (
            <select {...props}>
              <option value="">Aucune</option>
              {BRAND_CATEGORIES.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.label}
                </option>
              ))}
            </select>
          )}
        </GuideField>
        <GuideField
          name="body"
          value={values.body}
          error={errors.body}
          hint={`En Markdown\u00a0: ## pour une section, **gras**, *italique*, - pour une liste, [texte](adresse) pour un lien. Un lien vers une offre, [BoursoBank](/offres/boursobank), la montre sous le guide avec son code et son lien.`}
        >
          {(props) => <textarea rows={18} {...props} className={`${fieldClass} font-mono text-sm`} />}
        </GuideField>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="apercu" className={outlineButton}>
            Aperçu
          </button>
          {published ? null : (
            <button type="submit" name="intent" value="brouillon" className={outlineButton}>
              Enregistrer le brouillon
            </button>
          )}
          <button type="submit" name="intent" value="publier" className={backOfficeButton}>
            {published ? "Publier les modifications" : "Publier"}
          </button>
          {published ? (
            <button type="submit" name="intent" value="depublier" className={outlineButton}>
              Dépublier
            </button>
          ) : null}
        </div>
      </Form>
      <LivePreview formId="guide" />
      {answer?.preview ? (
        <section
          aria-labelledby="apercu"
          className="space-y-4 rounded-2xl border-2 border-dashed border-indigo-300 bg-white p-4"
        >
          <h2 id="apercu" className="font-bold">
            Aperçu (rien n'est enregistré)
          </h2>
          {wrong.length > 0 ? <WrongFields fields={wrong} before="avant l'enregistrement" /> : null}
          <p className="text-2xl font-extrabold text-slate-900">{answer.preview.title || "Sans titre"}</p>
          <p className="text-sm text-slate-600">{`${answer.preview.minutes}\u00a0min de lecture`}</p>
          <ServerMarkup html={answer.preview.html} className="guide-text" />
        </section>
      ) : null}
      <KeptVersions
        versions={page.versions.map((kept) => ({
          ...kept,
          note: `${kept.status === "published" ? "publiée" : "brouillon"} · ${kept.title}`,
        }))}
      />
    </BackOfficePage>
  );
}
