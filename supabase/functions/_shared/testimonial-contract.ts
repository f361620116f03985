import * as z from "zod";
import { ADDRESS_LIKE, emailField, INVISIBLE_MARKS, MESSAGES, plainLine, plainText } from "./contact-contract.ts";
import { offerSlugField } from "./feedback-contract.ts";
import {
  AUTHOR_NAME_MAX,
  AUTHOR_NAME_MIN,
  currentMonthInFrance,
  EXPERIENCE_YEARS,
  REPORT_DETAILS_MAX,
  TESTIMONIAL_MESSAGES,
  TESTIMONIAL_REASONS,
  TESTIMONIAL_TEXT_MAX,
  TESTIMONIAL_TEXT_MIN,
} from "./testimonial-fields.ts";
import type { TestimonialReason } from "./testimonial-fields.ts";

/**
 * The one contract of a testimonial and of a notice about one: the form on a brand page (Conform), the site's
 * actions and the testimonials edge function share it, as they share the message contract. Its limits and texts are
 * in `testimonial-fields.ts`, which pages import without zod.
 */

export * from "./testimonial-fields.ts";

/** The reasons' values, as a zod enum takes them: a visitor's notice and the owner's refusal give one of them. */
export const TESTIMONIAL_REASON_VALUES = TESTIMONIAL_REASONS.map((reason) => reason.value) as [
  TestimonialReason,
  ...TestimonialReason[],
];

/** A form's empty field is no value. */
const blankIsNone = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** The text keeps its lines; nothing invisible or reordering, as a message. */
export const testimonialTextField = z
  .string({ error: TESTIMONIAL_MESSAGES.textTooShort })
  .overwrite((text) => text.replace(/\r\n?/g, "\n"))
  .trim()
  .min(TESTIMONIAL_TEXT_MIN, { error: TESTIMONIAL_MESSAGES.textTooShort })
  .max(TESTIMONIAL_TEXT_MAX, { error: TESTIMONIAL_MESSAGES.textTooLong })
  .refine(plainText, { error: TESTIMONIAL_MESSAGES.textInvalid });

/** A first name or pseudonym, the same hygiene as a message's name; none gives "Anonyme". */
export const authorNameField = z.preprocess(
  blankIsNone,
  z
    .string()
    .trim()
    .min(AUTHOR_NAME_MIN, { error: TESTIMONIAL_MESSAGES.nameTooShort })
    .max(AUTHOR_NAME_MAX, { error: TESTIMONIAL_MESSAGES.nameTooLong })
    .refine((text) => !INVISIBLE_MARKS.test(text), { error: MESSAGES.nameInvisible, abort: true })
    .refine(plainLine, { error: MESSAGES.nameInvalid, abort: true })
    .refine((text) => !ADDRESS_LIKE.test(text), { error: MESSAGES.nameAddressLike })
    .optional(),
);

export const optionalEmailField = z.preprocess(blankIsNone, emailField.optional());

/** The years the form offers: this one and the ones before. */
export function experienceYears(now = new Date()): number[] {
  const year = Number(currentMonthInFrance(now).slice(0, 4));
  return Array.from({ length: EXPERIENCE_YEARS }, (_, index) => year - index);
}

/**
 * What the brand page's form sends. The month and year come from two selects; together they may not be after the
 * current month in Paris (`now`), whatever the form offered.
 */
export function testimonialFormSchema(now = new Date()) {
  const years = experienceYears(now).map(String);
  return z
    .object({
      text: testimonialTextField,
      name: authorNameField,
      month: z.enum(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"], {
        error: TESTIMONIAL_MESSAGES.monthRequired,
      }),
      year: z.enum(years as [string, ...string[]], { error: TESTIMONIAL_MESSAGES.yearRequired }),
      email: optionalEmailField,
      consent: z.literal("oui", { error: TESTIMONIAL_MESSAGES.consentRequired }),
    })
    .refine(({ year, month }) => `${year}-${month}` <= currentMonthInFrance(now), {
      error: TESTIMONIAL_MESSAGES.inFuture,
      path: ["month"],
    });
}

export type TestimonialForm = z.output<ReturnType<typeof testimonialFormSchema>>;

export const reportReasonField = z.enum(TESTIMONIAL_REASON_VALUES, { error: TESTIMONIAL_MESSAGES.reasonRequired });

export const reportDetailsField = z.preprocess(
  blankIsNone,
  z
    .string()
    .overwrite((text) => text.replace(/\r\n?/g, "\n"))
    .trim()
    .max(REPORT_DETAILS_MAX, { error: TESTIMONIAL_MESSAGES.detailsTooLong })
    // The rules of the testimonial itself: the owner reads it in the back office, beside the text it is about.
    .refine(plainText, { error: TESTIMONIAL_MESSAGES.detailsInvalid })
    .optional(),
);

/** A visitor's notice about a published testimonial. */
export const reportFormSchema = z.object({ reason: reportReasonField, details: reportDetailsField });

const tokenHashField = z.string().regex(/^[0-9a-f]{64}$/);

/** What the testimonials edge function accepts, one of four calls. */
export const testimonialCallSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("submit"),
    offerSlug: offerSlugField,
    name: z.string().min(AUTHOR_NAME_MIN).max(AUTHOR_NAME_MAX),
    text: testimonialTextField,
    experiencedIn: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
    email: emailField.nullable(),
    emailKey: tokenHashField.nullable(),
    confirmTokenHash: tokenHashField.nullable(),
    eraseTokenHash: tokenHashField,
    mail: z.object({ subject: z.string().max(200), body: z.string().max(5000) }).nullable(),
    alert: z.string().max(200).nullable(),
  }),
  z.object({
    action: z.literal("report"),
    testimonialId: z.number().int().positive(),
    reason: reportReasonField,
    details: z.string().max(REPORT_DETAILS_MAX).nullable(),
  }),
  z.object({ action: z.literal("erase"), eraseTokenHash: tokenHashField }),
  z.object({ action: z.literal("confirm"), confirmTokenHash: tokenHashField }),
]);

export type TestimonialCall = z.infer<typeof testimonialCallSchema>;
