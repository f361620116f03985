import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { fieldClass } from "~/components/back-office/fields";
import { BackOfficePage, backOfficeButton, backOfficeMeta, MissingKey } from "~/components/back-office/frame";
import { decodeCsvFile, IMPORT_LIMITS, previewOffersImport, type ImportRow } from "~/forms/offer-import";
import { firstError, offersImportSchema } from "~/forms/owner-intents";
import { flashedSuccess } from "~/forms/server-toasts";
import { getBackend } from "~/services/backend/index.server";
import { readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { missingKey, ownerAccessFor, ownerStoreFor, ownerWrite } from "~/services/owner/back-office.server";
import { IMPORT_FORM_BYTES, importWrites, previewDigest } from "~/services/owner/offer-import.server";
import { loadCatalogue } from "~/services/pages/offers.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => backOfficeMeta("Importer des offres");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

const TOO_LARGE = `Le fichier dépasse ${IMPORT_LIMITS.bytes / 1024 / 1024} Mo : rien n'a été lu.`;
const REFUSED_AS_A_WHOLE = {
  gone: "Une offre du fichier a été supprimée pendant l'aperçu : rien n'a été écrit. Vérifiez ce nouvel aperçu.",
  changed: "Une offre du fichier a été modifiée pendant l'aperçu : rien n'a été écrit. Vérifiez ce nouvel aperçu.",
  taken: "Une marque ajoutée porte le nom ou l'adresse d'une autre, créée entre-temps : rien n'a été écrit.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  return { missingKey: missingKey(await ownerAccessFor(request)) };
}

/** What the page shows of a preview: every row that changes something or is refused, and the counts. */
type Preview = {
  rows: Exclude<ImportRow, { outcome: "unchanged" }>[];
  /** The columns the file lacks: each offer keeps its value of them. */
  absent: string[];
  unchanged: number;
  csv: string;
  digest: string;
};

type ActionData = { error: string | null; preview: Preview | null };

export async function action({ request }: ActionFunctionArgs) {
  const store = await ownerStoreFor(request);
  let form: FormData;
  try {
    form = await readForm(request, IMPORT_FORM_BYTES);
  } catch (error) {
    if (error instanceof Response && error.status === 413) {
      return data<ActionData>({ error: TOO_LARGE, preview: null }, { status: 413 });
    }
    throw error;
  }
  const submission = parseWithZod(form, { schema: offersImportSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Action inconnue.", { status: 400 });
    return data<ActionData>({ error: firstError(submission.error), preview: null }, { status: 400 });
  }
  const sent = submission.value;
  if (sent.intent === "preview" && sent.fichier.size > IMPORT_LIMITS.bytes) {
    return data<ActionData>({ error: TOO_LARGE, preview: null }, { status: 413 });
  }
  const text = sent.intent === "preview" ? decodeCsvFile(new Uint8Array(await sent.fichier.arrayBuffer())) : sent.csv;

  const catalogue = await loadCatalogue();
  const read = previewOffersImport(text, catalogue.everyOffer);
  if (!read.ok) return data<ActionData>({ error: read.error, preview: null }, { status: 400 });
  const preview: Preview = {
    rows: read.rows.filter((row) => row.outcome !== "unchanged"),
    absent: read.absent,
    unchanged: read.rows.filter((row) => row.outcome === "unchanged").length,
    csv: text,
    digest: previewDigest(read.rows),
  };
  if (sent.intent === "preview") return data<ActionData>({ error: null, preview });
  if (sent.apercu !== preview.digest) {
    return data<ActionData>(
      { error: "Les offres ont changé depuis l'aperçu : rien n'a été écrit. Vérifiez ce nouvel aperçu.", preview },
      { status: 409 },
    );
  }
  if (preview.rows.some((row) => row.outcome === "refused")) {
    return data<ActionData>({ error: REFUSED, preview }, { status: 400 });
  }

  const writes = importWrites(read.rows, await (await getBackend()).listBrands(), catalogue.everyOffer);
  const outcome = await ownerWrite(request, "/gestion/import", () => store.importOffers(writes));
  if (!outcome.ok) return data<ActionData>({ error: REFUSED_AS_A_WHOLE[outcome.reason], preview }, { status: 409 });
  const { added, changed } = counts(preview.rows);
  return redirectWithSuccess(
    request,
    "/gestion/offres",
    flashedSuccess("Import appliqué", `${offersWord(added)} ajoutée(s), ${offersWord(changed)} modifiée(s).`),
    { status: 303 },
  );
}

const REFUSED = "Corrigez les lignes refusées, puis envoyez le fichier à nouveau : rien n'a été écrit.";

const offersWord = (count: number) => `${count} offre${count > 1 ? "s" : ""}`;

function counts(rows: Preview["rows"]) {
  return {
    added: rows.filter((row) => row.outcome === "added").length,
    changed: rows.filter((row) => row.outcome === "changed").length,
    refused: rows.filter((row) => row.outcome === "refused").length,
  };
}

const OUTCOME_LABELS = { added: "ajoutée", changed: "modifiée", refused: "refusée" } as const;

function PreviewRow({ row }: { row: Preview["rows"][number] }) {
  return (
    <li
      className={`space-y-2 rounded-2xl border bg-white p-4 ${row.outcome === "refused" ? "border-red-400" : "border-slate-200"}`}
    >
      <h3 className="font-bold break-words">{`Ligne ${row.line} : ${row.brand || "sans nom ni adresse"}, ${OUTCOME_LABELS[row.outcome]}`}</h3>
      {row.outcome === "changed" ? (
        <dl className="space-y-1 text-sm">
          {row.cells.map((cell) => (
            <div key={cell.column} className="break-words">
              <dt className="inline font-semibold">{`${cell.column} : `}</dt>
              <dd className="inline">
                {`${cell.before || "(vide)"} → `}
                <strong>{cell.after || "(vide)"}</strong>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {row.outcome === "refused" ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-red-800">
          {row.errors.map((error) => (
            <li
              key={`${error.column}-${error.message}`}
              className="break-words"
            >{`${error.column} : ${error.message}`}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function PreviewSection({ preview }: { preview: Preview }) {
  const { added, changed, refused } = counts(preview.rows);
  return (
    <section aria-labelledby="apercu" className="space-y-4">
      <h2 id="apercu" className="text-xl font-bold">
        Aperçu
      </h2>
      <p>{`${added} à ajouter, ${changed} à modifier, ${preview.unchanged} sans changement, ${refused} refusée(s).`}</p>
      {preview.absent.length > 0 ? (
        <p>{`Colonnes absentes du fichier, laissées telles quelles pour chaque offre : ${preview.absent.join(", ")}.`}</p>
      ) : null}
      {preview.rows.length > 0 ? (
        <ol className="space-y-3" aria-label="Lignes qui changent quelque chose">
          {preview.rows.map((row) => (
            <PreviewRow key={row.line} row={row} />
          ))}
        </ol>
      ) : null}
      {refused > 0 ? (
        <p className="font-semibold text-red-800">{REFUSED}</p>
      ) : added + changed === 0 ? (
        <p>Le fichier ne change aucune offre : il n'y a rien à importer.</p>
      ) : (
        <Form reloadDocument method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="csv" value={preview.csv} />
          <input type="hidden" name="apercu" value={preview.digest} />
          <button type="submit" className={backOfficeButton}>
            {`Appliquer l'import (${offersWord(added + changed)})`}
          </button>
        </Form>
      )}
    </section>
  );
}

export default function ImportOffers() {
  const { missingKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <BackOfficePage title="Importer des offres">
      {missingKey ? <MissingKey variable={missingKey} /> : null}
      <p className="text-sm">
        Partez de la{" "}
        <a href="/gestion/offres.csv" download className="font-semibold text-indigo-800 underline">
          liste des offres en CSV
        </a>
        , modifiez-la dans un tableur, puis envoyez-la ici. Vous verrez ce que chaque ligne change avant que rien ne
        soit écrit. Une ligne dont l'adresse est nouvelle ajoute une marque.
      </p>
      <Form
        reloadDocument
        method="post"
        encType="multipart/form-data"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <input type="hidden" name="intent" value="preview" />
        <label htmlFor="fichier" className="block font-semibold">
          Fichier CSV des offres
        </label>
        <p id="fichier-aide" className="text-sm text-slate-700">
          {`${IMPORT_LIMITS.bytes / 1024 / 1024} Mo et ${IMPORT_LIMITS.rows} offres au plus ; virgules ou points-virgules.`}
        </p>
        <input
          id="fichier"
          name="fichier"
          type="file"
          accept=".csv,text/csv"
          required
          aria-describedby={actionData?.error ? "fichier-aide import-erreur" : "fichier-aide"}
          className={fieldClass}
        />
        {actionData?.error ? (
          <p id="import-erreur" role="alert" className="font-semibold text-red-800">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" className={backOfficeButton}>
          Voir l'aperçu
        </button>
      </Form>
      {actionData?.preview ? <PreviewSection preview={actionData.preview} /> : null}
      <p className="text-sm">
        <Link reloadDocument to="/gestion/offres" className="font-semibold text-indigo-800 underline">
          Retour aux offres
        </Link>
      </p>
    </BackOfficePage>
  );
}
