import { asRole } from "./embedded-db.server";
import type { DueAlert, DueAuthorMail, DueMessage, OutboxQueue, OutboxStore } from "../mail/outbox.server";
import type { PGlite } from "@electric-sql/pglite";

/** The outbox's tables in the embedded database, read and written as the service role. */
export class EmbeddedOutboxStore implements OutboxStore {
  constructor(private readonly db: PGlite) {}

  get closed(): boolean {
    return this.db.closed;
  }

  async dueMessages(limit: number): Promise<DueMessage[]> {
    return this.query<DueMessage>(
      `select o.message_id, o.attempts, o.created_at as queued_at,
              m.name, m.email, m.subject, m.brand_name, m.message, m.created_at
         from public.message_outbox o join public.contact_messages m on m.id = o.message_id
        where o.state = 'pending' and o.next_attempt_at <= now()
        order by o.next_attempt_at, o.message_id
        limit $1`,
      [limit],
    );
  }

  async dueAlerts(limit: number): Promise<DueAlert[]> {
    return this.query<DueAlert>(
      `select id, attempts, created_at as queued_at, subject, body from public.owner_alerts
        where state = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit $1`,
      [limit],
    );
  }

  async dueAuthorMails(limit: number): Promise<DueAuthorMail[]> {
    return this.query<DueAuthorMail>(
      `select id, attempts, created_at as queued_at, recipient, subject, body from public.author_mails
        where state = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit $1`,
      [limit],
    );
  }

  async markSent(queue: OutboxQueue, id: number, attempts: number): Promise<void> {
    const { table, key } = EMBEDDED_TABLES[queue];
    if (queue === "authors") {
      await this.query("delete from public.author_mails where id = $1", [id]);
      return;
    }
    await this.query(
      `update ${table} set state = 'sent', sent_at = now(), attempts = $2, last_error = null where ${key} = $1`,
      [id, attempts],
    );
  }

  async markFailed(
    queue: OutboxQueue,
    id: number,
    {
      attempts,
      error,
      givesUp,
      retryInSeconds,
    }: { attempts: number; error: string; givesUp: boolean; retryInSeconds: number },
  ): Promise<void> {
    const { table, key } = EMBEDDED_TABLES[queue];
    if (queue === "authors" && givesUp) {
      await this.query("delete from public.author_mails where id = $1", [id]);
      return;
    }
    await this.query(
      `update ${table}
          set attempts = $2, last_error = $3,
              state = case when $4 then 'failed' else 'pending' end,
              next_attempt_at = now() + make_interval(secs => $5)
        where ${key} = $1`,
      [id, attempts, error, givesUp, retryInSeconds],
    );
  }

  async untilNextDue(): Promise<number | null> {
    const [row] = await this.query<{ ms: number | null }>(
      `select (extract(epoch from least(
                (select min(next_attempt_at) from public.message_outbox where state = 'pending'),
                (select min(next_attempt_at) from public.owner_alerts where state = 'pending'),
                (select min(next_attempt_at) from public.author_mails where state = 'pending')
              ) - now()) * 1000)::float8 as ms`,
    );
    return row?.ms ?? null;
  }

  private async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await asRole(this.db, "service_role", (tx) => tx.query<T>(sql, params))).rows;
  }
}

const EMBEDDED_TABLES: Record<OutboxQueue, { table: string; key: string }> = {
  messages: { table: "public.message_outbox", key: "message_id" },
  alerts: { table: "public.owner_alerts", key: "id" },
  authors: { table: "public.author_mails", key: "id" },
};
