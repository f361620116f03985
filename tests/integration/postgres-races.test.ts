import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredVisitorData } from "~/services/backend/retentions.server";
import { clientSession, poolSession, type SqlSession } from "~/services/backend/sql-session.server";
import { postgresServer } from "../support/postgres-server";
import { startStandIn } from "../support/stand-in";
import { serviceRoleBackendAt, SERVICE_ROLE_KEY } from "../support/supabase-stand-in";
import { testPool } from "../support/test-pool";
import { DATABASE_START_MS } from "../support/timeouts";
import type pg from "pg";

/**
 * The SQL rules that guard races, on a real Postgres server with many connections at once (PGlite serves one at a
 * time, so there they never meet). Each race also runs against the function with its locks taken out (its
 * lock-less version, made from the real one by removing them), and must then fail: the test sees the race.
 */
const server = postgresServer();
const CONNECTIONS = 60;
/** How many runs the lock-less version gets to show its race. */
const LOCK_LESS_ATTEMPTS = 5;

interface Database {
  session: SqlSession;
  pool: pg.Pool;
}
let guarded: Database;
let lockLess: Database;

async function migratedDatabase(name: string): Promise<Database> {
  const pool = testPool(await server().createDatabase(name), { max: CONNECTIONS });
  return { pool, session: poolSession(pool) };
}

/** The functions whose locks the races below stand on. */
const GUARDED_FUNCTIONS = [
  "record_code_feedback",
  "submit_contact_message",
  "queue_owner_alerts",
  "submit_testimonial",
  "report_testimonial",
  "add_offer_counts",
  "owner_sign_in_attempt",
  "save_guide",
];

/**
 * Rewrites each guarded function without its advisory locks, its row locks and the key order it upserts in: what
 * the races would meet without them.
 */
async function takeLocksOut({ pool }: Database): Promise<void> {
  const { rows } = await pool.query<{ definition: string }>(
    `select pg_get_functiondef(p.oid) as definition from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.proname = any($1)`,
    [GUARDED_FUNCTIONS],
  );
  for (const { definition } of rows) {
    const lockLessDefinition = definition
      .replace(/perform pg_advisory_xact_lock\([^;]*\);/g, "")
      .replace(/\bfor update\b/g, "")
      .replace(/\border by 1, 2\b/g, "");
    expect(lockLessDefinition).not.toBe(definition);
    await pool.query(lockLessDefinition);
  }
}

beforeAll(async () => {
  [guarded, lockLess] = await Promise.all([migratedDatabase("courses"), migratedDatabase("courses_sans_verrou")]);
  await takeLocksOut(lockLess);
}, DATABASE_START_MS);
afterAll(async () => {
  await Promise.all([guarded?.pool.end(), lockLess?.pool.end()]);
});

const key = (text: string) => createHash("sha256").update(text).digest("hex");

/** One call as the service role, in a transaction of its own: what it answers. */
async function asService<T = string>(
  { session }: { session: SqlSession },
  sql: string,
  params: unknown[] = [],
): Promise<T> {
  return session.transaction(async (tx) => {
    await tx.exec("set local role service_role");
    return ((await tx.query<{ result: T }>(sql, params)).rows[0] as { result: T }).result;
  });
}

/**
 * `count` calls at the same moment, each on a connection of its own opened beforehand (a pool opening them one by
 * one would let the first calls end before the last begin): their answers, or their errors.
 */
async function atOnce<T>(
  { pool }: Database,
  count: number,
  call: (connection: { session: SqlSession }, index: number) => Promise<T>,
): Promise<(T | Error)[]> {
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
  try {
    return await Promise.all(
      clients.map((client, index) =>
        call({ session: clientSession(client) }, index).catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        ),
      ),
    );
  } finally {
    for (const client of clients) client.release();
  }
}

const tally = (answers: unknown[]) =>
  answers.reduce<Record<string, number>>((counts, answer) => {
    const name = answer instanceof Error ? "erreur" : String(answer);
    return { ...counts, [name]: (counts[name] ?? 0) + 1 };
  }, {});

/**
 * Runs `race` on the guarded database, where it must hold, and on the lock-less one, where it must fail within a few
 * runs: a race is a matter of timing, and a run may happen to miss it.
 */
function raceOnBoth(name: string, race: (db: Database, run: string) => Promise<void>) {
  it(`${name} (the lock-less version fails it)`, async () => {
    await race(guarded, "verrous");
    const failures: unknown[] = [];
    for (let attempt = 0; attempt < LOCK_LESS_ATTEMPTS && failures.length === 0; attempt += 1) {
      await race(lockLess, `sans-verrou-${attempt}`).catch((error: unknown) => failures.push(error));
    }
    expect(failures, "the lock-less version held every time").toHaveLength(1);
  });
}
describe("races on a Postgres server", () => {
  raceOnBoth("50 identical votes at once: one is counted", async (db, run) => {
    const visitor = key(`votant ${run}`);
    const answers = await atOnce(db, 50, (connection) =>
      asService(connection, "select public.record_code_feedback('binance', true, null, $1, $2, 100) as result", [
        visitor,
        key(`réseau ${run}`),
      ]),
    );
    expect(tally(answers)).toEqual({ stored: 1, replaced: 49 });
    const [counted] = await db.session
      .query<{ votes: number }>("select count(*)::int as votes from public.code_feedback where visitor_key = $1", [
        visitor,
      ])
      .then((result) => result.rows);
    expect(counted?.votes).toBe(1);
  });

  raceOnBoth("20 messages at once from one network: 5 are taken", async (db, run) => {
    const answers = await atOnce(db, 20, (connection, visitor) =>
      asService(
        connection,
        `select public.submit_contact_message('Anne', 'anne@exemple.fr', 'question', 'Une question posée en même temps.',
           null, gen_random_uuid(), $1, $2, 5, interval '10 minutes', 5) as result`,
        [key(`expéditeur ${run} ${visitor}`), key(`réseau des messages ${run}`)],
      ),
    );
    const counts = tally(answers);
    expect(counts.rate_limited).toBe(15);
    expect(20 - (counts.rate_limited ?? 0) - (counts.erreur ?? 0)).toBe(5);
  });

  raceOnBoth("10 alert checks at once: one alert", async (db, run) => {
    const alert = JSON.stringify([
      { kind: "reported", offerSlug: `signalee-${run}`, subject: "Signalée", body: "Trois « Non » de suite." },
    ]);
    const answers = await atOnce(db, 10, (connection) =>
      asService<number>(connection, "select public.queue_owner_alerts($1::jsonb, '{}') as result", [alert]),
    );
    expect(answers.filter((answer) => answer instanceof Error)).toEqual([]);
    const { rows } = await db.session.query<{ alerts: number }>(
      "select count(*)::int as alerts from public.owner_alerts where offer_slug = $1",
      [`signalee-${run}`],
    );
    expect(rows[0]?.alerts).toBe(1);
  });

  raceOnBoth("12 testimonials at once from one network: its 5 a day", async (db, run) => {
    const answers = await atOnce(db, 12, (connection, visitor) =>
      asService(
        connection,
        `select public.submit_testimonial('binance', 'Anne', 'Un témoignage envoyé en même temps que onze autres.',
           '2026-09-01', null, $1, $2, $3, 2, 5, null, null, null, null, null, 1) as result`,
        [key(`lien ${run} ${visitor}`), key(`auteur ${run} ${visitor}`), key(`réseau des témoignages ${run}`)],
      ),
    );
    expect(tally(answers)).toEqual({ stored: 5, rate_limited: 7 });
  });
  raceOnBoth(
    "12 testimonials at once naming one address, from 12 networks: one confirmation e-mail a day",
    async (db, run) => {
      const address = key(`adresse visée ${run}`);
      const answers = await atOnce(db, 12, (connection, visitor) =>
        asService(
          connection,
          `select public.submit_testimonial('binance', 'Anne', 'Un témoignage qui donne l''adresse d''une autre personne.',
           '2026-09-01', 'victime@exemple.fr', $1, $2, $3, 2, 5, 'Confirmez votre adresse', 'Lien', null, $4, $5, 1)
           as result`,
          [
            key(`lien d'effacement ${run} ${visitor}`),
            key(`auteur ${run} ${visitor}`),
            key(`réseau ${run} ${visitor}`),
            address,
            key(`confirmation ${run} ${visitor}`),
          ],
        ),
      );
      expect(tally(answers)).toEqual({ stored: 1, stored_unmailed: 11 });
    },
  );

  raceOnBoth(
    "20 notices at once from 20 networks on one testimonial: 10 are kept, the others find it full",
    async (db, run) => {
      const { rows } = await db.session.query<{ id: number }>(
        `insert into public.testimonials (offer_slug, author_name, body, experienced_in, erase_token_hash, client_key,
                                        network_key, status, published_at)
       values ('binance', 'Anne', 'Un témoignage publié que vingt réseaux signalent.', '2026-09-01', $1, 'cle',
               'reseau', 'published', now())
       returning id::int`,
        [key(`témoignage signalé ${run}`)],
      );
      const answers = await atOnce(db, 20, (connection, visitor) =>
        asService(connection, "select public.report_testimonial($1, 'insult', null, $2, $3, 3, 10) as result", [
          rows[0]!.id,
          key(`signaleur ${run} ${visitor}`),
          key(`réseau signaleur ${run} ${visitor}`),
        ]),
      );
      expect(tally(answers)).toEqual({ stored: 10, full: 10 });
    },
  );

  raceOnBoth("count batches from two instances add up, without a deadlock", async (db) => {
    const days = ["2026-11-24", "2026-11-25", "2026-11-26"];
    const slugs = Array.from({ length: 30 }, (_, index) => `offre-${index}`);
    /** A batch of some offers, in an order of its own; each row counts one view. */
    const batch = (seed: number) =>
      slugs
        .filter((_, index) => (index * 7 + seed) % 3 !== 0)
        .flatMap((offerSlug) => days.map((day) => ({ day, offerSlug, views: 1, copies: 0, follows: 0 })))
        .sort(() => (seed % 2 ? 1 : -1));
    const batches = Array.from({ length: 40 }, (_, index) => batch(index));
    const viewsSoFar = async () =>
      (
        await db.session.query<{ views: number | null }>(
          "select sum(views)::int as views from public.offer_daily_counts",
        )
      ).rows[0]?.views ?? 0;
    const before = await viewsSoFar();
    const answers = await atOnce(db, batches.length, (connection, index) =>
      asService<number>(connection, "select public.add_offer_counts($1::jsonb) as result", [
        JSON.stringify(batches[index]),
      ]),
    );
    expect(answers.filter((answer) => answer instanceof Error)).toEqual([]);
    expect((await viewsSoFar()) - before).toBe(batches.flat().length);
  });
});

describe("counters on a Postgres server", () => {
  it("the day's retentions asked by 5 instances at once: run once, and not again that day", async () => {
    const db = guarded;
    const expired = (message: string) =>
      db.session.query(
        `insert into public.contact_messages (name, email, subject, message, client_key, network_key, dedupe_key,
                                              created_at)
         values ('Anne', 'anne@exemple.fr', 'question', $1, 'cle', 'reseau', md5($1), now() - interval '13 months')`,
        [message],
      );
    await expired("Un message de plus de douze mois.");
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => deleteExpiredVisitorData(db.session, { onceADay: true })),
    );
    expect(runs.map((run) => run.messages).sort()).toEqual([0, 0, 0, 0, 1]);

    // Later the same day, on any instance: the day's run is done; this one waits for tomorrow's.
    await expired("Un autre message de plus de douze mois.");
    expect((await deleteExpiredVisitorData(db.session, { onceADay: true })).messages).toBe(0);
    const { rows } = await db.session.query<{ left: number }>(
      "select count(*)::int as left from public.contact_messages where created_at < now() - interval '12 months'",
    );
    expect(rows[0]?.left).toBe(1);
  });

  it("the same sightings sent by 20 instances' batches at once: each counted once, without a deadlock", async () => {
    const db = guarded;
    const sightings = Array.from({ length: 40 }, (_, index) => ({
      day: "2026-11-26",
      offerSlug: `vue-partagee-${index % 4}`,
      kind: index % 2 ? "views" : "follows",
      key: key(`vue ${index}`).slice(0, 43),
    }));
    const answers = await atOnce(db, 20, (connection, index) =>
      asService<number>(connection, "select public.add_audience_events($1::jsonb) as result", [
        JSON.stringify([...sightings].sort(() => (index % 2 ? 1 : -1))),
      ]),
    );
    expect(answers.filter((answer) => answer instanceof Error)).toEqual([]);
    const { rows } = await db.session.query<{ views: number; follows: number }>(
      `select sum(views)::int as views, sum(follows)::int as follows from public.offer_daily_counts
        where offer_slug like 'vue-partagee-%'`,
    );
    expect(rows[0]).toEqual({ views: 20, follows: 20 });
  });

  it("30 visitors of one network at once: its count holds every vote, weighed as one network", async () => {
    const db = guarded;
    const run = "réseau";
    const network = key(`réseau partagé ${run}`);
    const answers = await atOnce(db, 30, (connection, visitor) =>
      asService(connection, "select public.record_code_feedback('wise', false, 'autre', $1, $2, 30) as result", [
        key(`visiteur ${run} ${visitor}`),
        network,
      ]),
    );
    expect(tally(answers)).toEqual({ stored: 30 });
    const { rows } = await db.session.query<{ no: number }>(
      "select sum(no_votes)::int as no from public.code_feedback_networks where network_key = $1",
      [network],
    );
    expect(rows[0]?.no).toBe(30);
    const summary = await db.session.query<{ networks: number; weighted_no: number }>(
      "select networks, weighted_no from public.code_feedback_summary() where offer_slug = 'wise'",
    );
    expect(summary.rows[0]?.networks).toBe(1);
    expect(summary.rows[0]?.weighted_no).toBeLessThan(30);
  });

  raceOnBoth("30 sign-in tries at once from one network: 5 reach the password, then it is locked", async (db, run) => {
    const network = key(`réseau des essais ${run}`);
    const answers = await atOnce(db, 30, (connection) =>
      asService<number>(connection, "select public.owner_sign_in_attempt(null, $1) as result", [network]),
    );
    expect(answers.filter((answer) => answer instanceof Error)).toEqual([]);
    expect(answers.filter((answer) => answer === 0)).toHaveLength(5);
    expect(
      await asService<number>(db, "select public.owner_sign_in_lock(null, $1) as result", [network]),
    ).toBeGreaterThan(0);
  });

  it("lock sign-in after 5 wrong passwords sent at once from one network, strangers only", async () => {
    const network = key("réseau des essais");
    const locks = await atOnce(guarded, 8, (connection) =>
      asService<number>(connection, "select public.owner_sign_in_attempt(null, $1) as result", [network]),
    );
    expect(locks.filter((lock) => lock instanceof Error)).toEqual([]);
    expect(
      await asService<number>(guarded, "select public.owner_sign_in_lock(null, $1) as result", [network]),
    ).toBeGreaterThan(0);
    // A known device is not locked by strangers.
    expect(
      await asService<number>(guarded, "select public.owner_sign_in_lock($1, $2) as result", [
        key("appareil"),
        network,
      ]),
    ).toBe(0);
  });
});

/**
 * Hosted Supabase's API as far as the sign-in lock goes: each RPC (`POST /rest/v1/rpc/{name}`, its arguments named
 * in a JSON body) runs the function of that name on the real Postgres server as the service role, each on a
 * connection of its own, as PostgREST does.
 */
describe("the owner's sign-in lock through hosted Supabase's API", () => {
  it("lets 5 of 30 tries sent at once from one network reach the password", async () => {
    const standIn = await startStandIn((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const name = /^\/rest\/v1\/rpc\/(\w+)$/.exec(request.url ?? "")?.[1];
        if (request.method !== "POST" || !name || request.headers.apikey !== SERVICE_ROLE_KEY) {
          response.writeHead(404).end();
          return;
        }
        const args = JSON.parse(body || "{}") as Record<string, unknown>;
        const names = Object.keys(args).filter((arg) => /^p_\w+$/.test(arg));
        const call = `select public.${name}(${names.map((arg, index) => `${arg} => $${index + 1}`).join(", ")}) as result`;
        asService(
          guarded,
          call,
          names.map((arg) => args[arg]),
        ).then(
          (result) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(result)),
          (error: Error) =>
            response
              .writeHead(400, { "Content-Type": "application/json" })
              .end(JSON.stringify({ message: error.message, code: (error as { code?: string }).code ?? "" })),
        );
      });
    });
    try {
      const access = serviceRoleBackendAt(standIn.url).owner();
      if (!access.ok) throw new Error(access.missing);
      const visitor = { deviceKey: null, networkKey: key("réseau des essais par l'API") };
      const answers = await Promise.all(Array.from({ length: 30 }, () => access.store.signInAttempt(visitor)));
      expect(answers.filter((seconds) => seconds === 0)).toHaveLength(5);
      expect(Math.min(...answers.filter((seconds) => seconds > 0))).toBeGreaterThan(800);
      expect(await access.store.signInLock(visitor)).toBeGreaterThan(800);
    } finally {
      await standIn.close();
    }
  });
});

/**
 * What holds these is not a lock the tests could take out: a snapshot is replaced only while it is the one a change
 * was computed from, and a brand's name is unique.
 */
describe("the offers' history and import on a Postgres server", () => {
  const snapshot = (amount: number) => ({
    amount,
    unit: "EUR",
    upTo: false,
    kind: "argent",
    conditions: ["Un premier dépôt"],
    code: "CODE",
    link: "https://exemple.fr/parrain",
  });
  const record = (connection: { session: SqlSession }, changes: unknown[]) =>
    asService<number>(connection, "select public.record_offer_changes($1::jsonb) as result", [JSON.stringify(changes)]);
  const historyOf = async (slug: string) =>
    (
      await guarded.session.query<{ change: string; amount: number }>(
        `select change, (after ->> 'amount')::int as amount from public.offer_history where offer_slug = $1 order by id`,
        [slug],
      )
    ).rows;

  it("one change seen by 30 instances at once, or 30 different ones from one snapshot: recorded once", async () => {
    const db = guarded;
    // The first call stores the offers as they are, and records nothing.
    await record(db, [
      { slug: "course-a", change: "added", before: null, after: snapshot(10) },
      { slug: "course-b", change: "added", before: null, after: snapshot(10) },
    ]);

    const same = await atOnce(db, 30, (connection) =>
      record(connection, [{ slug: "course-a", change: "improved", before: snapshot(10), after: snapshot(20) }]),
    );
    expect(tally(same)).toEqual({ 0: 29, 1: 1 });
    expect(await historyOf("course-a")).toEqual([{ change: "improved", amount: 20 }]);

    // Instances that merged different values from one snapshot: the first recorded wins, the others see it changed.
    const different = await atOnce(db, 30, (connection, index) =>
      record(connection, [{ slug: "course-b", change: "improved", before: snapshot(10), after: snapshot(11 + index) }]),
    );
    expect(tally(different)).toEqual({ 0: 29, 1: 1 });
    const winner = 11 + different.indexOf(1);
    expect(await historyOf("course-b")).toEqual([{ change: "improved", amount: winner }]);
    const { rows } = await db.session.query<{ amount: number }>(
      "select (terms ->> 'amount')::int as amount from public.offer_snapshots where offer_slug = 'course-b'",
    );
    expect(rows).toEqual([{ amount: winner }]);

    // A new offer seen by 20 instances at once: added once.
    const added = await atOnce(db, 20, (connection) =>
      record(connection, [{ slug: "course-c", change: "added", before: null, after: snapshot(5) }]),
    );
    expect(tally(added)).toEqual({ 0: 19, 1: 1 });
    expect(await historyOf("course-c")).toEqual([{ change: "added", amount: 5 }]);
  });

  it("10 imports adding one brand at once: one writes it, the others write nothing", async () => {
    const db = guarded;
    const answers = await atOnce(db, 10, (connection, index) =>
      asService<number>(connection, "select public.import_offers($1::jsonb) as result", [
        JSON.stringify([
          { id: null, columns: { name: `Import concurrent ${index}`, slug: `import-concurrent-${index}` } },
          { id: null, columns: { name: "Import partagé", slug: "import-partage" } },
        ]),
      ]),
    );
    expect(tally(answers)).toEqual({ 2: 1, erreur: 9 });
    for (const answer of answers) if (answer instanceof Error) expect(answer).toMatchObject({ code: "23505" });
    const { rows } = await db.session.query<{ name: string }>(
      "select name from public.brands where name like 'Import %' order by name",
    );
    expect(rows.map((row) => row.name)).toEqual([`Import concurrent ${answers.indexOf(2)}`, "Import partagé"]);
  });

  it("10 imports of one export changing one offer at once: one writes it, the others are told it changed", async () => {
    const db = guarded;
    const { rows: created } = await db.session.query<{ id: string; version: number }>(
      `insert into public.brands (name, slug, code) values ('Import versionné', 'import-versionne', 'AVANT')
       returning id::text as id, version`,
    );
    const exported = created[0]!;
    const answers = await atOnce(db, 10, (connection, index) =>
      asService<number>(connection, "select public.import_offers($1::jsonb) as result", [
        JSON.stringify([{ id: exported.id, version: exported.version, columns: { code: `IMPORT${index}` } }]),
      ]),
    );
    expect(tally(answers)).toEqual({ 1: 1, erreur: 9 });
    for (const answer of answers) if (answer instanceof Error) expect(answer).toMatchObject({ code: "40001" });
    const { rows } = await db.session.query<{ code: string; version: number }>(
      "select code, version from public.brands where slug = 'import-versionne'",
    );
    expect(rows).toEqual([{ code: `IMPORT${answers.indexOf(1)}`, version: exported.version + 1 }]);
  });
});

describe("the owner's writing on a Postgres server", () => {
  raceOnBoth(
    "10 saves of one guide drawn from one version at once: one is kept, the others are told",
    async (db, run) => {
      const slug = `guide-course-${run}`;
      const created = await asService<string>(
        db,
        "select (public.save_guide(null, null, $1, 'Course', '', null, 'Texte.', 'draft')).version::text as result",
        [slug],
      );
      expect(created).toBe("1");
      const answers = await atOnce(db, 10, (connection, index) =>
        asService<string>(
          connection,
          `select (public.save_guide((select id from public.guides where slug = $1), 1, $1, $2, '', null, 'Texte.',
                 'published')).version::text as result`,
          [slug, `Onglet ${index}`],
        ),
      );
      expect(tally(answers)).toEqual({ 2: 1, erreur: 9 });
      for (const answer of answers) if (answer instanceof Error) expect(answer).toMatchObject({ code: "40001" });
      const { rows } = await db.session.query<{ title: string; version: number; kept: number }>(
        `select title, version, (select count(*)::int from public.guide_versions v where v.guide_id = g.id) as kept
         from public.guides g where slug = $1`,
        [slug],
      );
      expect(rows).toEqual([{ title: `Onglet ${answers.indexOf("2")}`, version: 2, kept: 2 }]);
    },
  );

  it("10 saves of one site text drawn from one version at once: one is kept, the others are told", async () => {
    const db = guarded;
    const answers = await atOnce(db, 10, (connection, index) =>
      asService<string>(connection, "select public.save_site_text('accueil-faq', 0, $1::jsonb)::text as result", [
        JSON.stringify({ faq: [[`Question ${index} ?`, "Réponse."]] }),
      ]),
    );
    expect(tally(answers)).toEqual({ 1: 1, erreur: 9 });
    for (const answer of answers) if (answer instanceof Error) expect(answer).toMatchObject({ code: "40001" });
    const { rows } = await db.session.query<{ value: unknown; kept: number }>(
      `select value, (select count(*)::int from public.site_text_versions v where v.key = t.key) as kept
         from public.site_texts t where key = 'accueil-faq'`,
    );
    const winner = answers.findIndex((answer) => answer === "1");
    expect(rows).toEqual([{ value: { faq: [[`Question ${winner} ?`, "Réponse."]] }, kept: 1 }]);
  });
});

describe("the visitors' alerts on a Postgres server", () => {
  const hex = (text: string, length = 64) => createHash("sha256").update(text).digest("hex").slice(0, length);

  it("one address asked for from 20 networks at once: one row, and 2 confirmation e-mails a day at most", async () => {
    const email = "course@exemple.fr";
    const answers = await atOnce(guarded, 20, (connection, index) =>
      asService(
        connection,
        `select public.request_alert($1, $2, $3, '/offres/n26', '2026-11-27', $4, $5, $6, $7, 10, 2, 'Sujet', 'Texte',
                                     null, $2, $7, 3) as result`,
        [
          email,
          hex(email),
          `marque:offre-${index}`,
          hex(`confirmer ${index}`),
          hex(`sel ${index}`, 32),
          hex(`lien ${index}`),
          `reseau-${index}`,
        ],
      ),
    );
    expect(tally(answers)).toEqual({ accepted: 20 });
    const { rows } = await guarded.session.query<{ subscribers: number; mails: number }>(
      `select (select count(*)::int from public.alert_subscribers where email = $1) as subscribers,
              (select count(*)::int from public.visitor_mails where recipient = $1) as mails`,
      [email],
    );
    expect(rows[0]).toEqual({ subscribers: 1, mails: 2 });
  });

  it("one mailbox asked for under 20 spellings from 20 networks at once: 2 confirmation e-mails a day in all", async () => {
    const mailbox = hex("boite@exemple.fr");
    const spellings = Array.from({ length: 20 }, (_, index) => `boite+${index}@exemple.fr`);
    const answers = await atOnce(guarded, 20, (connection, index) =>
      asService(
        connection,
        `select public.request_alert($1, $2, 'marque:n26', '/offres/n26', '2026-11-27', $3, $4, $5, $6, 10, 2, 'Sujet',
                                     'Texte', null, $7, $6, 3) as result`,
        [
          spellings[index],
          hex(spellings[index]!),
          hex(`confirmer boite ${index}`),
          hex(`sel boite ${index}`, 32),
          hex(`lien boite ${index}`),
          `reseau-boite-${index}`,
          mailbox,
        ],
      ),
    );
    expect(tally(answers)).toEqual({ accepted: 20 });
    const { rows } = await guarded.session.query<{ subscribers: number; mails: number }>(
      `select (select count(*)::int from public.alert_subscribers where email = any($1)) as subscribers,
              (select count(*)::int from public.visitor_mails where recipient = any($1)) as mails`,
      [spellings],
    );
    expect(rows[0]).toEqual({ subscribers: 20, mails: 2 });
  });

  it("10 instances claim the addresses due an e-mail at once: each address is claimed by one", async () => {
    for (let index = 0; index < 30; index += 1) {
      const email = `suiveur${index}@exemple.fr`;
      await guarded.session.query(
        `with s as (
           insert into public.alert_subscribers (email, address_key, link_salt, link_hash, confirmed_at)
           values ($1, $2, $3, $4, now() - interval '2 days') returning id
         )
         insert into public.alert_follows (subscriber_id, topic, confirmed_at, consent_form, consent_version,
                                           notified_up_to)
         select id, 'marque:offre-suivie', now() - interval '2 days', '/offres/offre-suivie', '2026-11-27',
                now() - interval '2 days' from s`,
        [email, hex(`suiveur ${email}`), hex(`sel ${email}`, 32), hex(`lien ${email}`)],
      );
    }
    await guarded.session.query(
      `insert into public.offer_history (offer_slug, recorded_at, change, before, after, categories)
       values ('offre-suivie', now() - interval '1 minute', 'improved', '{}', '{}', array['finance'])`,
    );
    const claims = await atOnce(guarded, 10, (connection, index) =>
      asService<number[]>(
        connection,
        "select coalesce(array_agg(subscriber_id), '{}') as result from public.claim_alert_digests($1, 50, 60, 30)",
        [`instance-${index}`],
      ),
    );
    const claimed = claims.flatMap((claim) => (claim instanceof Error ? [NaN] : claim.map(Number)));
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed).size).toBe(30);
  });

  it("10 instances take the visitors' e-mails at once: no more than the hourly rate between them", async () => {
    await guarded.session.query(
      `insert into public.visitor_mails (kind, recipient, subject, body, share_key)
       select case when n % 2 = 0 then 'alert' else 'confirmation' end, 'lot' || n || '@exemple.fr', 'Sujet', 'Texte',
              case when n % 2 = 0 then null else 'reseau-' || n end
         from generate_series(1, 100) n`,
    );
    const claims = await atOnce(guarded, 10, (connection, index) =>
      asService<number>(
        connection,
        "select count(*)::int as result from public.claim_due_visitor_mails($1, 10, 60, 20)",
        [`instance-${index}`],
      ),
    );
    const taken = claims.reduce<number>((sum, claim) => sum + (claim instanceof Error ? 1000 : claim), 0);
    expect(taken).toBeLessThanOrEqual(20);
    // The alerts take four fifths at most, the confirmations of addresses that never confirmed 70 %: the rest is
    // kept for the confirmations of subscribers known before, none of which is queued here.
    const { rows } = await guarded.session.query<{ alerts: number; confirmations: number }>(
      `select count(*) filter (where kind = 'alert')::int as alerts,
              count(*) filter (where kind = 'confirmation')::int as confirmations
         from public.visitor_mails where claimed_by is not null`,
    );
    expect(rows[0]!.alerts + rows[0]!.confirmations).toBe(taken);
    expect(taken).toBe(16);
    expect(rows[0]!.alerts).toBeLessThanOrEqual(16);
    expect(rows[0]!.confirmations).toBeLessThanOrEqual(14);
  });
});
