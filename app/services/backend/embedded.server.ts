import { printable } from "@contract/contact-contract";
import { FEEDBACK_RULES } from "@contract/feedback-contract";
import { asRole, openEmbeddedDatabase } from "./embedded-db.server";
import { DeliveryError, RateLimitedError, toBackendError, VOTES_RATE_LIMITED } from "./errors.server";
import { toFeedbackCounts, type FeedbackRow } from "./feedback-row.server";
import type {
  Backend,
  DeliveryResult,
  FeedbackCounts,
  OutgoingMessage,
  OutgoingVote,
  VoteResult,
} from "./types.server";
import type { BrandRow } from "~/catalogue/types";

/**
 * The embedded database in `dataDir`: brands read as the anon role, messages stored in contact_messages through the
 * same SQL function as on Supabase, which also applies the per-sender rate limit.
 */
export class EmbeddedBackend implements Backend {
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
      const result = await asRole(db, "anon", (tx) => tx.query<BrandRow>("select * from public.brands order by name"));
      return result.rows;
    } catch (error) {
      throw toBackendError(error);
    }
  }

  async sendMessage({ payload, clientKey }: OutgoingMessage): Promise<DeliveryResult> {
    let result: string | undefined;
    try {
      const db = await openEmbeddedDatabase(this.dataDir);
      const answer = await asRole(db, "service_role", (tx) =>
        tx.query<{ result: string }>(
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
        ),
      );
      result = answer.rows[0]?.result;
    } catch (error) {
      throw new DeliveryError(`Enregistrement du message impossible : ${(error as Error).message}`);
    }
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

  async recordVote({ offerSlug, worked, reason, clientKey }: OutgoingVote): Promise<VoteResult> {
    let result: string | undefined;
    try {
      const db = await openEmbeddedDatabase(this.dataDir);
      const answer = await asRole(db, "service_role", (tx) =>
        tx.query<{ result: string }>(
          "select public.record_code_feedback($1, $2, $3, $4, $5, make_interval(hours => $6)) as result",
          [offerSlug, worked, reason, clientKey, FEEDBACK_RULES.maxVotesPerHour, FEEDBACK_RULES.oneVotePerHours],
        ),
      );
      result = answer.rows[0]?.result;
    } catch (error) {
      throw new DeliveryError(`Enregistrement de l'avis impossible : ${(error as Error).message}`);
    }
    if (result === "rate_limited") throw new RateLimitedError(3600, VOTES_RATE_LIMITED);
    if (result !== "stored" && result !== "replaced") throw new DeliveryError(`Réponse inattendue : ${result}`);
    return result;
  }

  /** Read as the anon role, which may only call the aggregate function: what a visitor could see, nothing more. */
  async listFeedback(since: Date): Promise<FeedbackCounts[]> {
    try {
      const db = await openEmbeddedDatabase(this.dataDir);
      const result = await asRole(db, "anon", (tx) =>
        tx.query<FeedbackRow>("select * from public.code_feedback_summary($1)", [since.toISOString()]),
      );
      return result.rows.map(toFeedbackCounts);
    } catch (error) {
      throw toBackendError(error);
    }
  }
}
