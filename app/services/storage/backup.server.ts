/**
 * Backups of the embedded database, in DATA_DIR/backups/ (folder 0700, files 0600): a gzipped tar of the Postgres
 * folder written by the process that has the database open (PGlite's dumpDataDir, between two queries), never a
 * copy of files another process is writing. The server makes one a day and keeps the last seven; `npm run backup`
 * asks the running server for one through a request file in that folder, or, when no server runs, opens the
 * database itself. `npm run restore FILE` puts one back (scripts/restore.ts).
 */
import { watch, type FSWatcher } from "node:fs";
import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { log } from "../log.server";
import { BACKUP_FOLDER, databaseDir } from "./data-dir.server";
import type { PGlite } from "@electric-sql/pglite";

/** The file `npm run backup` writes in the backups folder to ask the running server for a backup. */
export const BACKUP_REQUEST_FILE = "demande";
export const BACKUPS_KEPT = 7;
export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
const BACKUP_NAME = /^codeparrain-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.\d{3}\.tar\.gz$/;

export function backupsDir(dataDir: string): string {
  return path.resolve(dataDir, BACKUP_FOLDER);
}

/** The backups in the folder, oldest first (their names sort by date). */
export async function listBackups(dataDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(backupsDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .map((name) => path.join(backupsDir(dataDir), name));
}

/** Makes the backups folder, private to the owner. */
export async function ensureBackupsDir(dataDir: string): Promise<string> {
  const dir = backupsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  return dir;
}

/**
 * Writes a backup of `db`, the database of `dataDir`, and removes the oldest beyond the last seven. The file appears
 * under its final name only once complete. Returns its path.
 */
export async function writeBackup(db: PGlite, dataDir: string, now = new Date()): Promise<string> {
  const dir = await ensureBackupsDir(dataDir);
  const stamp = now.toISOString().replace("T", "_").replace(/:/g, "-").replace("Z", "");
  const file = path.join(dir, `codeparrain-${stamp}.tar.gz`);
  const partial = `${file}.partiel`;
  const dump = await db.dumpDataDir("gzip");
  try {
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600, flag: "wx" });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const backups = await listBackups(dataDir);
  for (const old of backups.slice(0, Math.max(0, backups.length - BACKUPS_KEPT))) await rm(old, { force: true });
  return file;
}

/**
 * The server's backups: one now if the last (or the database, when there is none) is more than a day old, then one
 * a day, and one whenever `npm run backup` asks. Timers and the watch do not keep the process alive; `stop` ends
 * them. `ready` settles once the check made at start (and its backup, if one was due) is done.
 */
export function scheduleBackups(db: PGlite, dataDir: string): { ready: Promise<void>; stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const backUp = (why: string) => {
    running = running.then(async () => {
      if (db.closed) return;
      try {
        const file = await writeBackup(db, dataDir);
        log.info(`Sauvegarde de la base (${why}) : ${file}`);
      } catch (error) {
        if (!db.closed) log.error(`Sauvegarde de la base (${why}) impossible :`, error);
      }
    });
    return running;
  };
  const answerRequest = async () => {
    const request = path.join(backupsDir(dataDir), BACKUP_REQUEST_FILE);
    try {
      await rm(request);
    } catch {
      return; // no request, or another event already took it
    }
    await backUp("demandée par npm run backup");
  };

  const daily = setInterval(() => void backUp("quotidienne"), BACKUP_INTERVAL_MS);
  daily.unref();
  let watcher: FSWatcher | undefined;
  const ready = (async () => {
    try {
      await ensureBackupsDir(dataDir);
      watcher = watch(backupsDir(dataDir), (_event, name) => {
        if (name === BACKUP_REQUEST_FILE) void answerRequest();
      });
      watcher.unref();
      watcher.on("error", () => watcher?.close());
      await answerRequest();
      // A database younger than a day (a first start) waits for the daily one.
      const last = (await listBackups(dataDir)).at(-1) ?? path.join(databaseDir(dataDir), "PG_VERSION");
      if (Date.now() - (await stat(last)).mtimeMs > BACKUP_INTERVAL_MS) await backUp("quotidienne");
    } catch (error) {
      log.error("Sauvegardes de la base impossibles à programmer :", error);
    }
  })();
  return {
    ready,
    /** Ends the timers and the watch, and waits for the backup being written, if any. */
    stop: async () => {
      clearInterval(daily);
      // The set-up first: a watch it is still opening would outlive the stop.
      await ready;
      watcher?.close();
      await running;
    },
  };
}
