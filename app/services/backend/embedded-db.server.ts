import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { PGlite, types } from "@electric-sql/pglite";
import { log } from "../log.server";
import { migrate } from "./migrations.server";
import { deleteExpiredVisitorData } from "./retentions.server";
import { describeFailuresOf } from "./sql-roles.server";
import { databaseDir, lockDataDir, secureDataDir, unlockDataDir } from "../storage/data-dir.server";
import { diskFullMessage, isNoSpaceError } from "../storage/disk-space.server";
import type { SqlSession } from "./sql-session.server";

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
 * V8 13 (Node 24) optimizes one of Postgres's functions, 105 KB of WebAssembly that runs every query, in 2 s and
 * 600 MB on its worker thread a few seconds after the start; the process peaked at 730 MB and kept 420 MB, against
 * 250 MB on Node 20 and 22, whose V8 does not. Postgres answers as fast on the baseline compiler (Liftoff), so there
 * WebAssembly is never optimized: the flags are the process's, read at each tier-up, and slow the share images'
 * drawing (its WebAssembly) by a third, which its budget of time absorbs (docs/decisions/2026-12-07-node-24.md).
 */
const WASM_BASELINE_ONLY: readonly string[] =
  Number(process.versions.v8.split(".")[0]) >= 13 ? ["--no-wasm-dynamic-tiering", "--no-wasm-tier-up"] : [];

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
    const child = spawn(process.execPath, [...WASM_BASELINE_ONLY, "--input-type=module", "-e", script], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`Création de la base impossible : ${errors}`)),
    );
  });
}

const databases = new Map<string, Promise<PGlite>>();

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
  for (const flag of WASM_BASELINE_ONLY) setFlagsFromString(flag);
  const instance = await PGlite.create(dir, { parsers: KEEP_AS_TEXT, startParams: START_PARAMS });
  await migrate(instance);
  await deleteExpiredVisitorData(instance);
  // Files Postgres wrote while starting.
  keepPrivate(dataDir);
  scheduleMaintenance(instance, dataDir);
  describeFailuresOf(instance, (error) => notingFullDisk(error, dataDir));
  return instance;
}

let warnedNotPrivate = false;

/** Folders 0700, files 0600 in the data folder; says once, in the log, what could not be changed. */
function keepPrivate(dataDir: string): void {
  const failed = secureDataDir(dataDir);
  if (failed.length > 0 && !warnedNotPrivate) {
    warnedNotPrivate = true;
    log.warn(
      `Droits du dossier de données impossibles à restreindre au seul propriétaire (${failed.length} élément(s), ` +
        `dont ${failed[0]}) : les messages des visiteurs y sont peut-être lisibles par d'autres comptes.`,
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
        if (!db.closed)
          log.error("Suppression des messages, avis et témoignages arrivés à leur terme impossible :", error);
      })
      .finally(() => keepPrivate(dataDir));
  }, everyMs);
  timer.unref();
  return timer;
}
