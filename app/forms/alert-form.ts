import { emailField } from "@contract/contact-contract";
import * as z from "zod";
import { ALERT_FIELDS } from "~/catalogue/alert-topics";

/**
 * "Me prévenir": the alert form of a brand page and of a category's listing, a native form posting to `/alertes`.
 * Its rules are here; the texts it shows are the catalogue's (`~/catalogue/visitor-alerts`).
 */

export { ALERT_FIELDS };

export const ALERT_MESSAGES = {
  consentRequired: "Cochez la case pour accepter de recevoir ces e-mails",
  adultRequired:
    "Les alertes sur les paris sportifs sont réservées aux personnes majeures : cochez la case si vous avez 18 ans ou plus",
  topicUnknown: "Cette alerte ne correspond à aucune offre ni catégorie.",
  rateLimited: "Trop de demandes d'alertes depuis votre réseau. Veuillez réessayer dans une heure.",
  failed: "Votre demande n'a pas pu être enregistrée. Veuillez réessayer dans quelques minutes.",
};

/** What a valid request holds; `adult` is required of betting topics by the action, which knows the topic. */
export const alertRequestSchema = z.object({
  [ALERT_FIELDS.email]: emailField,
  [ALERT_FIELDS.consent]: z.literal("oui", { error: ALERT_MESSAGES.consentRequired }),
  [ALERT_FIELDS.adult]: z.literal("oui").optional(),
});

/** Each field's first error, by field name, and the address typed (a refused form shows it again). */
export interface AlertFormState {
  email: string;
  consent: boolean;
  adult: boolean;
  errors: Partial<Record<"email" | "consent" | "adult" | "form", string>>;
}

/** Checks a posted form; `betting` requires the 18+ statement. */
export function checkAlertForm(
  values: Record<string, FormDataEntryValue | undefined>,
  betting: boolean,
): { ok: true; email: string } | { ok: false; state: AlertFormState } {
  const email = typeof values[ALERT_FIELDS.email] === "string" ? (values[ALERT_FIELDS.email] as string) : "";
  const parsed = alertRequestSchema.safeParse({
    [ALERT_FIELDS.email]: email,
    [ALERT_FIELDS.consent]: values[ALERT_FIELDS.consent] ?? undefined,
    [ALERT_FIELDS.adult]: values[ALERT_FIELDS.adult] || undefined,
  });
  const errors: AlertFormState["errors"] = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field =
        issue.path[0] === ALERT_FIELDS.consent ? "consent" : issue.path[0] === ALERT_FIELDS.email ? "email" : "adult";
      errors[field] ??= issue.message;
    }
  }
  if (betting && values[ALERT_FIELDS.adult] !== "oui") errors.adult = ALERT_MESSAGES.adultRequired;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, email: parsed.data[ALERT_FIELDS.email] };
  return {
    ok: false,
    state: {
      email: email.slice(0, 300),
      consent: values[ALERT_FIELDS.consent] === "oui",
      adult: values[ALERT_FIELDS.adult] === "oui",
      errors,
    },
  };
}
