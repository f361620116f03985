import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, types } from "@electric-sql/pglite";
import { databaseDir, lockDataDir, secureDataDir, unlockDataDir } from "../storage/data-dir.server";
import { diskFullMessage, isNoSpaceError } from "../storage/disk-space.server";
import type { SqlRunner, SqlSession } from "./sql-session.server";

/** The roles hosted Supabase has and the migrations grant to. */
const SUPABASE_ROLES_SQL = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, statements text[]);
create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
`;

/**
 * The default privileges hosted Supabase gives in schema `public` (supabase/postgres,
 * migrations/db/init-scripts/00000000000000-initial-schema.sql): every table, sequence and function the migrations
 * create is granted to anon and authenticated unless a migration revokes it. The embedded database applies them
 * too, so that the grants it enforces are the ones a hosted project ends up with.
 */
export const SUPABASE_DEFAULT_PRIVILEGES_SQL = `
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
`;

/** The folder holding `supabase/`, found from this module whether it runs from source or from the build. */
export function findSupabaseDir(start = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "supabase");
    if (existsSync(path.join(candidate, "migrations"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error("Dossier supabase/migrations introuvable.");
  }
}

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/**
 * Applies `migrations/*.sql` not yet applied, in name order, then `seed.sql` once, into an empty database only. On
 * a Postgres server, run it under the migrations' advisory lock (sql-session.server.ts, underMigrationLock).
 */
export async function migrate(db: SqlSession, supabaseDir = findSupabaseDir()): Promise<MigrationReport> {
  await db.exec(SUPABASE_ROLES_SQL);
  const migrationsDir = path.join(supabaseDir, "migrations");
  const files = readdirSync(migrationsDir)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  const done = new Set(
    (await db.query<{ version: string }>("select version from supabase_migrations.schema_migrations")).rows.map(
      (row) => row.version,
    ),
  );
  // A new database starts as a new hosted project does; the migrations may then change these defaults.
  if (done.size === 0) await db.exec(SUPABASE_DEFAULT_PRIVILEGES_SQL);
  const applied: string[] = [];
  for (const file of files) {
    const [version = file, ...nameParts] = file.replace(/\.sql$/, "").split("_");
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(migrationsDir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(
        "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)",
        [version, nameParts.join("_"), [sql]],
      );
    });
    applied.push(file);
  }

  let seeded = false;
  const seedFile = path.join(supabaseDir, "seed.sql");
  if (existsSync(seedFile)) {
    const already = await db.query("select 1 from supabase_migrations.seed_files where path = 'seed.sql'");
    if (already.rows.length === 0) {
      const sql = readFileSync(seedFile, "utf8");
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query("insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', $1)", [
          createHash("sha256").update(sql).digest("hex"),
        ]);
      });
      seeded = true;
    }
  }
  return { applied, seeded };
}

/** Dates and timestamps as the REST API gives them: ISO strings, not Date objects. */
const KEEP_AS_TEXT = Object.fromEntries(
  [types.DATE, types.TIMESTAMP, types.TIMESTAMPTZ].map((type) => [type, (value: string) => value]),
);

/**
 * A site-sized Postgres: the default 128 MB of shared buffers would triple the memory the process holds, and past
 * 4 MB the reads of 10 000 brands fill them for little (docs/decisions/2026-11-25-10000-offers-in-400-mb.md).
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...["shared_buffers=4MB", "work_mem=2MB", "maintenance_work_mem=8MB", "temp_buffers=2MB", "wal_buffers=1MB"].flatMap(
    (setting) => ["-c", setting],
  ),
];

/**
 * Creates the database cluster in a short-lived child process: creating it takes several hundred megabytes that
 * the process doing it never gives back.
 */
async function createCluster(dir: string): Promise<void> {
  const pglite = import.meta.resolve("@electric-sql/pglite");
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
    const db = await PGlite.create(${JSON.stringify(dir)});
    await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`Création de la base impossible : ${errors}`)),
    );
  });
}

const databases = new Map<string, Promise<PGlite>>();
/** The data folder of each open database, to name its disk when a write fails for want of room. */
const dataDirs = new WeakMap<SqlSession, string>();

/**
 * `error` as it is, or, when the disk that holds `dataDir` is full, an error that says so and names the folder
 * (SQLSTATE 53100, disk_full): an embedded database that runs out of room often says no more than "Aborted()".
 */
export function notingFullDisk(error: unknown, dataDir: string): unknown {
  const full = diskFullMessage(dataDir);
  if (!full && !isNoSpaceError(error)) return error;
  const original = error instanceof Error ? error.message : String(error);
  const note = full ?? `Le disque qui porte ${dataDir} est plein. Libérez de la place.`;
  return Object.assign(new Error(`${note} (${original})`, { cause: error }), { code: "53100" });
}

/** Closes every embedded database this process opened and releases their data folders, for a clean stop. */
export async function closeEmbeddedDatabases(): Promise<void> {
  const open = [...databases.entries()];
  databases.clear();
  await Promise.all(
    open.map(async ([dir, db]) => {
      try {
        await (await db).close();
      } finally {
        unlockDataDir(path.dirname(dir));
      }
    }),
  );
}

/**
 * The embedded database kept in `dataDir`, created and migrated on first use, shared within the process. The data
 * folder is locked for this process (DataDirLockedError when another one has it) and kept private to its owner.
 */
export function openEmbeddedDatabase(dataDir: string): Promise<PGlite> {
  const dir = databaseDir(dataDir);
  let db = databases.get(dir);
  if (!db) {
    db = (async () => {
      try {
        return await startDatabase(dataDir, dir);
      } catch (error) {
        throw notingFullDisk(error, dataDir);
      }
    })();
    databases.set(dir, db);
    db.catch(() => databases.delete(dir));
  }
  return db;
}

/** Opens (on first start, creates) and migrates the database of `dataDir`, and schedules its maintenance. */
async function startDatabase(dataDir: string, dir: string): Promise<PGlite> {
  lockDataDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!existsSync(path.join(dir, "PG_VERSION"))) await createCluster(dir);
  keepPrivate(dataDir);
  const instance = await PGlite.create(dir, { parsers: KEEP_AS_TEXT, startParams: START_PARAMS });
  await migrate(instance);
  await deleteExpiredVisitorData(instance);
  // Files Postgres wrote while starting.
  keepPrivate(dataDir);
  scheduleMaintenance(instance, dataDir);
  dataDirs.set(instance, dataDir);
  return instance;
}

let warnedNotPrivate = false;

/** Folders 0700, files 0600 in the data folder; says once, in the log, what could not be changed. */
function keepPrivate(dataDir: string): void {
  const failed = secureDataDir(dataDir);
  if (failed.length > 0 && !warnedNotPrivate) {
    warnedNotPrivate = true;
    console.warn(
      `Droits du dossier de données impossibles à restreindre au seul propriétaire (${failed.length} élément(s), ` +
        `dont ${failed[0]}) : les messages des visiteurs y sont peut-être lisibles par d'autres comptes.`,
    );
  }
}

export const MAINTENANCE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Runs the 12-month retention every day (and restores the data folder's permissions), as pg_cron does on hosted
 * Supabase: a server that runs for months keeps no message past its time. The timer does not keep the process
 * alive, and stops once the database is closed.
 */
export function scheduleMaintenance(
  db: SqlSession,
  dataDir: string,
  everyMs = MAINTENANCE_INTERVAL_MS,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    if (db.closed) {
      clearInterval(timer);
      return;
    }
    deleteExpiredVisitorData(db)
      .catch((error: unknown) => {
        if (!db.closed) console.error("Suppression des messages et avis de plus de 12 mois impossible :", error);
      })
      .finally(() => keepPrivate(dataDir));
  }, everyMs);
  timer.unref();
  return timer;
}

/** Runs `work` in a transaction as `role`, so row-level security and grants apply as they do through the REST API. */
export async function asRole<T>(
  db: SqlSession,
  role: "anon" | "service_role",
  work: (tx: SqlRunner) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return work(tx);
    });
  } catch (error) {
    const dataDir = dataDirs.get(db);
    throw dataDir ? notingFullDisk(error, dataDir) : error;
  }
}

interface PendingRead {
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

/** The reads asked for since the last query went out, by their select: one query takes them all. */
const pendingReads = new WeakMap<SqlSession, Map<string, PendingRead[]>>();

/**
 * The rows of one constant `select` read as the anon role. The selects asked for within one turn of the event loop
 * (a page's brands and votes, and those of the other requests under way) go out together in a single simple query,
 * whose statements run as one implicit transaction, so the role ends with it: each round trip to the embedded
 * Postgres has a fixed cost, paid once. The same select asked for twice is read once for both, which then share the
 * rows: read them, never change them. The select returns one `json` column named `rows`, as the REST API would give
 * them (dates as ISO strings).
 */
export function readAsAnon<T>(db: SqlSession, select: string): Promise<T[]> {
  return new Promise<unknown[]>((resolve, reject) => {
    let batch = pendingReads.get(db);
    if (!batch) {
      const reads = new Map<string, PendingRead[]>();
      pendingReads.set(db, reads);
      setImmediate(() => {
        pendingReads.delete(db);
        void runReads(db, reads);
      });
      batch = reads;
    }
    const waiting = batch.get(select);
    if (waiting) waiting.push({ resolve, reject });
    else batch.set(select, [{ resolve, reject }]);
  }) as Promise<T[]>;
}

async function runReads(db: SqlSession, reads: Map<string, PendingRead[]>): Promise<void> {
  const selects = [...reads.keys()];
  try {
    const results = await db.exec(`set local role anon; ${selects.join("; ")}`);
    selects.forEach((select, index) => {
      const [row] = results[index + 1]?.rows ?? [];
      const rows = (row as { rows?: unknown[] | null } | undefined)?.rows ?? [];
      for (const read of reads.get(select) ?? []) read.resolve(rows);
    });
  } catch (error) {
    if (selects.length === 1) {
      const dataDir = dataDirs.get(db);
      for (const read of reads.get(selects[0] ?? "") ?? [])
        read.reject(dataDir ? notingFullDisk(error, dataDir) : error);
      return;
    }
    // A failed select fails the whole query: each select gets its own answer, as if it had gone alone.
    await Promise.all(selects.map((select) => runReads(db, new Map([[select, reads.get(select) ?? []]]))));
  }
}

/**
 * The retentions of the legal notice: 12 months for messages and votes; for testimonials, 30 days after a refusal
 * and 90 days for one never moderated; 25 months for the audience totals. Hosted Supabase runs the same functions
 * daily with pg_cron. With `onceADay`, several instances on one database run them once a day between them: the
 * instance that claims the day runs them in the same transaction (nothing is deleted when another one did).
 * Returns how many of each were deleted.
 */
export async function deleteExpiredVisitorData(
  db: SqlSession,
  { onceADay = false }: { onceADay?: boolean } = {},
): Promise<{ messages: number; votes: number; testimonials: number; counts: number }> {
  const result = await asRole(db, "service_role", async (tx) => {
    if (onceADay) {
      const claim = await tx.query<{ claimed: boolean }>("select public.claim_daily_run('retentions') as claimed");
      if (!claim.rows[0]?.claimed) return { rows: [] };
    }
    return tx.query<{ messages: number; votes: number; testimonials: number; counts: number }>(
      `select public.delete_expired_contact_messages() as messages, public.delete_expired_code_feedback() as votes,
              public.delete_expired_testimonials() as testimonials, public.delete_expired_offer_counts() as counts,
              public.delete_old_site_changes() as changes`,
    );
  });
  const { messages = 0, votes = 0, testimonials = 0, counts = 0 } = result.rows[0] ?? {};
  if (messages > 0) console.info(`${messages} message(s) de plus de 12 mois supprimé(s).`);
  if (votes > 0) console.info(`${votes} avis de plus de 12 mois supprimé(s).`);
  if (testimonials > 0) console.info(`${testimonials} témoignage(s) refusé(s) ou jamais modéré(s) supprimé(s).`);
  return { messages, votes, testimonials, counts };
}
