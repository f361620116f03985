import { printable } from "@contract/contact-contract";
import { FEEDBACK_RULES } from "@contract/feedback-contract";
import { asRole, openEmbeddedDatabase, readAsAnon } from "./embedded-db.server";
import { DeliveryError, RateLimitedError, toBackendError, VOTES_RATE_LIMITED } from "./errors.server";
import { toFeedbackCounts, type FeedbackRow } from "./feedback-row.server";
import type * as types from "./types.server";
import type { BrandRow } from "~/catalogue/types";

/**
 * Calls one of the SQL functions that store what visitors send, as the service role (as the edge functions do on
 * Supabase), and gives its one-word answer; any failure to get it is a DeliveryError starting with `failure`.
 */
async function callAsServiceRole(
  dataDir: string,
  sql: string,
  params: unknown[],
  failure: string,
): Promise<string | undefined> {
  try {
    const db = await openEmbeddedDatabase(dataDir);
    const answer = await asRole(db, "service_role", (tx) => tx.query<{ result: string }>(sql, params));
    return answer.rows[0]?.result;
  } catch (error) {
    throw new DeliveryError(`${failure} : ${(error as Error).message}`);
  }
}

/**
 * The embedded database in `dataDir`: brands read as the anon role, messages stored in contact_messages through the
 * same SQL function as on Supabase, which also applies the per-sender rate limit.
 */
export class EmbeddedBackend implements types.Backend {
  constructor(
    private readonly dataDir: string,
    private readonly rateLimit: { max: number; windowSeconds: number },
  ) {}

  async warmUp(): Promise<void> {
    await openEmbeddedDatabase(this.dataDir);
  }

  /** A query of the embedded database cannot be cancelled: the caller's timeout stops the wait, not the query. */
  async listBrands(): Promise<BrandRow[]> {
    try {
      const db = await openEmbeddedDatabase(this.dataDir);
      return await readAsAnon<BrandRow>(db, "select json_agg(b order by b.name) as rows from public.brands b");
    } catch (error) {
      throw toBackendError(error);
    }
  }

  async sendMessage({ payload, clientKey }: types.OutgoingMessage): Promise<types.DeliveryResult> {
    const result = await callAsServiceRole(
      this.dataDir,
      "select public.submit_contact_message($1, $2, $3, $4, $5, $6, $7, $8, make_interval(secs => $9)) as result",
      [
        payload.name,
        payload.email,
        "subject" in payload ? payload.subject : null,
        payload.message,
        "brandName" in payload ? payload.brandName : null,
        payload.submissionId ?? null,
        clientKey,
        this.rateLimit.max,
        this.rateLimit.windowSeconds,
      ],
      "Enregistrement du message impossible",
    );
    if (result === "rate_limited") throw new RateLimitedError(this.rateLimit.windowSeconds);
    if (result !== "stored" && result !== "duplicate") throw new DeliveryError(`Réponse inattendue : ${result}`);
    // What visitors wrote is printed escaped: the contract refuses control characters, the log never relies on it.
    const about =
      "brandName" in payload ? `question sur ${printable(payload.brandName)}` : `sujet ${printable(payload.subject)}`;
    console.info(
      `Message ${result === "stored" ? "enregistré" : "déjà reçu"} : ${printable(payload.name)} <${printable(payload.email)}>, ${about}, ${payload.message.length} caractères.`,
    );
    return result;
  }

  async recordVote({ offerSlug, worked, reason, clientKey }: types.OutgoingVote): Promise<types.VoteResult> {
    const result = await callAsServiceRole(
      this.dataDir,
      "select public.record_code_feedback($1, $2, $3, $4, $5) as result",
      [offerSlug, worked, reason, clientKey, FEEDBACK_RULES.maxVotesPerHour],
      "Enregistrement de l'avis impossible",
    );
    if (result === "rate_limited") throw new RateLimitedError(3600, VOTES_RATE_LIMITED);
    if (result !== "stored" && result !== "replaced") throw new DeliveryError(`Réponse inattendue : ${result}`);
    return result;
  }

  /** Read as the anon role, which may only call the aggregate function: what a visitor could see, nothing more. */
  async listFeedback(): Promise<types.FeedbackCounts[]> {
    try {
      const db = await openEmbeddedDatabase(this.dataDir);
      const rows = await readAsAnon<FeedbackRow>(
        db,
        "select json_agg(s) as rows from public.code_feedback_summary() s",
      );
      return rows.map(toFeedbackCounts);
    } catch (error) {
      throw toBackendError(error);
    }
  }
}
