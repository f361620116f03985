import { INVISIBLE_MARKS, plainLine, plainText } from "@contract/contact-contract";
import * as z from "zod";
import { isIsoDate } from "~/catalogue/dates";

/**
 * The kinds of value a back-office field holds, read with zod as Conform hands them over (an empty field as missing),
 * each refusal in French.
 */

/** Why a field holding a control, invisible or reordering character (a NUL byte among them) is refused. */
export const notPlain = (label: string) =>
  `${label} : retirez les caractères invisibles, de contrôle ou de mise en forme.`;

/** A one-line text of at most `max` characters, empty allowed. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} : ${max} caractères au plus.` })
    .refine((value) => plainLine(value) && !INVISIBLE_MARKS.test(value), { message: notPlain(label) })
    .default("");

/** A one-line text that must be given: `missing` says what to type. */
export const requiredText = (max: number, label: string, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { message: missing })
    .max(max, { message: `${label} : ${max} caractères au plus.` })
    .refine((value) => plainLine(value) && !INVISIBLE_MARKS.test(value), { message: notPlain(label) });

export const link = requiredText(500, "Le lien", "Indiquez le lien de parrainage.").refine(
  (value) => /^https:\/\//.test(value) && URL.canParse(value) && !/\s/.test(value),
  { message: "Le lien doit être une adresse complète commençant par https://." },
);

export const day = z
  .string()
  .trim()
  .refine((value) => isIsoDate(value), { message: "Indiquez une date valide (jj/mm/aaaa), ou laissez vide." })
  .optional()
  .transform((value) => value ?? null);

/** Lines of a text area, one item each: at most `most` lines of at most `longest` characters. */
export const lines = (most: number, longest: number, label: string, tooMany: string) =>
  z
    .string()
    .max(most * (longest + 2), { message: `${label} : ${most * longest} caractères au plus.` })
    .default("")
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((items) => items.length <= most, { message: tooMany })
    .refine((items) => items.every((item) => item.length <= longest), {
      message: `${label} : ${longest} caractères au plus par ligne.`,
    })
    .refine((items) => items.every(plainText), { message: notPlain(label) });

/** "200", "2,50" or "2.50": a positive amount with at most two decimals, or nothing. */
export const amount = z
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
        message: "Le montant : un nombre positif, par exemple 200 ou 2,50, ou laissez vide.",
      });
      return z.NEVER;
    }
    return number;
  });
