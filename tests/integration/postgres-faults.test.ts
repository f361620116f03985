import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_TIMEOUT_MS } from "~/services/config/values.server";
import { n26OfferForm, OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { postContactForm } from "../support/contact-form";
import { mainText } from "../support/oversized-forms";
import { ownPostgresServer } from "../support/postgres-server";
import { startSite, type RunningSite } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { testClient } from "../support/test-pool";
import { SITE_SET_UP_MS, SITE_STOP_MS, withDatabaseStarts, withSiteStarts } from "../support/timeouts";
import { until } from "../support/wait";
import { LOG_PASSES, passSince } from "../support/worker-passes";

/**
 * The site on a Postgres server that is down at its start, then lost while it runs: it says so in French, answers
 * 503 on /healthz, loses no message it acknowledged, and comes back by itself once the server does.
 */
const postgres = ownPostgresServer();
const SESSION_SECRET = "un-secret-partage-par-toutes-les-instances-0123456789";
const SENDING_FAILED = "Une erreur est survenue lors de l&#x27;envoi de votre message. Veuillez réessayer.";

/** Asks `path` until `accept` holds for its answer: the answer, or a failure after POLL_MS. */
function answered(site: RunningSite, path: string, accept: (status: number, text: string) => boolean) {
  return until(
    async () => {
      const response = await fetch(`${site.url}${path}`);
      return { status: response.status, text: await response.text() };
    },
    ({ status, text }) => accept(status, text),
    { intervalMs: 250, what: path },
  );
}

describe("a Postgres server down at start, then lost while the site runs", () => {
  let site: RunningSite;
  let database: string;
  const folder = makeTempDir("instance");

  beforeAll(async () => {
    database = "pannes";
    const url = await postgres().createDatabase(database);
    await postgres().pause();
    site = await startSite({
      DATABASE_URL: url,
      SESSION_SECRET,
      DATA_DIR: folder.dir,
      // The tests below send more messages than one visitor may in an hour.
      CONTACT_RATE_LIMIT_MAX: "1000",
      CONTACT_NETWORK_LIMIT_PER_HOUR: "100000",
      OWNER_PASSWORD,
    });
  }, SITE_SET_UP_MS);

  afterAll(async () => {
    await site?.stop();
    folder.cleanup();
  }, SITE_STOP_MS);

  it(
    "down at start: 503 on /healthz and the French messages, then back by itself once the server is",
    async () => {
      const health = await fetch(`${site.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.text()).toBe("Indisponible : les offres ne peuvent pas être lues pour le moment.\n");
      const home = await fetch(`${site.url}/`);
      expect(home.status).toBe(503);
      expect(mainText(await home.text())).toContain("Une erreur est survenue lors du chargement des offres.");
      const refused = await postContactForm(site, { message: "Envoyé pendant la panne de la base." });
      expect(refused.status).toBe(502);
      expect(await refused.text()).toContain(SENDING_FAILED);

      await postgres().resume();
      await answered(site, "/healthz", (status) => status === 200);
      const page = await answered(site, "/offres/wise", (status) => status === 200);
      expect(page.text).toContain("Code parrainage Wise");
    },
    withDatabaseStarts(1),
  );

  it(
    "lost while running: 503, no acknowledged message lost, and back by itself",
    async () => {
      const before = `Avant la panne ${randomUUID()}`;
      expect((await postContactForm(site, { message: before })).status).toBe(303);

      await postgres().pause();
      await answered(site, "/healthz", (status) => status === 503);
      const during = await postContactForm(site, { message: `Pendant la panne ${randomUUID()}` });
      expect(during.status).toBe(502);
      expect(await during.text()).toContain(SENDING_FAILED);

      await postgres().resume();
      await answered(site, "/healthz", (status) => status === 200);
      const after = `Après la panne ${randomUUID()}`;
      expect((await postContactForm(site, { message: after })).status).toBe(303);

      // Listening again: a change made in the database reaches the page this instance keeps, well before its 60 s.
      await answered(site, "/offres/wise", (status) => status === 200);
      const description = `Revue après la panne ${randomUUID().slice(0, 8)}.`;
      await postgres().asSuperuser(database, "update public.brands set offer_description = $1 where slug = 'wise'", [
        description,
      ]);
      await answered(site, "/offres/wise", (status, text) => text.includes(description));

      const stored = await postgres().asSuperuser<{ message: string }>(
        database,
        "select message from public.contact_messages order by id",
      );
      expect(stored.map((row) => row.message)).toEqual([before, after]);
    },
    withSiteStarts(1),
  );

  it(
    "lost while the owner works: the back office's French 503 page, and a form posted comes back with its values",
    async () => {
      await answered(site, "/healthz", (status) => status === 200);
      const cookie = await signIn(site);
      await postgres().pause();
      try {
        await answered(site, "/healthz", (status) => status === 503);
        const page = await fetch(`${site.url}/gestion`, { headers: { Cookie: cookie } });
        expect(page.status).toBe(503);
        expect(mainText(await page.text())).toContain("La gestion est momentanément indisponible");
        const posted = await postForm(site, "/gestion/offres/wise", n26OfferForm("PENDANTLAPANNE"), { Cookie: cookie });
        expect(posted.status).toBe(503);
        const text = await posted.text();
        expect(mainText(text)).toContain("La base de données ne répond pas : rien n'a été enregistré");
        expect(text).toContain('name="code" value="PENDANTLAPANNE"');
        expect(text).toContain("Renvoyer ces saisies");
      } finally {
        await postgres().resume();
      }
      await answered(site, "/healthz", (status) => status === 200);
    },
    withDatabaseStarts(1),
  );

  it(
    "a table locked by someone else: the request fails within the statement limit, and the others are answered",
    async () => {
      const locker = await testClient(postgres().url(database, "postgres"));
      await locker.query("begin");
      await locker.query("lock table public.contact_messages in access exclusive mode");
      try {
        const started = Date.now();
        const blocked = await Promise.all(
          Array.from({ length: 3 }, (_, index) =>
            postContactForm(site, { message: `Bloqué ${index} ${randomUUID()}` }),
          ),
        );
        expect(blocked.map((answer) => answer.status)).toEqual([502, 502, 502]);
        expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS + 10_000);
        // The pool was not held by the waiting statements: the site answers what needs no locked table.
        expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
      } finally {
        await locker.query("rollback");
        await locker.end();
      }
      expect((await postContactForm(site, { message: `Après le verrou ${randomUUID()}` })).status).toBe(303);
    },
    withSiteStarts(1),
  );

  it(
    "its listening connection frozen on the server: the site notices within seconds, listens again, shows the edit",
    async () => {
      await answered(site, "/offres/wise", (status) => status === 200);
      const [listener] = await postgres().asSuperuser<{ pid: number }>(
        database,
        "select pid from pg_stat_activity where application_name = 'codeparrain-listen' and datname = current_database()",
      );
      expect(listener?.pid).toBeGreaterThan(0);
      // The backend stops dead, as a half-open connection would: nothing is said, nothing more is heard.
      process.kill(listener!.pid, "SIGSTOP");
      try {
        const description = `Revue pendant le gel ${randomUUID().slice(0, 8)}.`;
        await postgres().asSuperuser(database, "update public.brands set offer_description = $1 where slug = 'wise'", [
          description,
        ]);
        const edited = Date.now();
        await answered(site, "/offres/wise", (_status, text) => text.includes(description));
        expect(Date.now() - edited).toBeLessThan(10_000);
      } finally {
        process.kill(listener!.pid, "SIGCONT");
      }
    },
    withSiteStarts(1),
  );

  it(
    "restarted under the site's idle connections: the process lives on and answers, having said it lost them",
    async () => {
      // Connections opened, then left idle in the site's pool.
      await Promise.all(Array.from({ length: 4 }, () => answered(site, "/healthz", (status) => status === 200)));
      const logged = site.output().length;
      await postgres().pause();
      await postgres().resume();
      await answered(site, "/healthz", (status) => status === 200);
      expect(site.alive()).toBe(true);
      const log = site.output().slice(logged);
      expect(log).toContain("Connexion à Postgres perdue");
      expect(log).not.toMatch(/Uncaught|unhandled/i);
    },
    withSiteStarts(1),
  );
});

describe("the database lost just after the mail server took an e-mail", () => {
  const MARKER = `Envoyé juste avant la panne ${randomUUID()}`;
  const folder = makeTempDir("instance");
  const started: RunningSite[] = [];
  let smtp: TestSmtpServer;
  let lostOnce = false;

  beforeAll(async () => {
    // The mail server takes the marked message only once the database is down: the site cannot note it sent.
    smtp = await startSmtpServer({
      beforeTaking: async (raw) => {
        if (lostOnce || !raw.replace(/=\r?\n/g, "").includes(MARKER.slice(-36))) return;
        lostOnce = true;
        await postgres().pause();
      },
    });
  });

  afterAll(async () => {
    await Promise.all(started.map((site) => site.stop()));
    await smtp?.stop();
    folder.cleanup();
  }, 2 * SITE_STOP_MS);

  it(
    "keeps it in the data folder's journal: after a kill -9 and the database's return, it is marked sent, never resent",
    async () => {
      const database = "envoi_puis_panne";
      const url = await postgres().createDatabase(database);
      const env = {
        DATABASE_URL: url,
        SESSION_SECRET,
        DATA_DIR: folder.dir,
        SMTP_URL: `smtp://site:motdepasse@127.0.0.1:${smtp.port}`,
        CONTACT_TO_EMAIL: "proprietaire@exemple.fr",
        CONTACT_FROM_EMAIL: "site@exemple.fr",
        ...LOG_PASSES,
      };
      const first = await startSite(env);
      started.push(first);
      expect((await postContactForm(first, { message: MARKER })).status).toBe(303);
      const journal = await until(
        () => readdirSync(folder.dir).filter((name) => name.startsWith("envois-a-noter-")),
        (files) => files.length === 1,
        { what: "le journal des envois" },
      );
      expect(journal).toHaveLength(1);
      // The journal is written as soon as the mail server took the e-mail; the line once the note failed.
      await until(
        () => first.output(),
        (output) => output.includes("envoyé, mais pas encore noté comme tel"),
        { what: "la ligne du journal qui dit l'envoi pas encore noté" },
      );
      process.kill(-first.process.pid!, "SIGKILL");
      await postgres().resume();

      const second = await startSite(env);
      started.push(second);
      const [row] = await until(
        () => postgres().asSuperuser<{ state: string }>(database, "select state from public.message_outbox"),
        (rows) => rows[0]?.state === "sent",
        { what: "le message noté comme envoyé" },
      );
      expect(row?.state).toBe("sent");
      // The new instance's first pass, which marked it, has ended: nothing was sent again.
      await passSince(second, "outbox", 0);
      const bodies = await Promise.all(smtp.received.map(async (mail) => (await simpleParser(mail.raw)).text ?? ""));
      expect(bodies.filter((body) => body.includes(MARKER))).toHaveLength(1);
      expect(readdirSync(folder.dir).filter((name) => name.startsWith("envois-a-noter-"))).toEqual([]);
      expect(second.output()).toContain("noté comme envoyé, d'après le journal des envois");
    },
    withSiteStarts(2) + withDatabaseStarts(1),
  );
});
