/**
 * The embedded database's data folder (DATA_DIR): one process at a time, readable by its owner only.
 *
 * PGlite takes no lock of its own: two processes writing the same `pgdata` damage it for good (reopening it then
 * aborts). The first process to open the folder writes its PID to `DATA_DIR/lock`, created atomically; any other
 * refuses to start while that process lives, and takes the lock over once it is gone (a crash, a `kill -9`).
 */
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";

export const LOCK_FILE = "lock";
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
/** A lock file still empty after this long was left by a process that died between creating and writing it. */
const EMPTY_LOCK_GRACE_MS = 2_000;

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";

  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly lockPath: string,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par le processus ${holderPid}. ` +
        "Deux processus sur la même base embarquée l'abîment pour de bon : arrêtez l'autre serveur, ou donnez à " +
        `celui-ci un autre dossier (DATA_DIR). Si le processus ${holderPid} n'a rien à voir avec le site, supprimez ` +
        `${lockPath} puis relancez.`,
    );
  }
}

/** Locks held by this process, shared by every copy of this module (tests load it more than once). */
interface Registry {
  held: Set<string>;
  releaseOnExit: boolean;
}
const registry: Registry = ((globalThis as { [key: symbol]: Registry })[Symbol.for("codeparrain.data-dir-locks")] ??= {
  held: new Set(),
  releaseOnExit: false,
});

/**
 * Takes the data folder for this process, creating the folder (mode 0700) if need be. Throws DataDirLockedError
 * while another living process holds it. Taking it again from the same process does nothing.
 */
export function lockDataDir(dataDir: string): void {
  const dir = path.resolve(dataDir);
  const lockPath = path.join(dir, LOCK_FILE);
  if (registry.held.has(lockPath)) return;
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });

  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (createExclusive(lockPath)) return hold(lockPath);
    const holder = readHolder(lockPath);
    if (holder === "gone") continue;
    if (holder === "writing") {
      pause(20);
      continue;
    }
    // Our own PID: this process took it through another copy of this module, or a previous run had the same PID
    // (a container's PID 1 restarted after a crash) and is over.
    if (holder === process.pid) return hold(lockPath);
    if (holder !== "stale" && isAlive(holder)) throw new DataDirLockedError(dir, holder, lockPath);
    if (!removeStaleLock(lockPath, holder)) pause(20);
  }
  throw new Error(`Impossible de prendre le verrou ${lockPath} : d'autres processus se le disputent.`);
}

/** Releases the lock of the data folder if this process holds it (done by itself when the process exits). */
export function unlockDataDir(dataDir: string): void {
  const lockPath = path.join(path.resolve(dataDir), LOCK_FILE);
  if (!registry.held.delete(lockPath)) return;
  if (readHolder(lockPath) === process.pid) rmSync(lockPath, { force: true });
}

function hold(lockPath: string): void {
  registry.held.add(lockPath);
  if (registry.releaseOnExit) return;
  registry.releaseOnExit = true;
  process.once("exit", () => {
    for (const held of registry.held) {
      try {
        if (readHolder(held) === process.pid) unlinkSync(held);
      } catch {
        // the folder is gone, or no longer ours to clean: nothing to release
      }
    }
    registry.held.clear();
  });
}

/** Creates `file` holding this process's PID, failing if it exists: the one atomic step of taking the lock. */
function createExclusive(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Who holds the lock file: a PID, "gone" when there is no file any more, "writing" when its creator has not yet
 * written its PID, "stale" when the file is unreadable garbage or was left empty.
 */
function readHolder(file: string): number | "gone" | "writing" | "stale" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
  if (text === "") {
    try {
      return Date.now() - statSync(file).mtimeMs < EMPTY_LOCK_GRACE_MS ? "writing" : "stale";
    } catch {
      return "gone";
    }
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : "stale";
}

/** Whether a process runs with this PID (a zombie, finished but not yet reaped, does not count). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    if (state === "Z" || state === "X") return false;
  } catch {
    // no /proc (macOS): kill(0) is all there is
  }
  return true;
}

/**
 * Removes a lock left by a process that is gone. Two processes may find the same stale lock at once: a second
 * file, created atomically too, lets one of them replace it, and only if it still names the same holder. Returns
 * false when another process is doing it.
 */
function removeStaleLock(lockPath: string, staleHolder: number | "stale"): boolean {
  const guard = `${lockPath}.reprise`;
  if (!createExclusive(guard)) {
    const other = readHolder(guard);
    if (other === "gone") return true;
    if (other === "writing" || (typeof other === "number" && other !== process.pid && isAlive(other))) return false;
    // left by a process that died while taking a lock over
    rmSync(guard, { force: true });
    return true;
  }
  try {
    if (readHolder(lockPath) === staleHolder) rmSync(lockPath, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
  return true;
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The embedded default's session secret, in the data folder. */
export const SECRET_FILE = "session-secret";
/** The secret the file held before the data folder's last rotation (lifecycle/site-secret.server.ts). */
export const PRECEDENT_SECRET_FILE = `${SECRET_FILE}.precedent`;

/** What the site keeps in the data folder; anything else there is not the site's to change. */
const SITE_FILES = [SECRET_FILE, PRECEDENT_SECRET_FILE, LOCK_FILE];
const DATABASE_FOLDER = "pgdata";
/** The daily backups of the database (backup.server.ts). */
export const BACKUP_FOLDER = "backups";

/** The embedded database's own folder inside the data folder. */
export function databaseDir(dataDir: string): string {
  return path.resolve(dataDir, DATABASE_FOLDER);
}

/**
 * Makes the data folder and what the site keeps in it private to the owner: folders 0700, files 0600. PGlite writes
 * the files of a new database readable and writable by everyone (0666, whatever the umask), and they hold
 * visitors' names, e-mail addresses and messages. Only the folder itself, `pgdata/`, `backups/` and the site's own
 * files are changed, so that a DATA_DIR pointed at a folder holding other things (a home directory) leaves them alone.
 * Symbolic links are left alone; a missing folder is not created. Returns the paths it could not change.
 */
export function secureDataDir(dataDir: string): string[] {
  const failed: string[] = [];
  const restrict = (target: string, mode: number, current: number) => {
    if ((current & 0o777) === mode) return;
    try {
      chmodSync(target, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") failed.push(target);
    }
  };
  const walk = (dir: string) => {
    let entries;
    try {
      restrict(dir, DIR_MODE, lstatSync(dir).mode);
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") failed.push(dir);
      return;
    }
    for (const entry of entries) {
      const target = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(target);
      else if (entry.isFile()) {
        try {
          restrict(target, FILE_MODE, lstatSync(target).mode);
        } catch {
          // removed meanwhile (Postgres renames and deletes files as it works)
        }
      }
    }
  };
  const dir = path.resolve(dataDir);
  let mode: number;
  try {
    mode = lstatSync(dir).mode;
  } catch {
    return failed;
  }
  restrict(dir, DIR_MODE, mode);
  for (const name of SITE_FILES) {
    const target = path.join(dir, name);
    try {
      const stat = lstatSync(target);
      if (stat.isFile()) restrict(target, FILE_MODE, stat.mode);
    } catch {
      // not there (yet)
    }
  }
  walk(databaseDir(dir));
  walk(path.join(dir, BACKUP_FOLDER));
  return failed;
}

/**
 * Reads the embedded default's session secret from its data folder, creating it on first start, readable by the
 * owner only. Two processes starting at once on a new folder agree on one secret: only the first creates it.
 */
export function embeddedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  const read = () => {
    try {
      const existing = readFileSync(file, "utf8").trim();
      if (existing.length >= 32) return existing;
    } catch {
      // first start
    }
    return undefined;
  };
  let secret = read();
  if (!secret) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    secret = randomBytes(32).toString("hex");
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // Another process created it meanwhile: use its secret. A file too short to be one is replaced.
      const existing = read();
      if (existing) secret = existing;
      else writeFileSync(file, secret, { mode: 0o600 });
    }
  }
  chmodSync(file, 0o600);
  return secret;
}
