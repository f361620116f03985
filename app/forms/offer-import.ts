import { parse } from "csv-parse/sync";
import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { findOfferBySlug } from "~/catalogue/offers";
import { parseNewBrandForm, parseOfferForm } from "./brand-form";
import {
  BOX_CELL,
  CSV_FIELDS,
  importedCell,
  isTickedCell,
  OFFER_CSV_COLUMNS,
  offerCells,
  type OfferCsvColumn,
} from "./offer-csv";
import type { BrandColumns, OfferColumn } from "./offer-columns";
import type { ReferralOffer } from "~/catalogue/types";

/**
 * An offers CSV read back: each row checked as the back office's forms check it, compared with the offer it names,
 * and turned into what the import would write. Nothing is written here: the owner sees the preview first.
 */

/** What an import may hold: a phone's spreadsheet of the whole catalogue fits, a runaway file does not. */
export const IMPORT_LIMITS = { bytes: 1024 * 1024, rows: 2_000 } as const;

/** The form field each column is checked as, and the column an error on that field is shown in. */
const FIELD_OF = new Map<OfferCsvColumn, OfferColumn>(CSV_FIELDS.map((field) => [field.csv, field.column]));

/** The columns whose cells form an offer's terms: written together, since a row's terms go together. */
const TERMS_COLUMNS: readonly OfferCsvColumn[] = CSV_FIELDS.filter((field) => field.declared.terms).map(
  (field) => field.csv,
);

/** The columns of a ticked box. */
const BOX_COLUMNS = new Set<OfferCsvColumn>(
  CSV_FIELDS.filter((field) => field.declared.input?.kind === "checkbox").map((field) => field.csv),
);

/** The columns that find an offer rather than change it. */
const IDENTITY_COLUMNS: readonly OfferCsvColumn[] = ["adresse", "marque", "version"];

/**
 * The columns every file must have: the offer's address and its version. Any other a file lacks (a column added
 * since the file was exported, or one the owner removed) leaves each offer's value as it is; a new brand's is empty.
 */
const REQUIRED_COLUMNS: readonly OfferCsvColumn[] = ["adresse", "version"];

export interface CellChange {
  column: OfferCsvColumn;
  before: string;
  after: string;
}

/**
 * One line of the file as the preview reads it. `brand` names it as the owner knows it: the offer's name, or for a
 * line of no known offer, the name the file gives (its address when it gives none).
 */
export type ImportRow =
  | { line: number; slug: string; brand: string; outcome: "unchanged" }
  | {
      line: number;
      slug: string;
      outcome: "changed";
      /** The offer's id: its brands row's, or its slug when it is read from the bundle alone. */
      offerId: string;
      /** The offer's version when the CSV was exported: an import writes only while it still is. */
      version: number;
      brand: string;
      cells: CellChange[];
      write: Partial<BrandColumns>;
    }
  | { line: number; slug: string; outcome: "added"; brand: string; write: Partial<BrandColumns> & { name: string } }
  | { line: number; slug: string; brand: string; outcome: "refused"; errors: { column: string; message: string }[] };

export type ImportPreview =
  | { ok: true; rows: ImportRow[]; /** The columns the file lacks, left as they are. */ absent: OfferCsvColumn[] }
  | { ok: false; error: string };

const normalise = (cell: string) => cell.replace(/\r\n?/g, "\n").trim();

/** A cell as the preview compares it: a box's is "oui" or "non", however a spreadsheet spelled it. */
const cellOf = (column: OfferCsvColumn, cell: string) =>
  BOX_COLUMNS.has(column) ? (isTickedCell(cell) ? BOX_CELL.ticked : BOX_CELL.empty) : normalise(cell);

/** The row's cells as the forms take them: a ticked box is "on", an empty unit the form's default. */
function formOf(cells: Record<OfferCsvColumn, string>): FormData {
  const form = new FormData();
  for (const [column, field] of FIELD_OF) {
    const cell = cells[column];
    if (BOX_COLUMNS.has(column)) {
      if (cell === BOX_CELL.ticked) form.set(field, "on");
    } else if (cell !== "") form.set(field, cell);
  }
  return form;
}

/** The CSV column of each form field, where its errors are shown. */
const COLUMN_OF = new Map<string, OfferCsvColumn>([...FIELD_OF].map(([column, field]) => [field, column]));

/** The French errors of a submission, by CSV column. */
function errorsByColumn(error: Record<string, string[] | null> | null | undefined) {
  return Object.entries(error ?? {}).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({ column: COLUMN_OF.get(field) ?? (field || "ligne"), message })),
  );
}

/** Windows-1252's characters at 0x80 to 0x9F, where it differs from Latin-1 (the five it leaves unused kept as they are). */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

/**
 * The text of an uploaded file: UTF-8 (a byte-order mark or not), else Windows-1252, as a French Excel saves "CSV
 * (séparateur : point-virgule)". Node 20's TextDecoder reads "windows-1252" as Latin-1, so the bytes 0x80 to 0x9F
 * (€, ’, œ…) are mapped here.
 */
export function decodeCsvFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return Array.from(bytes, (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charAt(byte - 0x80) : String.fromCharCode(byte),
    ).join("");
  }
}

/**
 * Reads an offers CSV (commas or semicolons) and says what each row would change; a file that is not one gets a
 * French reason.
 */
export function previewOffersImport(text: string, offers: readonly ReferralOffer[]): ImportPreview {
  if (new TextEncoder().encode(text).byteLength > IMPORT_LIMITS.bytes) {
    return { ok: false, error: `Le fichier dépasse ${IMPORT_LIMITS.bytes / 1024 / 1024} Mo.` };
  }
  let records: Record<string, string>[];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), {
      columns: true,
      skip_empty_lines: true,
      bom: true,
      delimiter: [",", ";"],
    });
  } catch {
    return {
      ok: false,
      error: "Ce fichier n'est pas un CSV lisible : exportez la liste des offres et repartez de lui.",
    };
  }
  const header = Object.keys(records[0] ?? {});
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (records.length === 0 || missing.length > 0) {
    return { ok: false, error: `Colonnes manquantes : ${missing.join(", ") || "toutes"}.` };
  }
  const absent = OFFER_CSV_COLUMNS.filter((column) => !header.includes(column));
  if (records.length > IMPORT_LIMITS.rows) {
    return { ok: false, error: `Le fichier compte plus de ${IMPORT_LIMITS.rows} lignes d'offres.` };
  }
  const linesOfSlug = new Map<string, number>();
  const linesOfName = new Map<string, number>();
  return {
    ok: true,
    absent,
    rows: records.map((record, index) => {
      const cells = Object.fromEntries(
        OFFER_CSV_COLUMNS.map((column) => [column, cellOf(column, importedCell(record[column] ?? ""))]),
      ) as Record<OfferCsvColumn, string>;
      const row = previewRow(cells, absent, index + 2, offers);
      if (row.outcome === "refused") return row;
      // A file that names an offer twice would write it twice: the first line wins, the others are refused.
      const name = row.brand.toLocaleLowerCase("fr");
      const earlier = linesOfSlug.get(row.slug) ?? (row.outcome === "added" ? linesOfName.get(name) : undefined);
      if (earlier !== undefined) {
        return refused(row, "adresse", `Cette offre figure déjà ligne ${earlier} : gardez une seule ligne.`);
      }
      linesOfSlug.set(row.slug, row.line);
      if (row.outcome !== "unchanged") linesOfName.set(name, row.line);
      return row;
    }),
  };
}

const refused = (
  { line, slug, brand }: Pick<ImportRow, "line" | "slug" | "brand">,
  column: string,
  message: string,
): ImportRow => ({ line, slug, brand, outcome: "refused", errors: [{ column, message }] });

function previewRow(
  cells: Record<OfferCsvColumn, string>,
  absent: readonly OfferCsvColumn[],
  line: number,
  offers: readonly ReferralOffer[],
): ImportRow {
  const slug = cells.adresse;
  const offer = findOfferBySlug(offers, slug);
  if (!offer) {
    const added = parseNewBrandForm(formOf(cells));
    if (added.status !== "success") {
      const brand = cells.marque || slug;
      return { line, slug, brand, outcome: "refused", errors: errorsByColumn(added.reply().error) };
    }
    const row: ImportRow = {
      line,
      slug: added.value.slug,
      outcome: "added",
      brand: added.value.name,
      write: added.value,
    };
    const name = added.value.name.toLocaleLowerCase("fr");
    const taken =
      findOfferBySlug(offers, added.value.slug) ?? offers.find((other) => other.brand.toLocaleLowerCase("fr") === name);
    return taken ? refused(row, "marque", `Une marque porte déjà ce nom ou cette adresse : ${taken.brand}.`) : row;
  }
  const current = offerCells(offer);
  // What the file does not say stays as it is.
  for (const column of absent) cells[column] = cellOf(column, current[column]);
  const parsed = parseOfferForm(formOf(cells));
  const errors = parsed.status === "success" ? [] : errorsByColumn(parsed.reply().error);
  if (cells.categorie !== (offer.category ?? "") && !BRAND_CATEGORIES.some((entry) => entry.id === cells.categorie)) {
    errors.push({ column: "categorie", message: "Choisissez une catégorie de la liste (par exemple finance)." });
  }
  const brand = offer.brand;
  if (parsed.status !== "success" || errors.length > 0) return { line, slug, brand, outcome: "refused", errors };
  const changed = OFFER_CSV_COLUMNS.filter(
    (column) => !IDENTITY_COLUMNS.includes(column) && normalise(current[column]) !== cells[column],
  );
  if (changed.length === 0) return { line, slug, brand, outcome: "unchanged" };
  if (cells.version !== current.version) {
    return refused(
      { line, slug, brand },
      "version",
      `${brand} a été modifiée depuis l'export de ce fichier : exportez à nouveau la liste et reportez-y ce changement.`,
    );
  }
  const value = parsed.value as Record<string, unknown>;
  const write: Record<string, unknown> = {};
  for (const column of changed.some((column) => TERMS_COLUMNS.includes(column))
    ? [...changed, ...TERMS_COLUMNS]
    : changed) {
    const field = FIELD_OF.get(column);
    if (!field || field === "name") continue;
    if (column === "categorie") write.category = cells.categorie || null;
    else if (column === "description") write.description = cells.description || null;
    else write[field] = value[field];
  }
  if ("bonus_amount" in write) write.bonus_unit = value.bonus_unit;
  return {
    line,
    slug,
    outcome: "changed",
    offerId: offer.id,
    version: offer.version ?? 0,
    brand,
    cells: changed.map((column) => ({ column, before: current[column], after: cells[column] })),
    write: write as Partial<BrandColumns>,
  };
}
