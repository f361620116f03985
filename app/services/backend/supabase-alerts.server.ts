import { randomUUID } from "node:crypto";
import { log } from "../log.server";
import { toBackendError } from "./errors.server";
import { VISITOR_MAILS_PER_HOUR } from "../config/values.server";
import { OUTBOX_LEASE_SECONDS } from "../mail/outbox.server";
import type {
  DueAlert,
  DueAuthorMail,
  DueMessage,
  DueVisitorMail,
  OutboxQueue,
  OutboxStore,
} from "../mail/outbox.server";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { AlertCheck } from "~/catalogue/alerts";

/**
 * The owner's alerts with hosted Supabase (SMTP_URL and SUPABASE_SERVICE_ROLE_KEY on the site's server): queued in
 * owner_alerts through the REST API with the service role's key, and sent by the server's outbox with the same
 * retries and the same claims as with the embedded database (the database's claim_due_* and settle_outbox_row, by
 * RPC), as are the e-mails to testimonials' authors (author_mails) and to visitors who asked for alerts
 * (visitor_mails, at their own hourly rate). It has no messages to send: send-contact-email e-mails them.
 */
export class SupabaseAlertStore implements OutboxStore {
  readonly closed = false;

  /** This instance's name on the rows it claims. */
  readonly claimer = randomUUID();

  /** `client`: made with the service role's key. */
  constructor(
    private readonly client: SupabaseClient,
    private readonly leaseSeconds = OUTBOX_LEASE_SECONDS,
    private readonly visitorMailsPerHour = VISITOR_MAILS_PER_HOUR,
  ) {}

  /**
   * Hands one check of the offers to the database's queue_owner_alerts, which applies the rules (one report per
   * offer a day, recovery after a day, ten alerts an hour and a digest) under a lock shared by every instance. Gives
   * how many e-mails are now due.
   */
  async queue({ alerts, notReported }: AlertCheck): Promise<number> {
    const { data, error } = await this.client.rpc("queue_owner_alerts", {
      p_alerts: alerts,
      p_not_reported: notReported,
    });
    if (error) throw toBackendError(error);
    return Number(data);
  }

  async dueMessages(): Promise<DueMessage[]> {
    return [];
  }

  async dueAlerts(limit: number): Promise<DueAlert[]> {
    return this.claim<DueAlert>("claim_due_alerts", limit);
  }

  async dueAuthorMails(limit: number): Promise<DueAuthorMail[]> {
    return this.claim<DueAuthorMail>("claim_due_author_mails", limit);
  }

  async dueVisitorMails(limit: number): Promise<DueVisitorMail[]> {
    const { data, error } = await this.client.rpc("claim_due_visitor_mails", {
      p_claimer: this.claimer,
      p_limit: limit,
      p_lease_seconds: this.leaseSeconds,
      p_per_hour: this.visitorMailsPerHour,
    });
    if (error) throw toBackendError(error);
    return (data ?? []) as DueVisitorMail[];
  }

  async stillHolds(queue: OutboxQueue, id: number): Promise<boolean> {
    const { data, error } = await this.client.rpc("renew_outbox_claim", {
      p_queue: queue,
      p_id: id,
      p_claimer: this.claimer,
      p_lease_seconds: this.leaseSeconds,
    });
    if (error) throw toBackendError(error);
    return data === true;
  }

  async markSent(queue: OutboxQueue, id: number, attempts: number, claimer = this.claimer): Promise<void> {
    await this.settle(queue, id, attempts, null, false, 0, false, claimer);
  }

  async markFailed(
    queue: OutboxQueue,
    id: number,
    failure: { attempts: number; error: string; givesUp: boolean; retryInSeconds: number; refused?: boolean },
  ): Promise<void> {
    const { attempts, error, givesUp, retryInSeconds, refused = false } = failure;
    await this.settle(queue, id, attempts, error, givesUp, retryInSeconds, refused);
  }

  async alertOwnerIfVisitorMailsLate({ subject, body }: { subject: string; body: string }): Promise<boolean> {
    const { data, error } = await this.client.rpc("alert_owner_if_visitor_mails_late", {
      p_subject: subject,
      p_body: body,
    });
    if (error) throw toBackendError(error);
    return data === true;
  }

  async alertOwnerIfRequestsUnconfirmed({ subject, body }: { subject: string; body: string }): Promise<boolean> {
    const { data, error } = await this.client.rpc("alert_owner_if_requests_unconfirmed", {
      p_per_hour: this.visitorMailsPerHour,
      p_subject: subject,
      p_body: body,
    });
    if (error) throw toBackendError(error);
    return data === true;
  }

  async untilNextDue(): Promise<number | null> {
    const [outbox, visitors] = await Promise.all([
      this.client.rpc("outbox_next_due_ms"),
      this.client.rpc("visitor_mails_next_due_ms", { p_per_hour: this.visitorMailsPerHour }),
    ]);
    if (outbox.error) throw toBackendError(outbox.error);
    if (visitors.error) throw toBackendError(visitors.error);
    const waits = [outbox.data, visitors.data].filter((ms): ms is number => typeof ms === "number");
    return waits.length > 0 ? Math.min(...waits) : null;
  }

  /** The rows due now, claimed for this instance by the database (SKIP LOCKED: never a row another instance took). */
  private async claim<T>(claimFunction: string, limit: number): Promise<T[]> {
    const { data, error } = await this.client.rpc(claimFunction, {
      p_claimer: this.claimer,
      p_limit: limit,
      p_lease_seconds: this.leaseSeconds,
    });
    if (error) throw toBackendError(error);
    return (data ?? []) as T[];
  }

  /** What became of a row this instance claimed; the database ignores it when the claim is no longer this instance's. */
  private async settle(
    queue: OutboxQueue,
    id: number,
    attempts: number,
    failure: string | null,
    givesUp: boolean,
    retryInSeconds: number,
    refused: boolean,
    claimer = this.claimer,
  ): Promise<void> {
    const common = {
      p_id: id,
      p_claimer: claimer,
      p_attempts: attempts,
      p_error: failure,
      p_gives_up: givesUp,
      p_retry_seconds: retryInSeconds,
    };
    const { data, error } =
      queue === "visitors"
        ? await this.client.rpc("settle_visitor_mail", { ...common, p_refused: refused })
        : await this.client.rpc("settle_outbox_row", { ...common, p_queue: queue });
    if (error) throw toBackendError(error);
    if (data !== true) log.warn(`Outbox : la ligne ${queue} ${id} n'était plus réservée par cette instance.`);
  }
}
