import { toBackendError } from "./errors.server";
import type { DueAlert, DueMessage, OutboxStore } from "../mail/outbox.server";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { AlertCheck } from "~/catalogue/alerts";

/**
 * The owner's alerts with hosted Supabase (SMTP_URL and SUPABASE_SERVICE_ROLE_KEY on the site's server): queued in
 * owner_alerts through the REST API with the service role's key, and sent by the server's outbox with the same
 * retries as with the embedded database. It has no messages to send: send-contact-email e-mails them.
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
    const { data, error } = await this.client
      .from("owner_alerts")
      .select("id, attempts, queued_at:created_at, subject, body")
      .eq("state", "pending")
      .lte("next_attempt_at", new Date().toISOString())
      .order("next_attempt_at")
      .order("id")
      .limit(limit);
    if (error) throw toBackendError(error);
    return (data ?? []) as DueAlert[];
  }

  async markSent(_queue: "alerts" | "messages", id: number, attempts: number): Promise<void> {
    await this.update(id, { state: "sent", sent_at: new Date().toISOString(), attempts, last_error: null });
  }

  async markFailed(
    _queue: "alerts" | "messages",
    id: number,
    failure: { attempts: number; error: string; givesUp: boolean; retryInSeconds: number },
  ): Promise<void> {
    await this.update(id, {
      attempts: failure.attempts,
      last_error: failure.error,
      state: failure.givesUp ? "failed" : "pending",
      next_attempt_at: new Date(Date.now() + failure.retryInSeconds * 1000).toISOString(),
    });
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

  private async update(id: number, changes: Record<string, unknown>): Promise<void> {
    const { error } = await this.client.from("owner_alerts").update(changes).eq("id", id);
    if (error) throw toBackendError(error);
  }
}
