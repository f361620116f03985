import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_LEASE_SECONDS } from "~/services/config/values.server";
import { OWNER_PASSWORD, cookieFrom, improveN26, postForm, signIn } from "../support/back-office";
import { mainText } from "../support/oversized-forms";
import { postgresServer } from "../support/postgres-server";
import { startSite, type RunningSite } from "../support/server";
import { alertingSiteEnv, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { POLL_MS, SITE_SET_UP_MS, SITE_STOP_MS, SMTP_BULK_WAIT_MS, TEST_MS, withSiteStarts } from "../support/timeouts";
import { newVisitors } from "../support/visitor-addresses";
import { sleep, until } from "../support/wait";
import { LOG_PASSES, passCovering, passSince, visitorAlertsSettled } from "../support/worker-passes";

/**
 * Two instances of the site on one real Postgres server (DATABASE_URL), started at the same moment on an empty
 * database, as an owner who outgrew one machine runs them: each serves, what is written through one shows on the
 * other's cached pages, a back-office session holds on both, the limits count both together, and each message is
 * e-mailed once. Run with two server.js, then with remix-serve as the second.
 */
const postgres = postgresServer();
const SESSION_SECRET = "un-secret-partage-par-toutes-les-instances-0123456789";

/** How long an owner's edit may take to show on the other instance, and a vote (the page cache's 5 s, plus delivery). */
const EDIT_REACHES_OTHERS_MS = 2_000;
const VOTE_REACHES_OTHERS_MS = 6_000;

/** A visitor of a network of their own, as the trusted proxy in front of both instances reports them. */
const newVisitor = newVisitors(20_000);

/** Polls `page` on `site` until its main text matches `expected`: how long that took, or -1 past `withinMs`. */
async function shownWithin(site: RunningSite, page: string, expected: RegExp, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const text = mainText(await (await fetch(`${site.url}${page}`)).text());
    if (expected.test(text)) return Date.now() - started;
    if (Date.now() - started > withinMs) return -1;
    await sleep(100);
  }
}

const message = (site: RunningSite, visitor: string, text: string) =>
  fetch(`${site.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site.origin,
      "X-Forwarded-For": visitor,
    },
    body: new URLSearchParams({
      name: "Anne Martin",
      email: "anne@exemple.fr",
      subject: "question",
      message: text,
      submissionId: randomUUID(),
    }),
  });

describe.each([
  { first: "server.js", second: "server.js" },
  { first: "server.js", second: "remix-serve" },
] as const)("two instances on one Postgres: $first and $second", ({ first, second }) => {
  let sites: [RunningSite, RunningSite];
  let smtp: TestSmtpServer;
  const folders = [makeTempDir("instance"), makeTempDir("instance"), makeTempDir("instance")];
  let env: (dataDir: string) => Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const url = await postgres().createEmptyDatabase(`deux_${first}_${second}`.replace(/\W/g, "_"));
    env = (dataDir: string) => ({
      DATABASE_URL: url,
      SESSION_SECRET,
      DATA_DIR: dataDir,
      TRUST_PROXY: "loopback",
      OWNER_PASSWORD,
      ...alertingSiteEnv(smtp),
      ...LOG_PASSES,
    });
    // At the same moment, on an empty database: each migration is applied once, the seed goes in once.
    sites = await Promise.all([
      startSite(env(folders[0]!.dir), { server: first }),
      startSite(env(folders[1]!.dir), { server: second }),
    ]);
  }, SITE_SET_UP_MS);

  afterAll(async () => {
    await Promise.all((sites ?? []).map((site) => site.stop()));
    await smtp?.stop();
    for (const folder of folders) folder.cleanup();
  }, 2 * SITE_STOP_MS);

  it("both serve, from one database migrated and seeded once", async () => {
    for (const site of sites) {
      expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
      const page = await fetch(`${site.url}/offres/wise`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Code parrainage Wise");
    }
    const database = `deux_${first}_${second}`.replace(/\W/g, "_");
    const [ledger] = await postgres().asSuperuser<{ migrations: number; distinct_migrations: number; seeds: number }>(
      database,
      `select (select count(*)::int from supabase_migrations.schema_migrations) as migrations,
              (select count(distinct version)::int from supabase_migrations.schema_migrations) as distinct_migrations,
              (select count(*)::int from supabase_migrations.seed_files) as seeds`,
    );
    expect(ledger?.migrations).toBe(ledger?.distinct_migrations);
    expect(ledger?.seeds).toBe(1);
    const [brands] = await postgres().asSuperuser<{ wise: number }>(
      database,
      "select count(*)::int as wise from public.brands where slug = 'wise'",
    );
    expect(brands?.wise).toBe(1);
  });

  it("a third instance started with another SESSION_SECRET refuses to start, naming the variable", async () => {
    await expect(
      startSite(
        { ...env(folders[2]!.dir), SESSION_SECRET: "un-autre-secret-que-celui-des-deux-0123456789" },
        { server: second },
      ),
    ).rejects.toThrow(/Démarrage refusé\s: SESSION_SECRET n'est pas le secret avec lequel cette base a été remplie/);
    // The two others serve on.
    for (const site of sites) expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it("an owner's edit through one shows on the other's cached page within 2 s", async () => {
    const [one, other] = sites;
    const description = `Offre revue ${randomUUID().slice(0, 8)}.`;
    // The other instance keeps the page: its second answer comes from its cache.
    await (await fetch(`${other.url}/offres/wise`)).text();
    expect(mainText(await (await fetch(`${other.url}/offres/wise`)).text())).not.toContain(description);

    const cookie = await signIn(one, { "X-Forwarded-For": newVisitor() });
    const form = await (await fetch(`${one.url}/gestion/offres/wise`, { headers: { Cookie: cookie } })).text();
    const link = /name="link"[^>]*value="([^"]*)"/.exec(form)?.[1]?.replaceAll("&amp;", "&") ?? "";
    const saved = await postForm(
      one,
      "/gestion/offres/wise",
      { intent: "save", code: "", link, offer_description: description, advantages: "", valid_until: "" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(303);
    const took = await shownWithin(other, "/offres/wise", new RegExp(description), EDIT_REACHES_OTHERS_MS);
    expect(took, "délai avant que l'autre instance montre la modification").toBeGreaterThanOrEqual(0);
  });

  it("a guide published through one shows on the other's cached pages within 2 s", async () => {
    const [one, other] = sites;
    const title = `Guide ${first} ${second} ${randomUUID().slice(0, 8)}`;
    // The other instance keeps both pages: their second answers come from its cache.
    for (const page of ["/guides", "/offres/wise"]) await (await fetch(`${other.url}${page}`)).text();
    expect(mainText(await (await fetch(`${other.url}/guides`)).text())).not.toContain(title);

    const cookie = await signIn(one, { "X-Forwarded-For": newVisitor() });
    const saved = await postForm(
      one,
      "/gestion/guides/nouveau",
      { title, slug: "", summary: "", category: "finance", body: "Voyez [Wise](/offres/wise).", intent: "publier" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(303);
    await saved.arrayBuffer();
    const took = await shownWithin(other, "/guides", new RegExp(title), EDIT_REACHES_OTHERS_MS);
    expect(took, "délai avant que l'autre instance montre le guide").toBeGreaterThanOrEqual(0);
    expect(mainText(await (await fetch(`${other.url}/offres/wise`)).text())).toContain(title);
  });

  it("a site text changed through one shows on the other's cached page within 2 s", async () => {
    const [one, other] = sites;
    const question = `Question ${first} ${second} ${randomUUID().slice(0, 8)}`;
    await (await fetch(`${other.url}/offres`)).text();
    expect(mainText(await (await fetch(`${other.url}/offres`)).text())).not.toContain(question);

    const cookie = await signIn(one, { "X-Forwarded-For": newVisitor() });
    const form = await (await fetch(`${one.url}/gestion/textes/offres-faq`, { headers: { Cookie: cookie } })).text();
    const version = /name="version" value="(\d+)"/.exec(form)?.[1] ?? "";
    const saved = await postForm(
      one,
      "/gestion/textes/offres-faq",
      { version, "faq.0.0": question, "faq.0.1": "Une réponse.", intent: "enregistrer" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(303);
    await saved.arrayBuffer();
    const took = await shownWithin(other, "/offres", new RegExp(question), EDIT_REACHES_OTHERS_MS);
    expect(took, "délai avant que l'autre instance montre le texte").toBeGreaterThanOrEqual(0);
  });

  it("votes through one show on the other's cached page within 6 s", async () => {
    const [one, other] = sites;
    await (await fetch(`${other.url}/offres/bolt`)).text();
    expect(mainText(await (await fetch(`${other.url}/offres/bolt`)).text())).toContain("Pas encore assez d'avis");
    for (let vote = 0; vote < 3; vote += 1) {
      const answer = await fetch(`${one.url}/offres/bolt/avis`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: one.origin,
          "X-Forwarded-For": newVisitor(),
        },
        body: "worked=oui",
      });
      expect(answer.status).toBe(303);
    }
    const took = await shownWithin(other, "/offres/bolt", /100\s%\sde réussite sur 3 avis/, VOTE_REACHES_OTHERS_MS);
    expect(took, "délai avant que l'autre instance compte les votes").toBeGreaterThanOrEqual(0);
  });

  it("a back-office session opened on one works on the other, and its sign-out holds on both", async () => {
    const [one, other] = sites;
    const visitor = { "X-Forwarded-For": newVisitor() };
    const cookie = await signIn(one, visitor);
    const onOther = await fetch(`${other.url}/gestion`, {
      headers: { Cookie: cookie, ...visitor },
      redirect: "manual",
    });
    expect(onOther.status).toBe(200);
    expect(await onOther.text()).toContain("Se déconnecter");

    const out = await postForm(other, "/gestion/deconnexion", {}, { Cookie: cookie, ...visitor });
    expect(out.status).toBe(303);
    for (const site of sites) {
      const after = await fetch(`${site.url}/gestion`, { headers: { Cookie: cookie, ...visitor }, redirect: "manual" });
      expect({ status: after.status, location: after.headers.get("location") }, site.url).toEqual({
        status: 303,
        location: "/gestion/connexion",
      });
    }
    expect(cookieFrom(out, "cp_gestion")).toBeDefined();
  });

  it(
    "a network's follows and views count once a day across both instances, and no address is stored",
    async () => {
      const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36";
      const visitor = newVisitor();
      const get = (site: RunningSite, path: string, from: string) =>
        fetch(`${site.url}${path}`, {
          redirect: "manual",
          headers: { "User-Agent": browser, "X-Forwarded-For": from },
        });
      for (const site of [...sites, ...sites]) {
        expect((await get(site, "/offres/bolt/lien", visitor)).status).toBe(302);
        expect((await get(site, "/offres/bolt/vue", visitor)).status).toBe(200);
      }
      // Another network, through the second instance only.
      await get(sites[1], "/offres/bolt/lien", newVisitor());

      const database = `deux_${first}_${second}`.replace(/\W/g, "_");
      const totals = async () =>
        (
          await postgres().asSuperuser<{ views: number; follows: number }>(
            database,
            "select coalesce(sum(views), 0)::int as views, coalesce(sum(follows), 0)::int as follows " +
              "from public.offer_daily_counts where offer_slug = 'bolt'",
          )
        )[0];
      // Each instance writes its counts every 5 s: wait for both to have written, then for one more round of each.
      await until(totals, (counts) => counts?.follows === 2, {
        intervalMs: 250,
        what: "les suivis des deux instances",
      });
      const written = Date.now();
      await Promise.all(sites.map((site) => passSince(site, "audience", written)));
      expect(await totals()).toEqual({ views: 1, follows: 2 });
      const stored = await postgres().asSuperuser<{ text: string }>(
        database,
        "select string_agg(key, ' ') as text from public.audience_seen",
      );
      expect(stored[0]?.text).not.toContain(visitor);
    },
    TEST_MS + POLL_MS,
  );

  it(
    "20 messages sent through both are each e-mailed once",
    async () => {
      const before = smtp.received.length;
      const asked = Date.now();
      const texts = Array.from({ length: 20 }, (_, index) => `Message partagé numéro ${index + 1} ${randomUUID()}.`);
      const answers = await Promise.all(texts.map((text, index) => message(sites[index % 2]!, newVisitor(), text)));
      expect(answers.map((answer) => answer.status)).toEqual(texts.map(() => 303));
      await smtp.waitFor(before + 20, SMTP_BULK_WAIT_MS);
      // Each outbox has ended the pass that covers every message it was woken for: a second copy would have come.
      await Promise.all(sites.map((site) => passCovering(site, "outbox", asked)));
      const bodies = await Promise.all(
        smtp.received.slice(before).map(async (mail) => (await simpleParser(mail.raw)).text ?? ""),
      );
      expect(bodies).toHaveLength(20);
      for (const text of texts)
        expect(
          bodies.filter((body) => body.includes(text)),
          text,
        ).toHaveLength(1);
    },
    TEST_MS + SMTP_BULK_WAIT_MS,
  );

  it("30 wrong passwords sent at once from one address through both: at most 5 are compared", async () => {
    const database = `deux_${first}_${second}`.replace(/\W/g, "_");
    const failures = async () =>
      (
        await postgres().asSuperuser<{ count: number }>(
          database,
          "select count(*)::int as count from public.owner_sign_in_failures",
        )
      )[0]?.count ?? 0;
    const before = await failures();
    const attacker = { "X-Forwarded-For": `203.0.${first === second ? 113 : 114}.61` };
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        postForm(sites[attempt % 2]!, "/gestion/connexion", { password: `essai-${attempt}` }, attacker).then(
          (answer) => answer.status,
        ),
      ),
    );
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    // Each password compared is counted as a failure, none other: the database holds how many were compared.
    expect(await failures()).toBeLessThanOrEqual(before + 5);
    const right = await postForm(sites[0], "/gestion/connexion", { password: OWNER_PASSWORD }, attacker);
    expect(right.status).toBe(429);
    expect(cookieFrom(right, "cp_gestion")).toBeUndefined();
  });

  it("the per-network message limit counts both instances together", async () => {
    // Ten senders of one /24, half through each instance: the network's 5 an hour between them.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        message(sites[index % 2]!, `198.51.100.${index + 1}`, `Une question du réseau partagé, ${index}.`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it(
    "a visitor's alert asked through one, confirmed through the other: one e-mail of the improvement, from either",
    async () => {
      const email = `alerte-${first}-${second}@exemple.fr`.replace(/[^a-z0-9@.-]/g, "-");
      const asked = await postForm(
        sites[0],
        "/alertes?sujet=marque%3An26",
        { sujet: "marque:n26", email, consentement: "oui", website: "" },
        { "X-Forwarded-For": newVisitor() },
      );
      expect(asked.status).toBe(303);
      const [confirmation] = await smtp.mailsTo(email, 1);
      const link = /\/alertes\/confirmer\/[0-9a-f]{64}/.exec(confirmation?.text ?? "")?.[0] ?? "";
      const confirmed = await postForm(sites[1], link, {}, { "X-Forwarded-For": newVisitor() });
      expect(mainText(await confirmed.text())).toContain("Votre alerte est confirmée");

      const owner = {
        Cookie: await signIn(sites[0], { "X-Forwarded-For": newVisitor() }),
        "X-Forwarded-For": newVisitor(),
      };
      const saved = await improveN26(sites[0], owner, "N26DEUX");
      expect(saved.status).toBe(303);
      const [, alert] = await smtp.mailsTo(email, 2);
      expect(alert?.subject).toBe("Publicité - Offre améliorée : N26");
      // Both instances' dispatchers looked since, and sent what they queued: the e-mail was written and sent once.
      const sent = Date.now();
      const delayMs = Number(alertingSiteEnv(smtp).VISITOR_ALERTS_DELAY_SECONDS) * 1000;
      await Promise.all(sites.map((site) => visitorAlertsSettled(site, sent, delayMs)));
      expect(smtp.countTo(email)).toBe(2);
    },
    TEST_MS * 2,
  );
});

describe("an instance killed (SIGKILL) while it sends an e-mail", () => {
  const MARKER = `Envoyé au moment de la panne ${randomUUID()}`;
  let smtp: TestSmtpServer;
  const folders = [makeTempDir("instance"), makeTempDir("instance")];
  const started: RunningSite[] = [];

  beforeAll(async () => {
    let first = true;
    // The first attempt at the marked message stalls: the server has it but never says it took it.
    smtp = await startSmtpServer({
      hold: (raw) => {
        const stall = first && raw.replace(/=\r?\n/g, "").includes(MARKER.slice(-36));
        if (stall) first = false;
        return stall;
      },
    });
  });

  afterAll(async () => {
    await Promise.all(started.map((site) => site.stop()));
    await smtp?.stop();
    for (const folder of folders) folder.cleanup();
  }, 2 * SITE_STOP_MS);

  it(
    "loses nothing: the other instance sends it as soon as the first is known dead, long before the claim runs out",
    async () => {
      const database = "panne_en_plein_envoi";
      const url = await postgres().createDatabase(database);
      const env = (dataDir: string) => ({
        DATABASE_URL: url,
        SESSION_SECRET,
        DATA_DIR: dataDir,
        TRUST_PROXY: "loopback",
        SMTP_URL: `smtp://site:motdepasse@127.0.0.1:${smtp.port}`,
        CONTACT_TO_EMAIL: "proprietaire@exemple.fr",
        CONTACT_FROM_EMAIL: "site@exemple.fr",
        ...LOG_PASSES,
      });
      const dying = await startSite(env(folders[0]!.dir));
      started.push(dying);
      expect((await message(dying, newVisitor(), MARKER)).status).toBe(303);
      const stalled = Date.now();
      while (smtp.held.length === 0) {
        if (Date.now() - stalled > POLL_MS) throw new Error("l'e-mail n'est jamais parti");
        await sleep(50);
      }

      const surviving = await startSite(env(folders[1]!.dir));
      started.push(surviving);
      // Within half a minute of the server's start, claims are never ended: instances are still reconnecting.
      await until(
        () => postgres().asSuperuser<{ age: number }>(database, claimsAge),
        (rows) => (rows[0]?.age ?? 0) > 30,
        { what: "un serveur Postgres démarré depuis plus de 30 s", timeoutMs: 40_000 },
      );
      const killedAt = Date.now();
      process.kill(-dying.process.pid!, "SIGKILL");
      // Its connections gone, its claim's lock with them: the surviving instance's next pass takes the row.
      await until(
        () => postgres().asSuperuser<{ locks: number }>(database, claimLocks),
        (rows) => rows[0]?.locks === 1,
        { what: "le verrou de l'instance tuée relâché" },
      );
      expect((await message(surviving, newVisitor(), `Réveil ${randomUUID()}`)).status).toBe(303);

      await smtp.waitFor(2, POLL_MS);
      expect(Date.now() - killedAt).toBeLessThan((OUTBOX_LEASE_SECONDS * 1000) / 2);
      const bodies = await Promise.all(smtp.received.map(async (mail) => (await simpleParser(mail.raw)).text ?? ""));
      expect(bodies.filter((body) => body.includes(MARKER))).toHaveLength(1);
      const rows = await postgres().asSuperuser<{ state: string }>(database, "select state from public.message_outbox");
      expect(rows.map((row) => row.state)).toEqual(["sent", "sent"]);
    },
    withSiteStarts(2) + POLL_MS,
  );
});

/** Seconds since the Postgres server started. */
const claimsAge = "select extract(epoch from now() - pg_postmaster_start_time())::float8 as age";
/** The outbox claimers' locks held in the database (migration 20250214000000). */
const claimLocks = `select count(*)::int as locks from pg_locks
  where locktype = 'advisory' and classid = 20250214 and database = (select oid from pg_database where datname = current_database())`;
