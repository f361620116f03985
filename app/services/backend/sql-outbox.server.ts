import { log } from "../log.server";
import { asRole } from "./sql-roles.server";
import { VISITOR_MAILS_PER_HOUR } from "../config/values.server";
import {
  OUTBOX_LEASE_SECONDS,
  type DueAlert,
  type DueAuthorMail,
  type DueMessage,
  type DueVisitorMail,
  type OutboxQueue,
  type OutboxStore,
} from "../mail/outbox.server";
import type { SqlSession } from "./sql-session.server";

/** A query run as the service role: the rows it gives. */
export type ServiceRoleQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * The outbox's tables in a Postgres database the site reaches itself (the embedded one, or a server), through the
 * database's claim functions: the rows this instance takes are its own until it settles them or its claim runs
 * out (migration 20250204000000_outbox_claims.sql).
 */
export class SqlOutboxStore implements OutboxStore {
  constructor(
    private readonly query: ServiceRoleQuery,
    /** This instance's name on the rows it claims (outbox-claimer.server.ts keeps it alive). */
    readonly claimer: string,
    private readonly isClosed: () => boolean = () => false,
    private readonly leaseSeconds = OUTBOX_LEASE_SECONDS,
    /** The visitors' e-mails all instances send per hour at most. */
    private readonly visitorMailsPerHour = VISITOR_MAILS_PER_HOUR,
  ) {}

  get closed(): boolean {
    return this.isClosed();
  }

  dueMessages(limit: number): Promise<DueMessage[]> {
    return this.claim<DueMessage>("claim_due_messages", limit);
  }

  dueAlerts(limit: number): Promise<DueAlert[]> {
    return this.claim<DueAlert>("claim_due_alerts", limit);
  }

  dueAuthorMails(limit: number): Promise<DueAuthorMail[]> {
    return this.claim<DueAuthorMail>("claim_due_author_mails", limit);
  }

  dueVisitorMails(limit: number): Promise<DueVisitorMail[]> {
    return this.query<DueVisitorMail>("select * from public.claim_due_visitor_mails($1, $2, $3, $4)", [
      this.claimer,
      limit,
      this.leaseSeconds,
      this.visitorMailsPerHour,
    ]);
  }

  async stillHolds(queue: OutboxQueue, id: number): Promise<boolean> {
    const [row] = await this.query<{ held: boolean }>("select public.renew_outbox_claim($1, $2, $3, $4) as held", [
      queue,
      id,
      this.claimer,
      this.leaseSeconds,
    ]);
    return row?.held === true;
  }

  async markSent(queue: OutboxQueue, id: number, attempts: number, claimer = this.claimer): Promise<void> {
    await this.settle(queue, id, attempts, null, false, 0, false, claimer);
  }

  async claimerAlive(claimer: string): Promise<boolean> {
    const [row] = await this.query<{ alive: boolean }>("select public.outbox_claimer_alive($1) as alive", [claimer]);
    return row?.alive === true;
  }

  async alertOwnerIfVisitorMailsLate({ subject, body }: { subject: string; body: string }): Promise<boolean> {
    const [row] = await this.query<{ queued: boolean }>(
      "select public.alert_owner_if_visitor_mails_late($1, $2) as queued",
      [subject, body],
    );
    return row?.queued === true;
  }

  async alertOwnerIfRequestsUnconfirmed({ subject, body }: { subject: string; body: string }): Promise<boolean> {
    const [row] = await this.query<{ queued: boolean }>(
      "select public.alert_owner_if_requests_unconfirmed($1, $2, $3) as queued",
      [this.visitorMailsPerHour, subject, body],
    );
    return row?.queued === true;
  }

  async endClaimsOfGoneInstances(): Promise<void> {
    await this.query("select public.end_claims_of_gone_instances()");
  }

  async markFailed(
    queue: OutboxQueue,
    id: number,
    {
      attempts,
      error,
      givesUp,
      retryInSeconds,
      refused = false,
    }: { attempts: number; error: string; givesUp: boolean; retryInSeconds: number; refused?: boolean },
  ): Promise<void> {
    await this.settle(queue, id, attempts, error, givesUp, retryInSeconds, refused);
  }

  async untilNextDue(): Promise<number | null> {
    const [row] = await this.query<{ ms: number | null; visitors: number | null }>(
      "select public.outbox_next_due_ms() as ms, public.visitor_mails_next_due_ms($1) as visitors",
      [this.visitorMailsPerHour],
    );
    const waits = [row?.ms, row?.visitors].filter((ms): ms is number => typeof ms === "number");
    return waits.length > 0 ? Math.min(...waits) : null;
  }

  private claim<T>(claimFunction: string, limit: number): Promise<T[]> {
    return this.query<T>(`select * from public.${claimFunction}($1, $2, $3)`, [this.claimer, limit, this.leaseSeconds]);
  }

  private async settle(
    queue: OutboxQueue,
    id: number,
    attempts: number,
    error: string | null,
    givesUp: boolean,
    retryInSeconds: number,
    refused: boolean,
    claimer = this.claimer,
  ): Promise<void> {
    const [row] = await this.query<{ held: boolean }>(
      queue === "visitors"
        ? "select public.settle_visitor_mail($1, $2, $3, $4, $5, $6, $7) as held"
        : "select public.settle_outbox_row($1, $2, $3, $4, $5, $6, $7) as held",
      queue === "visitors"
        ? [id, claimer, attempts, error, givesUp, refused, retryInSeconds]
        : [queue, id, claimer, attempts, error, givesUp, retryInSeconds],
    );
    if (!row?.held) log.warn(`Outbox : la ligne ${queue} ${id} n'était plus réservée par ${claimer}.`);
  }
}

/** The outbox of a database the site reaches itself (embedded, or a server), as the service role. */
export function sqlOutboxStore(
  db: SqlSession,
  claimer: string,
  leaseSeconds = OUTBOX_LEASE_SECONDS,
  visitorMailsPerHour = VISITOR_MAILS_PER_HOUR,
): SqlOutboxStore {
  const asServiceRole: ServiceRoleQuery = async <T>(sql: string, params?: unknown[]) =>
    (await asRole(db, "service_role", (tx) => tx.query<T>(sql, params))).rows;
  return new SqlOutboxStore(asServiceRole, claimer, () => db.closed, leaseSeconds, visitorMailsPerHour);
}
