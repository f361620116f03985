/**
 * What the back office's moderation and import forms send, read through one schema each: a discriminated union on
 * their `intent`, so that each intent's fields are typed where they are used.
 */
import { TESTIMONIAL_REASON_VALUES } from "@contract/testimonial-contract";
import * as z from "zod";

/** A row's id, as the forms' hidden field carries it. */
const rowId = z.number({ error: "Témoignage inconnu." }).int().positive().max(Number.MAX_SAFE_INTEGER);
/** The offer the testimonial is about, for the author's e-mail (the slug of an offer no longer listed too). */
const offerSlug = z.string().max(200).default("");

/** A decision on a testimonial: a refusal names its reason; the other intents carry nothing more. */
export const testimonialDecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("refuse"),
    id: rowId,
    offre: offerSlug,
    reason: z.enum(TESTIMONIAL_REASON_VALUES, { error: "Choisissez la raison du refus." }),
  }),
  z.object({
    intent: z.enum(["publish", "feature", "unfeature", "dismiss-reports", "delete"]),
    id: rowId,
    offre: offerSlug,
  }),
]);

export type TestimonialDecision = z.output<typeof testimonialDecisionSchema>;

const CHOOSE_FILE = "Choisissez le fichier CSV des offres.";

/** An offers import: a file to preview, or the previewed text to write with the digest of its preview. */
export const offersImportSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("preview"),
    fichier: z.instanceof(File, { error: CHOOSE_FILE }).refine((file) => file.size > 0, { error: CHOOSE_FILE }),
  }),
  z.object({ intent: z.literal("confirm"), csv: z.string().default(""), apercu: z.string().default("") }),
]);

/** The first error of a refused form, for a 400 answer: an unknown intent says so. */
export function firstError(error: Record<string, string[] | null> | null | undefined): string {
  if (!error || error.intent) return "Action inconnue.";
  return (
    Object.values(error)
      .flatMap((messages) => messages ?? [])
      .at(0) ?? "Action inconnue."
  );
}
