import { toBackendError } from "./errors.server";
import { UNIQUE_VIOLATION } from "./supabase-owner.server";
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
   * Marks the offers no longer reported as recovered (their alert may come again), then queues each alert not
   * queued yet (one open report per offer, one expiry per offer and date: the table's unique indexes say which).
   * Gives how many were queued.
   */
  async queue({ alerts, notReported }: AlertCheck): Promise<number> {
    const recovered = await this.openReports(new Set(notReported));
    if (recovered.length > 0) {
      const { error } = await this.client
        .from("owner_alerts")
        .update({ recovered_at: new Date().toISOString() })
        .eq("kind", "reported")
        .is("recovered_at", null)
        .in("offer_slug", recovered);
      if (error) throw toBackendError(error);
    }
    let queued = 0;
    for (const alert of alerts) {
      const { error } = await this.client.from("owner_alerts").insert({
        kind: alert.kind,
        offer_slug: alert.offerSlug,
        valid_until: alert.validUntil,
        subject: alert.subject,
        body: alert.body,
      });
      if (error?.code === UNIQUE_VIOLATION) continue;
      if (error) throw toBackendError(error);
      queued += 1;
    }
    return queued;
  }

  /**
   * The offers of `among` with a report alert still open: a few at most, where the offers not reported are nearly
   * all of them, too many to name in one request's address.
   */
  private async openReports(among: ReadonlySet<string>): Promise<string[]> {
    if (among.size === 0) return [];
    const { data, error } = await this.client
      .from("owner_alerts")
      .select("offer_slug")
      .eq("kind", "reported")
      .is("recovered_at", null);
    if (error) throw toBackendError(error);
    return ((data ?? []) as { offer_slug: string }[]).map((row) => row.offer_slug).filter((slug) => among.has(slug));
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
