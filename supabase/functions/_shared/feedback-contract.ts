import * as z from "zod";
import { FEEDBACK_MESSAGES, FEEDBACK_REASONS, OFFER_SLUG_PATTERN } from "./feedback-fields.ts";
import type { FeedbackReason } from "./feedback-fields.ts";

/**
 * A visitor's vote on an offer's code, as the site's form sends it and as the record-code-feedback function accepts
 * it: shared by the site (Node) and the function (Deno), like the message contract. Its thresholds, reasons and texts
 * are in `feedback-fields.ts`, which pages can import without loading zod.
 */

export * from "./feedback-fields.ts";

const REASON_VALUES = FEEDBACK_REASONS.map((reason) => reason.value) as [FeedbackReason, ...FeedbackReason[]];

export const offerSlugField = z
  .string({ error: FEEDBACK_MESSAGES.offerInvalid })
  .max(100, { error: FEEDBACK_MESSAGES.offerInvalid })
  .regex(OFFER_SLUG_PATTERN, { error: FEEDBACK_MESSAGES.offerInvalid });

/** The form's two submit buttons send `worked=oui` or `worked=non`. */
export const workedField = z.enum(["oui", "non"], { error: FEEDBACK_MESSAGES.workedRequired });

/** Optional; an empty choice means none, and a reason sent with "Oui" is dropped. */
export const reasonField = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.enum(REASON_VALUES, { error: FEEDBACK_MESSAGES.reasonInvalid }).optional(),
);

/** What the form sends (the offer comes from the page's address, not from the form). */
export const feedbackFormSchema = z.object({ worked: workedField, reason: reasonField });

/** What record-code-feedback accepts as JSON. */
export const feedbackPayloadSchema = z.object({
  offerSlug: offerSlugField,
  worked: z.boolean({ error: FEEDBACK_MESSAGES.workedRequired }),
  reason: z.enum(REASON_VALUES, { error: FEEDBACK_MESSAGES.reasonInvalid }).nullable(),
});

export type FeedbackPayload = z.infer<typeof feedbackPayloadSchema>;
