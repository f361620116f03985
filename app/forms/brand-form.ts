import { parseWithZod } from "@conform-to/zod/v4";
import { INVISIBLE_MARKS, plainLine, plainText } from "@contract/contact-contract";
import { OFFER_SLUG_PATTERN } from "@contract/feedback-fields";
import * as z from "zod";
import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { isIsoDate } from "~/catalogue/dates";
import { slugFromName } from "~/catalogue/slugs";
import { BONUS_UNITS, MAX_CONDITION_LENGTH, MAX_CONDITIONS, OFFER_KINDS } from "~/catalogue/terms";
import type { BrandCategoryId } from "~/catalogue/types";

/**
 * The back office's forms on brands, read with Conform as the public forms are: what the `brands` table may override
 * for an offer, and a new brand. The checks are the table's (an https link, a slug of lower-case words, a known
 * category), with French errors. Conform hands an empty field over as missing: each required field says what to
 * type in both cases, and a field that may stay empty defaults to "".
 */

/** Why a field holding a control, invisible or reordering character (a NUL byte among them) is refused. */
const notPlain = (label: string) => `${label} : retirez les caractères invisibles, de contrôle ou de mise en forme.`;

/** A one-line text of at most `max` characters, empty allowed. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} : ${max} caractères au plus.` })
    .refine((value) => plainLine(value) && !INVISIBLE_MARKS.test(value), { message: notPlain(label) })
    .default("");

/** A one-line text that must be given: `missing` says what to type. */
const requiredText = (max: number, label: string, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { message: missing })
    .max(max, { message: `${label} : ${max} caractères au plus.` })
    .refine((value) => plainLine(value) && !INVISIBLE_MARKS.test(value), { message: notPlain(label) });

const link = requiredText(500, "Le lien", "Indiquez le lien de parrainage.").refine(
  (value) => /^https:\/\//.test(value) && URL.canParse(value) && !/\s/.test(value),
  { message: "Le lien doit être une adresse complète commençant par https://." },
);

const day = z
  .string()
  .trim()
  .refine((value) => isIsoDate(value), { message: "Indiquez une date valide (jj/mm/aaaa), ou laissez vide." })
  .optional()
  .transform((value) => value ?? null);

/** Lines of a text area, one item each: at most `most` lines of at most `longest` characters. */
const lines = (most: number, longest: number, label: string, tooMany: string) =>
  z
    .string()
    .max(most * (longest + 2), { message: `${label} : ${most * longest} caractères au plus.` })
    .default("")
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((items) => items.length <= most, { message: tooMany })
    .refine((items) => items.every((item) => item.length <= longest), {
      message: `${label} : ${longest} caractères au plus par ligne.`,
    })
    .refine((items) => items.every(plainText), { message: notPlain(label) });

/** "200", "2,50" or "2.50": a positive amount with at most two decimals, or nothing. */
const amount = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const figure = value.replace(/\s/g, "").replace(",", ".");
    const number = Number(figure);
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(figure) || !(number > 0)) {
      context.addIssue({
        code: "custom",
        message: "Le montant : un nombre positif, par exemple 200 ou 2,50, ou laissez vide.",
      });
      return z.NEVER;
    }
    return number;
  });

const offerFields = {
  code: optionalText(100, "Le code"),
  link,
  offer_description: requiredText(500, "L'offre", "Décrivez l'offre en une ou deux phrases."),
  advantages: lines(12, 200, "Les avantages", "Douze avantages au plus, un par ligne."),
  bonus_amount: amount,
  bonus_unit: z.enum(BONUS_UNITS, { error: "Choisissez une unité dans la liste." }).default("EUR"),
  bonus_up_to: z.boolean().default(false),
  bonus_kind: z.enum(OFFER_KINDS, { error: "Choisissez une nature dans la liste." }).default("non-precise"),
  conditions: lines(
    MAX_CONDITIONS,
    MAX_CONDITION_LENGTH,
    "Les conditions",
    `${MAX_CONDITIONS} conditions au plus, une par ligne.`,
  ),
  referrer_reward: optionalText(120, "Ce que reçoit le parrain").transform((value) => value || null),
  starts_on: day,
  valid_until: day,
};

type OfferTermsInput = {
  bonus_amount: number | null;
  bonus_unit: string;
  starts_on: string | null;
  valid_until: string | null;
};

/**
 * The checks between fields: a unit only with an amount (none is stored without one), and a first day no later than
 * the last.
 */
function offerChecks<T extends OfferTermsInput>(
  offer: T,
  context: z.RefinementCtx,
): Omit<T, "bonus_unit"> & { bonus_unit: string | null } {
  if (offer.starts_on && offer.valid_until && offer.starts_on > offer.valid_until) {
    context.addIssue({
      code: "custom",
      path: ["starts_on"],
      message: "Le premier jour doit venir avant le dernier jour de validité, ou le même jour.",
    });
  }
  return { ...offer, bonus_unit: offer.bonus_amount === null ? null : offer.bonus_unit };
}

/** What the offer form sets: every column it shows, a cleared date as null, the two checkboxes. */
export const offerFormSchema = z
  .object({
    ...offerFields,
    featured: z.boolean().default(false),
    hide_clipboard: z.boolean().default(false),
  })
  .transform(offerChecks);

/** A new brand: its slug from its name when left empty; not featured, its copy button shown. */
export const newBrandFormSchema = z
  .object({
    ...offerFields,
    name: requiredText(100, "Le nom", "Indiquez le nom de la marque."),
    slug: optionalText(100, "L'adresse").refine((value) => value === "" || OFFER_SLUG_PATTERN.test(value), {
      message: "L'adresse : des mots en minuscules sans accents, séparés par des tirets (par exemple ma-banque).",
    }),
    category: z.enum(BRAND_CATEGORIES.map((category) => category.id) as [BrandCategoryId, ...BrandCategoryId[]], {
      error: "Choisissez une catégorie dans la liste.",
    }),
    description: requiredText(500, "La description", "Dites en une phrase ce que fait la marque."),
  })
  .transform(offerChecks)
  .transform((brand, context) => {
    const slug = brand.slug || slugFromName(brand.name);
    if (!OFFER_SLUG_PATTERN.test(slug)) {
      context.addIssue({
        code: "custom",
        path: ["slug"],
        message: "Ce nom ne donne pas d'adresse : indiquez-en une (par exemple ma-banque).",
      });
      return z.NEVER;
    }
    return { ...brand, slug, featured: false, hide_clipboard: false };
  });

/** The fields of each form as the page holds them (Conform's `useForm`). */
export type OfferFormFields = z.input<typeof offerFormSchema>;
export type NewBrandFormFields = z.input<typeof newBrandFormSchema>;

export const parseOfferForm = (form: FormData) => parseWithZod(form, { schema: offerFormSchema });
export const parseNewBrandForm = (form: FormData) => parseWithZod(form, { schema: newBrandFormSchema });
