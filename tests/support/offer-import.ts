import { OFFER_CSV_COLUMNS, type OfferCsvColumn } from "~/forms/offer-csv";
import type { RunningSite } from "./server";

/** The offers import of the back office (/gestion/import), driven as a browser without JavaScript drives it. */

/** Posts the import form of `site` as the owner of `cookie`: a multipart form, with or without a file. */
function postImport(site: RunningSite, cookie: string, form: FormData): Promise<Response> {
  return fetch(`${site.url}/gestion/import`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.origin, Cookie: cookie },
    body: form,
  });
}

/** Sends `csv` as the import form's file, for a preview. */
export function uploadOffers(
  site: RunningSite,
  cookie: string,
  csv: string | Uint8Array<ArrayBuffer>,
  name = "offres.csv",
): Promise<Response> {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("fichier", new Blob([csv], { type: "text/csv" }), name);
  return postImport(site, cookie, form);
}

/** The hidden fields of a preview's confirmation form, as the browser sends them back; null without one. */
export function confirmationOf(html: string): { csv: string; apercu: string } | null {
  const field = (name: string) =>
    new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`)
      .exec(html)?.[1]
      ?.replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  const csv = field("csv");
  const apercu = field("apercu");
  return csv === undefined || apercu === undefined ? null : { csv, apercu };
}

/** Confirms a preview with the fields its form holds. */
export function confirmImport(
  site: RunningSite,
  cookie: string,
  fields: { csv: string; apercu: string },
): Promise<Response> {
  const form = new FormData();
  form.set("intent", "confirm");
  form.set("csv", fields.csv);
  form.set("apercu", fields.apercu);
  return postImport(site, cookie, form);
}

/** The site's export with the cell `column` of the offer `slug` replaced, and `extra` lines added. */
export async function editedExport(
  site: RunningSite,
  cookie: string,
  edits: { slug: string; column: OfferCsvColumn; value: string }[],
  extra: string[] = [],
): Promise<string> {
  const response = await fetch(`${site.url}/gestion/offres.csv`, { headers: { Cookie: cookie } });
  const [header = "", ...lines] = (await response.text()).trimEnd().split("\r\n");
  const edited = lines.map((line) => {
    const cells = line.match(/"(?:[^"]|"")*"/g) ?? [];
    for (const edit of edits) {
      if (cells[0] === `"${edit.slug}"`) {
        cells[OFFER_CSV_COLUMNS.indexOf(edit.column)] = `"${edit.value.replaceAll('"', '""')}"`;
      }
    }
    return cells.join(",");
  });
  return [header, ...edited, ...extra].join("\r\n");
}

/** A line of a new brand, its cells in the export's order. */
export const newBrandLine = (cells: Partial<Record<OfferCsvColumn, string>>): string =>
  OFFER_CSV_COLUMNS.map((column) => `"${cells[column] ?? ""}"`).join(",");

/** A brand an import adds: the cells its line needs, no more. */
export const NEW_BRAND_LINE = newBrandLine({
  adresse: "banque-importee",
  marque: "Banque Importée",
  categorie: "finance",
  description: "Une banque en ligne.",
  lien: "https://banque-importee.example/parrainage",
  offre: "Un compte offert.",
  nature: "non-precise",
});
