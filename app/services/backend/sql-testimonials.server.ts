/** The testimonials on a Postgres database the site reaches itself, through the SQL functions that apply limits. */
import { TESTIMONIAL_LIMITS } from "@contract/testimonial-fields";
import { log } from "../log.server";
import { openDatabase, type DatabasePlace } from "./database.server";
import { recordErasure } from "./erasures.server";
import {
  DeliveryError,
  RateLimitedError,
  REPORTS_RATE_LIMITED,
  TESTIMONIAL_RETRY_AFTER_SECONDS,
  TESTIMONIALS_RATE_LIMITED,
  toBackendError,
} from "./errors.server";
import { callAsServiceRole } from "./sql-calls.server";
import { readAsAnon } from "./sql-roles.server";
import { toErasedTestimonial, toPublishedTestimonial, type PublishedTestimonialRow } from "./testimonial-row.server";
import type {
  ErasedTestimonial,
  OutgoingReport,
  OutgoingTestimonial,
  PublishedTestimonial,
  ReportOutcome,
  SubmissionResult,
} from "./testimonial-types.server";

/**
 * Through submit_testimonial, which applies the day's limits. The author's e-mail (their erasure link) and the
 * owner's digest line are passed only when this server e-mails.
 */
export async function submit(
  place: DatabasePlace,
  mailing: boolean,
  testimonial: OutgoingTestimonial,
  wakeOutbox: () => void,
): Promise<SubmissionResult> {
  const result = await callAsServiceRole(
    place,
    `select public.submit_testimonial($1, $2, $3, ($4 || '-01')::date, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                                      $15, $16) as result`,
    [
      testimonial.offerSlug,
      testimonial.name,
      testimonial.text,
      testimonial.experiencedIn,
      mailing ? testimonial.email : null,
      testimonial.eraseTokenHash,
      testimonial.clientKey,
      testimonial.networkKey,
      TESTIMONIAL_LIMITS.perVisitorPerDay,
      TESTIMONIAL_LIMITS.perNetworkPerDay,
      mailing ? (testimonial.mail?.subject ?? null) : null,
      mailing ? (testimonial.mail?.body ?? null) : null,
      mailing ? testimonial.alert : null,
      mailing ? testimonial.emailKey : null,
      mailing ? testimonial.confirmTokenHash : null,
      TESTIMONIAL_LIMITS.confirmationMailsPerAddressPerDay,
    ],
    "Enregistrement du témoignage impossible",
  );
  if (result === "rate_limited") {
    throw new RateLimitedError(TESTIMONIAL_RETRY_AFTER_SECONDS, TESTIMONIALS_RATE_LIMITED);
  }
  if (result !== "stored" && result !== "stored_unmailed") throw new DeliveryError(`Réponse inattendue : ${result}`);
  wakeOutbox();
  log.info(`Témoignage reçu sur ${testimonial.offerSlug}, ${testimonial.text.length} caractères, à modérer.`);
  return result;
}

export async function confirmEmail(place: DatabasePlace, confirmTokenHash: string): Promise<string | null> {
  const offer = await callAsServiceRole(
    place,
    "select public.confirm_testimonial_email($1) as result",
    [confirmTokenHash],
    "Confirmation de l'adresse impossible",
  );
  return typeof offer === "string" ? offer : null;
}

export async function report(place: DatabasePlace, report: OutgoingReport): Promise<ReportOutcome> {
  const result = await callAsServiceRole(
    place,
    "select public.report_testimonial($1, $2, $3, $4, $5, $6, $7) as result",
    [
      report.testimonialId,
      report.reason,
      report.details,
      report.clientKey,
      report.networkKey,
      TESTIMONIAL_LIMITS.reportsPerNetworkPerDay,
      TESTIMONIAL_LIMITS.reportsPerTestimonial,
    ],
    "Enregistrement du signalement impossible",
  );
  if (result === "rate_limited") throw new RateLimitedError(TESTIMONIAL_RETRY_AFTER_SECONDS, REPORTS_RATE_LIMITED);
  if (result !== "stored" && result !== "missing" && result !== "full")
    throw new DeliveryError(`Réponse inattendue : ${result}`);
  return result;
}

/** Noted outside the database too (erasures.server.ts), so that a restored backup does not bring it back. */
export async function erase(place: DatabasePlace, eraseTokenHash: string): Promise<ErasedTestimonial | null> {
  const result = await callAsServiceRole(
    place,
    "select public.erase_testimonial_by_token($1)::text as result",
    [eraseTokenHash],
    "Effacement du témoignage impossible",
  );
  const erased = toErasedTestimonial(result ? JSON.parse(result) : null);
  if (erased) recordErasure(place, erased.id, erased.createdAt, new Date(), "testimonials");
  return erased;
}

/** Read as the anon role, through the view: what a visitor could see, nothing more. */
export async function listPublished(place: DatabasePlace): Promise<PublishedTestimonial[]> {
  try {
    const db = await openDatabase(place);
    const rows = await readAsAnon<PublishedTestimonialRow>(
      db,
      "select json_agg(t order by t.published_at desc, t.id desc) as rows from public.published_testimonials t",
    );
    return rows.map(toPublishedTestimonial);
  } catch (error) {
    throw toBackendError(error);
  }
}
