import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqlOutboxStore, type ServiceRoleQuery } from "~/services/backend/sql-outbox.server";
import { poolSession } from "~/services/backend/sql-session.server";
import { startOutbox, type MailOutbox } from "~/services/mail/outbox.server";
import { postgresServer } from "../support/postgres-server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { testPool } from "../support/test-pool";
import { DATABASE_START_MS, SMTP_BULK_WAIT_MS, TEST_MS } from "../support/timeouts";
import { sleep } from "../support/wait";
import type pg from "pg";

/**
 * Two instances' outboxes on one real Postgres, sending through a real SMTP server: each e-mail goes once, whichever
 * instance claims it, and the rows of an instance that died in the middle of a send go out from the other once its
 * claim has run out.
 */
const server = postgresServer();
/** Short, so that the test sees a claim run out. */
const LEASE_SECONDS = 3;
let pool: pg.Pool;
let smtp: TestSmtpServer;

const asServiceRole: ServiceRoleQuery = async <T>(sql: string, params?: unknown[]) =>
  poolSession(pool).transaction(async (tx) => {
    await tx.exec("set local role service_role");
    return (await tx.query<T>(sql, params)).rows;
  });

beforeAll(async () => {
  pool = testPool(await server().createDatabase("boite_d_envoi"), { max: 20 });
  smtp = await startSmtpServer();
}, DATABASE_START_MS);
afterAll(async () => {
  await pool?.end();
  await smtp?.stop();
});

const mail = () => ({
  smtpUrl: `smtp://site:motdepasse@127.0.0.1:${smtp.port}`,
  from: "CodeParrain <site@exemple.fr>",
  to: "proprietaire@exemple.fr",
});

/** Queues `count` alerts whose subjects start with `prefix`. */
async function queueAlerts(prefix: string, count: number): Promise<string[]> {
  const subjects = Array.from({ length: count }, (_, index) => `${prefix} ${index}`);
  await asServiceRole(
    `insert into public.owner_alerts (kind, offer_slug, valid_until, subject, body)
     select 'expiring', 'offre-' || md5(s), current_date + 7, s, 'Expire dans 7 jours.' from unnest($1::text[]) s`,
    [subjects],
  );
  return subjects;
}

/** The subjects received so far that start with `prefix`, in the order they came. */
async function receivedSubjects(prefix: string): Promise<string[]> {
  const parsed = await Promise.all(smtp.received.map((received) => simpleParser(received.raw)));
  return parsed.map((message) => message.subject ?? "").filter((subject) => subject.startsWith(prefix));
}

async function untilReceived(prefix: string, count: number): Promise<string[]> {
  const deadline = Date.now() + SMTP_BULK_WAIT_MS + LEASE_SECONDS * 1000;
  for (;;) {
    const subjects = await receivedSubjects(prefix);
    if (subjects.length >= count || Date.now() > deadline) return subjects;
    await sleep(200);
  }
}

describe("the outbox of two instances on one Postgres", () => {
  it(
    "sends each of 100 queued e-mails once, and the rows of an instance that died once its claim runs out",
    { timeout: TEST_MS + 2 * SMTP_BULK_WAIT_MS },
    async () => {
      const outboxes: MailOutbox[] = [];
      try {
        const subjects = await queueAlerts("[Alerte] lot", 100);
        for (let instance = 0; instance < 2; instance += 1) {
          outboxes.push(
            await startOutbox(new SqlOutboxStore(asServiceRole, randomUUID(), () => false, LEASE_SECONDS), mail()),
          );
        }
        const sent = await untilReceived("[Alerte] lot", 100);
        // A pass more of each instance: a second sending of any of them would have gone out in it.
        await Promise.all(outboxes.map((outbox) => outbox.lookedAgain()));
        expect((await receivedSubjects("[Alerte] lot")).sort()).toEqual([...subjects].sort());
        expect(sent).toHaveLength(100);
        const states = await asServiceRole<{ state: string; count: number }>(
          "select state, count(*)::int as count from public.owner_alerts group by state",
        );
        expect(states).toEqual([{ state: "sent", count: 100 }]);

        // An instance claims five rows, then dies before it sends them: they go out from another, once each.
        const orphans = await queueAlerts("[Alerte] orpheline", 5);
        const dying = new SqlOutboxStore(asServiceRole, randomUUID(), () => false, LEASE_SECONDS);
        const claimed = await dying.dueAlerts(5);
        expect(claimed.map((row) => row.subject).sort()).toEqual([...orphans].sort());
        // Not before the claim runs out: a pass of each instance leaves them.
        await Promise.all(outboxes.map((outbox) => outbox.lookedAgain()));
        expect(await receivedSubjects("[Alerte] orpheline")).toEqual([]);
        await untilReceived("[Alerte] orpheline", 5);
        await Promise.all(outboxes.map((outbox) => outbox.lookedAgain()));
        expect((await receivedSubjects("[Alerte] orpheline")).sort()).toEqual([...orphans].sort());
        // The dead instance's word comes too late: the rows are no longer its own, and stay sent.
        await dying.markFailed("alerts", claimed[0]!.id, {
          attempts: 1,
          error: "trop tard",
          givesUp: false,
          retryInSeconds: 10,
        });
        const [late] = await asServiceRole<{ state: string }>("select state from public.owner_alerts where id = $1", [
          claimed[0]!.id,
        ]);
        expect(late?.state).toBe("sent");
      } finally {
        await Promise.all(outboxes.map((outbox) => outbox.stop()));
      }
    },
  );
});
