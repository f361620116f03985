import { randomUUID } from "node:crypto";
import { MESSAGES_SUMMARY } from "@contract/contact-contract";
import { simpleParser, type AddressObject } from "mailparser";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedAt } from "~/services/backend/database.server";
import { openEmbeddedDatabase } from "~/services/backend/embedded-db.server";
import { SqlBackend } from "~/services/backend/sql-backend.server";
import { sqlOutboxStore } from "~/services/backend/sql-outbox.server";
import { asRole } from "~/services/backend/sql-roles.server";
import { everyOutboxLookedAgain, GIVE_UP_AFTER_MS, startOutbox } from "~/services/mail/outbox.server";
import { postContactForm } from "../support/contact-form";
import { freePort } from "../support/ports";
import { runScript } from "../support/run-script";
import { startSite } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { copyTemplateInto } from "../support/templates";
import { withSiteStarts } from "../support/timeouts";
import { until } from "../support/wait";
import type { MailConfig } from "~/services/config/env.server";

/**
 * The embedded mode with SMTP_URL: every message stored is e-mailed to the owner through a real SMTP server started
 * here, from the outbox table, and a server that is down only delays it.
 */
const rateLimit = { max: 100, windowSeconds: 600 };
const temps: { cleanup: () => void }[] = [];
const servers: TestSmtpServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const temp of temps) temp.cleanup();
});

/** A data folder holding the run's migrated template, as a site leaves it after its first start. */
async function dataDir(prefix: string): Promise<string> {
  const temp = makeTempDir(prefix);
  temps.push(temp);
  await copyTemplateInto(temp.dir);
  return temp.dir;
}

async function smtp(port?: number): Promise<TestSmtpServer> {
  const server = await startSmtpServer({ port });
  servers.push(server);
  return server;
}

const mailTo = (port: number): MailConfig => ({
  smtpUrl: `smtp://site:motdepasse@127.0.0.1:${port}`,
  to: "proprietaire@exemple.fr",
  from: "CodeParrain <site@exemple.fr>",
});

interface OutboxRow {
  message_id: number;
  state: string;
  attempts: number;
  last_error: string | null;
  due_in_seconds: number;
}

async function outboxRows(dir: string): Promise<OutboxRow[]> {
  const db = await openEmbeddedDatabase(dir);
  const { rows } = await db.query<OutboxRow>(
    `select message_id, state, attempts, last_error,
            extract(epoch from next_attempt_at - now())::float8 as due_in_seconds
       from public.message_outbox order by message_id`,
  );
  return rows;
}

type Database = Awaited<ReturnType<typeof openEmbeddedDatabase>>;

/**
 * Stores a message and queues it, written as the database owner (past the message contract, as rows stored before
 * it held its present checks), its queue row `ageSeconds` old with `attempts` tries behind it.
 */
async function queueStoredMessage(
  db: Database,
  message: { name: string; subject: string | null; message: string; brandName?: string },
  { attempts = 0, ageSeconds = 0 } = {},
) {
  await db.query(
    `with message as (
       insert into public.contact_messages (name, email, subject, message, brand_name)
       values ($1, 'anne@exemple.fr', $2, $3, $4) returning id
     )
     insert into public.message_outbox (message_id, attempts, created_at)
     select id, $5, now() - make_interval(secs => $6) from message`,
    [message.name, message.subject, message.message, message.brandName ?? null, attempts, ageSeconds],
  );
}

const address = (value: AddressObject | AddressObject[] | undefined) =>
  [value ?? []].flat().flatMap((object) => object.value.map(({ name, address }) => ({ name, address })));

describe("messages e-mailed from the embedded database", () => {
  it("sends each message to the owner, signed in with SMTP_URL's credentials, Reply-To the visitor", async () => {
    const server = await smtp();
    const dir = await dataDir("outbox-sent");
    const backend = new SqlBackend(embeddedAt(dir), rateLimit, { mail: mailTo(server.port) });
    await backend.warmUp();
    await backend.sendMessage({
      payload: {
        name: "Anne Martin",
        email: "anne@exemple.fr",
        subject: "partnership",
        message: "Bonjour, un partenariat ?",
      },
      clientKey: "a".repeat(64),
      networkKey: "a".repeat(64),
    });
    await backend.sendMessage({
      payload: {
        name: "Bruno Petit",
        email: "bruno@exemple.fr",
        brandName: "Binance",
        message: "Le code est-il valable ?",
      },
      clientKey: "b".repeat(64),
      networkKey: "b".repeat(64),
    });
    const received = await server.waitFor(2);
    const mails = await Promise.all(received.map((mail) => simpleParser(mail.raw)));
    const contact = mails.find((mail) => mail.subject?.startsWith("[Contact]"));
    const question = mails.find((mail) => mail.subject?.startsWith("[Question]"));
    expect(contact?.subject).toBe("[Contact] Proposition de partenariat");
    expect(address(contact?.replyTo)).toEqual([{ name: "Anne Martin", address: "anne@exemple.fr" }]);
    expect(address(contact?.from)).toEqual([{ name: "CodeParrain", address: "site@exemple.fr" }]);
    expect(address(contact?.to)).toEqual([{ name: "", address: "proprietaire@exemple.fr" }]);
    expect(contact?.text).toContain("Bonjour, un partenariat ?");
    expect(question?.subject).toBe("[Question] Binance");
    expect(address(question?.replyTo)).toEqual([{ name: "Bruno Petit", address: "bruno@exemple.fr" }]);
    expect(question?.text).toContain("Le code est-il valable ?");
    for (const mail of received) {
      expect(mail.recipients).toEqual(["proprietaire@exemple.fr"]);
      expect(mail.user).toBe("site");
    }
    const rows = await until(
      () => outboxRows(dir),
      (rows) => rows.every((row) => row.state === "sent"),
    );
    expect(rows.map(({ state, attempts, last_error }) => ({ state, attempts, last_error }))).toEqual([
      { state: "sent", attempts: 1, last_error: null },
      { state: "sent", attempts: 1, last_error: null },
    ]);
    const listing = runScript("scripts/messages.ts", { DATA_DIR: dir });
    expect(listing.status).toBe(0);
    expect(listing.stdout.match(/Envoi\s: envoyé par e-mail le \d{4}-\d\d-\d\d \d\d:\d\d/g)).toHaveLength(2);
  });

  it("sends at start what was queued before, and no line break in a name or a brand adds a header", async () => {
    const server = await smtp();
    const dir = await dataDir("outbox-headers");
    const db = await openEmbeddedDatabase(dir);
    // Line breaks, as in rows stored before the message contract refused them.
    await queueStoredMessage(db, {
      name: "Anne\r\nBcc: pirate@exemple.fr",
      subject: null,
      message: "Une question sur ce code.",
      brandName: "Binance\r\nX-Pirate: oui\nSubject: autre",
    });
    const outbox = await startOutbox(sqlOutboxStore(db, randomUUID()), mailTo(server.port));
    try {
      const [mail] = await server.waitFor(1);
      const headers = mail!.raw.slice(0, mail!.raw.indexOf("\r\n\r\n"));
      expect(headers).not.toMatch(/^(bcc|x-pirate):/im);
      expect(headers.match(/^subject:/gim)).toHaveLength(1);
      expect(mail!.recipients).toEqual(["proprietaire@exemple.fr"]);
      const parsed = await simpleParser(mail!.raw);
      expect(parsed.subject).toBe("[Question] Binance X-Pirate: oui Subject: autre");
      // Nor does the name pose as an address in Reply-To.
      expect(address(parsed.replyTo)).toEqual([{ name: "Anne Bcc: pirate exemple.fr", address: "anne@exemple.fr" }]);
      expect(parsed.bcc).toBeUndefined();
    } finally {
      await outbox.stop();
    }
  });

  it("tells the owner once a day when a visitor's e-mail has waited for more than 30 minutes", async () => {
    const server = await smtp();
    const db = await openEmbeddedDatabase(await dataDir("outbox-late-visitors"));
    // Waiting since 31 minutes ago, and not due before tomorrow (a retry far off): it stays pending.
    await asRole(db, "service_role", (tx) =>
      tx.query(
        `insert into public.visitor_mails (kind, recipient, subject, body, created_at, next_attempt_at)
         values ('confirmation', 'visiteuse@exemple.fr', 'Confirmez', 'Texte', now() - interval '31 minutes',
                 now() + interval '1 day')`,
      ),
    );
    const outbox = await startOutbox(sqlOutboxStore(db, randomUUID()), mailTo(server.port));
    try {
      const [mail] = await server.waitFor(1);
      const parsed = await simpleParser(mail!.raw);
      expect(mail!.recipients).toEqual(["proprietaire@exemple.fr"]);
      expect(parsed.subject).toBe("E-mails aux visiteurs en attente depuis plus de 30 minutes");
      expect(parsed.text).toContain("VISITOR_MAILS_PER_HOUR");
      // Asked again now (as after a restart, which looks at once): the day's alert was already queued.
      const { rows } = await asRole(db, "service_role", (tx) =>
        tx.query<{ queued: boolean }>("select public.alert_owner_if_visitor_mails_late('Sujet', 'Texte') as queued"),
      );
      expect(rows).toEqual([{ queued: false }]);
      await outbox.lookedAgain();
      expect(server.received).toHaveLength(1);
    } finally {
      await outbox.stop();
    }
  });

  it("never lets a stored name pose as an address in Reply-To, whatever it holds", async () => {
    const server = await smtp();
    const db = await openEmbeddedDatabase(await dataDir("outbox-impersonation"));
    // As a row stored before the message contract refused such names.
    await queueStoredMessage(db, {
      name: "Binance Support\u200f <support@binance.com>",
      subject: "question",
      message: "Votre compte est bloqué.",
    });
    const outbox = await startOutbox(sqlOutboxStore(db, randomUUID()), mailTo(server.port));
    try {
      const [mail] = await server.waitFor(1);
      const replyTo = address((await simpleParser(mail!.raw)).replyTo);
      expect(replyTo).toEqual([{ name: "Binance Support support binance.com", address: "anne@exemple.fr" }]);
    } finally {
      await outbox.stop();
    }
  });

  it("e-mails 20 messages an hour at most, then one summary instead of the others, which wait in the back office", async () => {
    const server = await smtp();
    const dir = await dataDir("outbox-ceiling");
    const backend = new SqlBackend(embeddedAt(dir), rateLimit, { mail: mailTo(server.port) });
    await backend.warmUp();
    for (let sender = 0; sender < 23; sender += 1) {
      const result = await backend.sendMessage({
        payload: {
          name: `Visiteur ${sender}`,
          email: "v@exemple.fr",
          subject: "question",
          message: `Message ${sender}.`,
        },
        clientKey: sender.toString(16).padStart(64, "0"),
        networkKey: sender.toString(16).padStart(64, "1"),
      });
      expect(result).toBe("stored");
    }
    const mails = await Promise.all((await server.waitFor(21, 20_000)).map((mail) => simpleParser(mail.raw)));
    const summaries = mails.filter((mail) => mail.subject === MESSAGES_SUMMARY.subject);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.text).toContain("lisez-les dans la gestion du site (/gestion)");
    expect(mails.filter((mail) => mail.subject === "[Contact] Question générale")).toHaveLength(20);
    // A pass more of the backend's outbox: a 22nd e-mail would have gone out in it.
    await everyOutboxLookedAgain();
    expect(server.received).toHaveLength(21);
    const { rows } = await (
      await openEmbeddedDatabase(dir)
    ).query<{ n: number }>("select count(*)::int as n from public.contact_messages");
    expect(rows[0]?.n).toBe(23);
  });

  it("keeps a message while the mail server is down, retries within 30 s, and sends it once the server is up", async () => {
    const port = await freePort();
    const dir = await dataDir("outbox-down");
    const backend = new SqlBackend(embeddedAt(dir), rateLimit, { mail: mailTo(port) });
    await backend.warmUp();
    const result = await backend.sendMessage({
      payload: {
        name: "Chloé Durand",
        email: "chloe@exemple.fr",
        subject: "question",
        message: "Le serveur dort encore ?",
      },
      clientKey: "c".repeat(64),
      networkKey: "c".repeat(64),
    });
    expect(result).toBe("stored");
    const [failed] = await until(
      () => outboxRows(dir),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(failed).toMatchObject({ state: "pending", attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });
    expect(failed!.due_in_seconds).toBeGreaterThan(0);
    expect(failed!.due_in_seconds).toBeLessThanOrEqual(30);
    const listing = runScript("scripts/messages.ts", { DATA_DIR: dir });
    expect(listing.stdout).toMatch(
      /Envoi\s: e-mail en attente\s: 1 tentative\(s\) échouée\(s\), prochain essai le .*ECONNREFUSED/,
    );

    const server = await smtp(port);
    const [mail] = await server.waitFor(1);
    expect((await simpleParser(mail!.raw)).subject).toBe("[Contact] Question générale");
    const [sent] = await until(
      () => outboxRows(dir),
      (rows) => rows[0]?.state === "sent",
    );
    expect(sent).toMatchObject({ state: "sent", attempts: 2, last_error: null });
  });

  it("marks a message failed once it could not be sent for 24 hours", async () => {
    const port = await freePort();
    const dir = await dataDir("outbox-failed");
    const db = await openEmbeddedDatabase(dir);
    await queueStoredMessage(
      db,
      { name: "Anne", subject: "other", message: "Un message bien ancien." },
      { attempts: 20, ageSeconds: GIVE_UP_AFTER_MS / 1000 - 5 },
    );
    const outbox = await startOutbox(sqlOutboxStore(db, randomUUID()), mailTo(port));
    try {
      const [row] = await until(
        () => outboxRows(dir),
        (rows) => rows[0]?.state !== "pending",
      );
      expect(row).toMatchObject({ state: "failed", attempts: 21, last_error: expect.stringMatching(/ECONNREFUSED/) });
    } finally {
      await outbox.stop();
    }
    const listing = runScript("scripts/messages.ts", { DATA_DIR: dir });
    expect(listing.stdout).toMatch(
      /Envoi\s: échec de l'envoi par e-mail après 21 tentative\(s\) en 24\sh\s; dernière erreur\s: .*ECONNREFUSED/,
    );
  });

  it("without SMTP_URL stores the message and queues nothing", async () => {
    const dir = await dataDir("outbox-none");
    const backend = new SqlBackend(embeddedAt(dir), rateLimit);
    await backend.sendMessage({
      payload: {
        name: "Anne Martin",
        email: "anne@exemple.fr",
        subject: "question",
        message: "Seulement enregistré ?",
      },
      clientKey: "d".repeat(64),
      networkKey: "d".repeat(64),
    });
    const db = await openEmbeddedDatabase(dir);
    const counts = await asRole(db, "service_role", (tx) =>
      tx.query<{ messages: number; queued: number }>(
        "select (select count(*)::int from public.contact_messages) as messages, (select count(*)::int from public.message_outbox) as queued",
      ),
    );
    expect(counts.rows[0]).toEqual({ messages: 1, queued: 0 });
    const listing = runScript("scripts/messages.ts", { DATA_DIR: dir });
    expect(listing.stdout).toContain(
      "Envoi : enregistré seulement, pas envoyé par e-mail (SMTP_URL n'était pas défini)",
    );
  });
});

describe("the site started with SMTP_URL", () => {
  it(
    "answers the visitor at once, e-mails the message, and says nothing of messages being only stored",
    { timeout: withSiteStarts(1) },
    async () => {
      const server = await smtp();
      const mail = mailTo(server.port);
      const site = await startSite({
        DATA_DIR: await dataDir("outbox-site"),
        SMTP_URL: mail.smtpUrl,
        CONTACT_TO_EMAIL: mail.to,
        CONTACT_FROM_EMAIL: mail.from,
      });
      try {
        const answer = await postContactForm(site, { subject: "issue", message: "Un problème sur une page du site." });
        expect(answer.status).toBe(303);
        const [received] = await server.waitFor(1);
        const parsed = await simpleParser(received!.raw);
        expect(parsed.subject).toBe("[Contact] Signaler un problème");
        expect(address(parsed.replyTo)).toEqual([{ name: "Anne Martin", address: "anne@exemple.fr" }]);
        expect(site.output()).not.toContain("seulement enregistrés");
      } finally {
        await site.stop();
      }
      expect(site.process.exitCode).toBe(0);
    },
  );
});
