import { parseWithZod } from "@conform-to/zod/v4";
import { INVISIBLE_MARKS, plainLine, plainText } from "@contract/contact-contract";
import { OFFER_SLUG_PATTERN } from "@contract/feedback-fields";
import * as z from "zod";
import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { isIsoDate } from "~/catalogue/dates";
import { slugFromName } from "~/catalogue/slugs";
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

const lastDay = z
  .string()
  .trim()
  .refine((value) => isIsoDate(value), { message: "Indiquez une date valide (jj/mm/aaaa), ou laissez vide." })
  .optional()
  .transform((value) => value ?? null);

const advantages = z
  .string()
  .max(3000, { message: "Les avantages : 3000 caractères au plus." })
  .default("")
  .transform((value) =>
    value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .refine((lines) => lines.length <= 12, { message: "Douze avantages au plus, un par ligne." })
  .refine((lines) => lines.every((line) => line.length <= 200), {
    message: "Chaque avantage : 200 caractères au plus.",
  })
  .refine((lines) => lines.every(plainText), { message: notPlain("Les avantages") });

const offerFields = {
  code: optionalText(100, "Le code"),
  link,
  offer_description: requiredText(500, "L'offre", "Décrivez l'offre en une ou deux phrases."),
  advantages,
  valid_until: lastDay,
};

/** What the offer form sets: every column it shows, a cleared date as null, the two checkboxes. */
export const offerFormSchema = z.object({
  ...offerFields,
  featured: z.boolean().default(false),
  hide_clipboard: z.boolean().default(false),
});

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
