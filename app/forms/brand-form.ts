import { OFFER_SLUG_PATTERN } from "@contract/feedback-fields";
import * as z from "zod";
import { CATEGORIES, type Category } from "~/catalogue/categories";
import { slugFromName } from "~/catalogue/slugs";
import type { BrandCategoryId } from "~/catalogue/types";
import type { BrandColumns } from "~/services/backend/types.server";

/**
 * The back office's forms on brands: what the `brands` table may override for an offer, and a new brand. The checks
 * are the table's (an https link, a slug of lower-case words, a known category), with French errors.
 */

/** The categories a brand may have: every tab but "Tous". */
export const BRAND_CATEGORIES = CATEGORIES.filter(
  (category): category is Category & { id: BrandCategoryId } => category.id !== "all",
);

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} : ${max} caractères au plus.` });

const link = z
  .string()
  .trim()
  .min(1, { message: "Indiquez le lien de parrainage." })
  .max(500, { message: "Le lien : 500 caractères au plus." })
  .refine((value) => /^https:\/\//.test(value) && URL.canParse(value) && !/\s/.test(value), {
    message: "Le lien doit être une adresse complète commençant par https://.",
  });

/** Whether `value` is a day of the calendar written YYYY-MM-DD (2026-02-31 is not). */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

const isoDate = z
  .string()
  .trim()
  .refine((value) => value === "" || isIsoDate(value), {
    message: "Indiquez une date valide (jj/mm/aaaa), ou laissez vide.",
  });

const offerSchema = z.object({
  code: text(100, "Le code"),
  link,
  offer_description: text(500, "L'offre").min(1, { message: "Décrivez l'offre en une ou deux phrases." }),
  advantages: z
    .string()
    .max(3000, { message: "Les avantages : 3000 caractères au plus." })
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((lines) => lines.length <= 12, { message: "Douze avantages au plus, un par ligne." })
    .refine((lines) => lines.every((line) => line.length <= 200), {
      message: "Chaque avantage : 200 caractères au plus.",
    }),
  valid_until: isoDate,
});

export const OFFER_FIELDS = ["code", "link", "offer_description", "advantages", "valid_until"] as const;
export const NEW_BRAND_FIELDS = ["name", "slug", "category", "description", ...OFFER_FIELDS] as const;

export type FormValues = Record<string, string>;
export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: FormValues; values: FormValues };

/** The form's text fields as they were sent (absent ones empty), to show them again with the errors. */
function valuesOf(form: FormData, fields: readonly string[]): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  );
}

function errorsOf(error: z.ZodError): FormValues {
  const errors: FormValues = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

type OfferColumns = Pick<
  BrandColumns,
  "code" | "link" | "offer_description" | "advantages" | "valid_until" | "featured" | "hide_clipboard"
>;

/** What the offer form sets: every column it shows, a cleared date as null. */
export function parseOfferForm(form: FormData): FormResult<OfferColumns> {
  const values = valuesOf(form, OFFER_FIELDS);
  const checkboxes = { featured: form.get("featured") === "on", hide_clipboard: form.get("hide_clipboard") === "on" };
  const result = offerSchema.safeParse(values);
  if (!result.success) {
    return {
      ok: false,
      errors: errorsOf(result.error),
      values: {
        ...values,
        featured: checkboxes.featured ? "on" : "",
        hide_clipboard: checkboxes.hide_clipboard ? "on" : "",
      },
    };
  }
  return {
    ok: true,
    value: { ...result.data, valid_until: result.data.valid_until || null, ...checkboxes },
  };
}

const newBrandSchema = offerSchema.extend({
  name: text(100, "Le nom").min(1, { message: "Indiquez le nom de la marque." }),
  slug: z
    .string()
    .trim()
    .max(100, { message: "L'adresse : 100 caractères au plus." })
    .refine((value) => value === "" || OFFER_SLUG_PATTERN.test(value), {
      message: "L'adresse : des mots en minuscules sans accents, séparés par des tirets (par exemple ma-banque).",
    }),
  category: z.enum(BRAND_CATEGORIES.map((category) => category.id) as [BrandCategoryId, ...BrandCategoryId[]], {
    error: "Choisissez une catégorie dans la liste.",
  }),
  description: text(500, "La description").min(1, { message: "Dites en une phrase ce que fait la marque." }),
});

/** A new brand: its slug from its name when left empty. */
export function parseNewBrandForm(
  form: FormData,
): FormResult<Pick<BrandColumns, "name" | "slug" | "category" | "description"> & OfferColumns> {
  const values = valuesOf(form, NEW_BRAND_FIELDS);
  const result = newBrandSchema.safeParse(values);
  if (!result.success) return { ok: false, errors: errorsOf(result.error), values };
  const slug = result.data.slug || slugFromName(result.data.name);
  if (!OFFER_SLUG_PATTERN.test(slug)) {
    return {
      ok: false,
      errors: { slug: "Ce nom ne donne pas d'adresse : indiquez-en une (par exemple ma-banque)." },
      values,
    };
  }
  return {
    ok: true,
    value: {
      ...result.data,
      slug,
      valid_until: result.data.valid_until || null,
      featured: false,
      hide_clipboard: false,
    },
  };
}
