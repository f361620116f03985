import { FEEDBACK_MESSAGES } from "@contract/feedback-contract";
import { TESTIMONIAL_MESSAGES } from "@contract/testimonial-fields";

/**
 * The errors a backend rejects with. A brands read fails with a BackendError, shaped as PostgREST, Postgres and the
 * Supabase functions report errors (message, details, hint, code), so that both backends fail alike.
 */
export class BackendError extends Error {
  override name = "BackendError";
  readonly details: string;
  readonly hint: string;
  readonly code: string;

  constructor({
    message,
    details,
    hint,
    code,
  }: {
    message: string;
    details?: string | null;
    hint?: string | null;
    code?: string | null;
  }) {
    super(message);
    this.details = details ?? "";
    this.hint = hint ?? "";
    this.code = code ?? "";
  }

  toJSON() {
    return { message: this.message, details: this.details, hint: this.hint, code: this.code };
  }
}

export function toBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  if (error && typeof error === "object" && "message" in error) {
    const { message, details, detail, hint, code } = error as Record<string, unknown>;
    return new BackendError({
      message: String(message),
      details: typeof details === "string" ? details : typeof detail === "string" ? detail : "",
      hint: typeof hint === "string" ? hint : "",
      code: typeof code === "string" ? code : "",
    });
  }
  return new BackendError({ message: String(error) });
}

/** The sender went over the per-sender limit; `retryAfterSeconds` says when to try again. */
export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(
    readonly retryAfterSeconds: number,
    message = "Trop de messages envoyés. Veuillez réessayer dans quelques minutes.",
  ) {
    super(message);
  }
}

export const VOTES_RATE_LIMITED = FEEDBACK_MESSAGES.rateLimited;

/** The message could not be handed over (backend down, function error). */
export class DeliveryError extends Error {
  override name = "DeliveryError";
}

/** Why a testimonial, or a notice about one, was refused for the day's limits (the contract's words). */
export const TESTIMONIALS_RATE_LIMITED = TESTIMONIAL_MESSAGES.rateLimited;
export const REPORTS_RATE_LIMITED = TESTIMONIAL_MESSAGES.reportsRateLimited;
/** The limits count the last 24 hours: a day always frees room. */
export const TESTIMONIAL_RETRY_AFTER_SECONDS = 24 * 3600;

/** Postgres's code for a unique constraint refused, as both backends report it. */
export const UNIQUE_VIOLATION = "23505";

/** What import_offers raises for a row changed since the CSV was exported. */
const SERIALIZATION_FAILURE = "40001";

/**
 * An import that public.import_offers refused as a whole: a row gone or changed since the preview, or a name already
 * taken.
 */
export function importRefusal(error: unknown): { ok: false; reason: "gone" | "changed" | "taken" } | null {
  const { code } = toBackendError(error);
  if (code === "P0002") return { ok: false, reason: "gone" };
  if (code === SERIALIZATION_FAILURE) return { ok: false, reason: "changed" };
  if (code === UNIQUE_VIOLATION) return { ok: false, reason: "taken" };
  return null;
}
