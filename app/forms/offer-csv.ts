import { csvCell } from "~/catalogue/audience";
import { OFFER_FIELDS, type OfferFieldDeclaration } from "./offer-fields";
import type { OfferColumn } from "./offer-columns";
import type { ReferralOffer } from "~/catalogue/types";

/**
 * The offers as a spreadsheet: what the owner exports (the merged values a visitor sees) and imports back. One
 * column per field OFFER_FIELDS gives a CSV name, in its order, the offer's address (`adresse`) first since it finds
 * the offer, and its `version` last, which an import compares with the offer's. Lists go in one cell, one item a
 * line, as the back office's text areas take them; a ticked box is "oui".
 */

type Declared = typeof OFFER_FIELDS;

/** A column of the CSV: a field's, or the offer's version. */
export type OfferCsvColumn =
  | { [Column in OfferColumn]: Declared[Column] extends { csv: infer Name extends string } ? Name : never }[OfferColumn]
  | "version";

/** The field each CSV column reads into, in the CSV's order. */
export const CSV_FIELDS = (Object.entries(OFFER_FIELDS) as [OfferColumn, OfferFieldDeclaration][])
  .filter(([, declared]) => declared.csv !== undefined)
  .sort(([column], [other]) => Number(other === "slug") - Number(column === "slug"))
  .map(([column, declared]) => ({ column, csv: declared.csv as Exclude<OfferCsvColumn, "version">, declared }));

export const OFFER_CSV_COLUMNS: readonly OfferCsvColumn[] = [...CSV_FIELDS.map((field) => field.csv), "version"];

/** A ticked box as a cell, and back: a spreadsheet may spell it in several ways. */
export const BOX_CELL = { ticked: "oui", empty: "non" } as const;
export const isTickedCell = (cell: string) => /^(oui|o|vrai|true|1|x)$/i.test(cell.trim());

/** An offer's cells, as the back office's forms hold them (see OFFER_FIELDS' `formValue`). */
export function offerCells(offer: ReferralOffer): Record<OfferCsvColumn, string> {
  const cells = { version: String(offer.version ?? 0) } as Record<OfferCsvColumn, string>;
  for (const { csv, declared } of CSV_FIELDS) {
    const shown = declared.formValue?.(offer) ?? "";
    cells[csv] = typeof shown === "boolean" ? (shown ? BOX_CELL.ticked : BOX_CELL.empty) : shown;
  }
  return cells;
}

/** The offers as CSV: a header, then one line per offer, every cell quoted and any formula neutralised. */
export function offersCsv(offers: readonly ReferralOffer[]): string {
  const lines = [OFFER_CSV_COLUMNS.map(csvCell).join(",")];
  for (const offer of offers) {
    const cells = offerCells(offer);
    lines.push(OFFER_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** A cell as exported: the apostrophe that neutralised a formula-like text is taken off again. */
export const importedCell = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
