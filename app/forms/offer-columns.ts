import { formatFrenchDate } from "~/catalogue/dates";
import { OFFER_FIELDS, type FieldInput, type OfferFieldDeclaration, type OfferForm } from "./offer-fields";
import type * as z from "zod";
import type { BrandRow, OfferDetail, ReferralOffer } from "~/catalogue/types";

/** What is derived from OFFER_FIELDS for the forms and the backends: the columns, their types, each form's shape. */

type Declared = typeof OFFER_FIELDS;

/** A column of `brands` the back office writes. */
export type OfferColumn = keyof Declared;

/** The columns `form` shows. */
export type ColumnOf<Form extends OfferForm> = {
  [Column in OfferColumn]: Form extends Declared[Column]["forms"][number] ? Column : never;
}[OfferColumn];

/** The columns the back office may write, each as its schema gives it; null lets the offer fall back to the bundle. */
export type BrandColumns = {
  [Column in OfferColumn]: z.output<Declared[Column]["schema"]> | (Column extends "name" | "slug" ? never : null);
};

/** Every editable column, in the order of the declaration: the one list both backends check a write against. */
export const OFFER_COLUMNS = Object.keys(OFFER_FIELDS) as OfferColumn[];

/** The columns of `changes` the back office may write, with their values: anything else is left out. */
export function editableColumns(changes: Partial<BrandColumns>): [OfferColumn, unknown][] {
  return OFFER_COLUMNS.filter((column) => changes[column] !== undefined).map((column) => [column, changes[column]]);
}

/** The declarations of the fields `form` shows, in order. */
export function fieldsOf<Form extends OfferForm>(form: Form): [ColumnOf<Form>, OfferFieldDeclaration][] {
  return (Object.entries(OFFER_FIELDS) as [OfferColumn, OfferFieldDeclaration][]).filter(([, declared]) =>
    declared.forms.includes(form),
  ) as [ColumnOf<Form>, OfferFieldDeclaration][];
}

/** The zod shape of `form`: each field it shows, read by its declared schema. */
export function shapeOf<Form extends OfferForm>(form: Form) {
  return Object.fromEntries(fieldsOf(form).map(([column, declared]) => [column, declared.schema])) as {
    [Column in ColumnOf<Form>]: Declared[Column]["schema"];
  };
}

/** What an offer holds of each field `form` shows, as the form's default values. */
export function shownValues<Form extends OfferForm>(form: Form, offer: ReferralOffer) {
  return Object.fromEntries(
    fieldsOf(form).map(([column, declared]) => [column, declared.formValue?.(offer) ?? ""]),
  ) as {
    [Column in ColumnOf<Form>]: Declared[Column] extends { formValue: (offer: never) => infer Value } ? Value : string;
  };
}

/**
 * The columns of a new row for an offer of the bundle, written under its name, address and category: the columns
 * `columns` leaves empty fall back to the bundle.
 */
export function newRowColumns<Columns extends Partial<BrandColumns>>(
  offer: Pick<ReferralOffer, "brand" | "slug" | "category">,
  columns: Columns,
) {
  return { name: offer.brand, slug: offer.slug, category: offer.category, ...columns };
}

/**
 * What a row states of the fields declared for visitors (`visitors` in OFFER_FIELDS), each under its label, in the
 * table's order: the brand page shows them under the offer's conditions. A field the row leaves empty is not shown.
 */
export function visitorDetails(row: BrandRow): OfferDetail[] {
  const details: OfferDetail[] = [];
  for (const [column, declared] of Object.entries(OFFER_FIELDS) as [OfferColumn, OfferFieldDeclaration][]) {
    if (!declared.visitors) continue;
    const text = detailText(row[column], declared.input?.kind);
    if (text) details.push({ label: declared.visitors.label, text });
  }
  return details;
}

function detailText(value: unknown, kind: FieldInput["kind"] | undefined): string {
  if (Array.isArray(value)) return value.filter((item) => typeof item === "string" && item.trim()).join("\n");
  if (typeof value === "boolean") return value ? "oui" : "non";
  if (typeof value === "number") return value.toLocaleString("fr-FR");
  if (typeof value !== "string" || !value.trim()) return "";
  return kind === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatFrenchDate(value) : value.trim();
}
