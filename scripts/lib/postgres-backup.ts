/**
 * `npm run backup` and `npm run restore` on a Postgres server (DATABASE_URL): the server's own tools, `pg_dump` in
 * its custom format and `pg_restore`, found on PATH or where Debian puts them (/usr/lib/postgresql/<version>/bin).
 * The dumps go in DATA_DIR/backups/ (folder 0700, files 0600), the last seven kept.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, rename, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { ledgerErasures, reapplyErasures } from "../../app/services/backend/erasures.server";
import { migrate } from "../../app/services/backend/migrations.server";
import { poolSession, underMigrationLock } from "../../app/services/backend/sql-session.server";
import { BACKUPS_KEPT, ensureBackupsDir } from "../../app/services/storage/backup.server";

const run = promisify(execFile);
const DUMP_NAME = /^codeparrain-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.\d{3}\.dump$/;

/** `tool` on PATH, else the newest Debian server's; an error that says what to install when there is none. */
export function postgresTool(tool: "pg_dump" | "pg_restore"): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, tool))) return path.join(dir, tool);
  }
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, "bin", tool)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], "bin", tool);
  throw new Error(
    `${tool} est introuvable : installez le client Postgres de la version du serveur (paquet postgresql-client).`,
  );
}

/** What a Postgres tool printed when it failed, or the error itself. */
function failureOf(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return stderr || (error instanceof Error ? error.message : String(error));
}

/** Writes a dump of the database at `url` into the backups folder of `dataDir`; its path. */
export async function dumpPostgres(url: string, dataDir: string, now = new Date()): Promise<string> {
  const dir = await ensureBackupsDir(dataDir);
  const stamp = now.toISOString().replace("T", "_").replace(/:/g, "-").replace("Z", "");
  const file = path.join(dir, `codeparrain-${stamp}.dump`);
  const partial = `${file}.partiel`;
  try {
    await run(postgresTool("pg_dump"), ["--format=custom", "--file", partial, "--dbname", url], {
      env: { ...process.env, PGAPPNAME: "codeparrain-sauvegarde" },
    });
    // Written in the private folder, then made private itself: it holds the visitors' messages.
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    // pg_dump refuses a server newer than itself ("server version mismatch"): say which one to use.
    throw new Error(`Sauvegarde impossible : ${failureOf(error)}`);
  }
  const dumps = readdirSync(dir)
    .filter((name) => DUMP_NAME.test(name))
    .sort();
  for (const old of dumps.slice(0, Math.max(0, dumps.length - BACKUPS_KEPT))) await rm(path.join(dir, old));
  return file;
}

export interface RestoredDatabase {
  messages: number;
  votes: number;
  brands: number;
  erasedAgain: number;
}

/**
 * Puts the dump `file` back into the database at `url`, on a stopped site: the erasures the database noted are read
 * first, the dump replaces every object it holds in one transaction, the migrations it predates are applied, every
 * back-office session and device is closed (a new owner generation), and what was erased since is erased again.
 */
export async function restorePostgres(url: string, file: string): Promise<RestoredDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const erasures = await ledgerErasures(poolSession(pool));
    try {
      await run(
        postgresTool("pg_restore"),
        ["--clean", "--if-exists", "--single-transaction", "--no-owner", "--dbname", url, file],
        { env: { ...process.env, PGAPPNAME: "codeparrain-restauration" } },
      );
    } catch (error) {
      throw new Error(`Restauration impossible : ${failureOf(error)}`);
    }
    return await underMigrationLock(pool, async (session) => {
      await migrate(session);
      return session.transaction(async (tx) => {
        await tx.query("update public.owner_state set generation = gen_random_uuid()::text");
        const erasedAgain = await reapplyErasures(tx, erasures);
        const { rows } = await tx.query<Omit<RestoredDatabase, "erasedAgain">>(
          `select (select count(*)::int from public.contact_messages) as messages,
                  (select count(*)::int from public.brands) as brands,
                  (select count(*)::int from public.code_feedback) as votes`,
        );
        return { ...rows[0]!, erasedAgain };
      });
    });
  } finally {
    await pool.end();
  }
}
