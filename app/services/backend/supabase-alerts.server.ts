import { toBackendError } from "./errors.server";
import type { DueAlert, DueAuthorMail, DueMessage, OutboxQueue, OutboxStore } from "../mail/outbox.server";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { AlertCheck } from "~/catalogue/alerts";

/**
 * The owner's alerts with hosted Supabase (SMTP_URL and SUPABASE_SERVICE_ROLE_KEY on the site's server): queued in
 * owner_alerts through the REST API with the service role's key, and sent by the server's outbox with the same
 * retries as with the embedded database, as are the e-mails to testimonials' authors (author_mails). It has no
 * messages to send: send-contact-email e-mails them.
 */
export class SupabaseAlertStore implements OutboxStore {
  readonly closed = false;

  /** `client`: made with the service role's key. */
  constructor(private readonly client: SupabaseClient) {}

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
    return this.due<DueAlert>("owner_alerts", "id, attempts, queued_at:created_at, subject, body", limit);
  }

  async dueAuthorMails(limit: number): Promise<DueAuthorMail[]> {
    return this.due<DueAuthorMail>(
      "author_mails",
      "id, attempts, queued_at:created_at, recipient, subject, body",
      limit,
    );
  }

  private async due<T>(table: string, columns: string, limit: number): Promise<T[]> {
    const { data, error } = await this.client
      .from(table)
      .select(columns)
      .eq("state", "pending")
      .lte("next_attempt_at", new Date().toISOString())
      .order("next_attempt_at")
      .order("id")
      .limit(limit);
    if (error) throw toBackendError(error);
    return (data ?? []) as T[];
  }

  async markSent(queue: OutboxQueue, id: number, attempts: number): Promise<void> {
    if (queue === "authors") return this.forgetAuthorMail(id);
    await this.update(id, { state: "sent", sent_at: new Date().toISOString(), attempts, last_error: null });
  }

  async markFailed(
    queue: OutboxQueue,
    id: number,
    failure: { attempts: number; error: string; givesUp: boolean; retryInSeconds: number },
  ): Promise<void> {
    if (queue === "authors" && failure.givesUp) return this.forgetAuthorMail(id);
    await this.update(
      id,
      {
        attempts: failure.attempts,
        last_error: failure.error,
        state: failure.givesUp ? "failed" : "pending",
        next_attempt_at: new Date(Date.now() + failure.retryInSeconds * 1000).toISOString(),
      },
      queue === "authors" ? "author_mails" : "owner_alerts",
    );
  }

  async untilNextDue(): Promise<number | null> {
    const { data, error } = await this.client
      .from("owner_alerts")
      .select("next_attempt_at")
      .eq("state", "pending")
      .order("next_attempt_at")
      .limit(1);
    if (error) throw toBackendError(error);
    const next = (data as { next_attempt_at: string }[] | null)?.[0]?.next_attempt_at;
    return next === undefined ? null : Date.parse(next) - Date.now();
  }

  private async forgetAuthorMail(id: number): Promise<void> {
    const { error } = await this.client.from("author_mails").delete().eq("id", id);
    if (error) throw toBackendError(error);
  }

  private async update(id: number, changes: Record<string, unknown>, table = "owner_alerts"): Promise<void> {
    const { error } = await this.client.from(table).update(changes).eq("id", id);
    if (error) throw toBackendError(error);
  }
}
