/**
 * Reads the embedded database from a copy of its folder, so that it is safe while the site is running: it never
 * opens the server's own files nor takes the data folder's lock (DATA_DIR/lock). Used by `npm run messages` and by
 * the browser tests, which read what the site under test stored. With DATABASE_URL, the scripts read the server.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { poolSession, type SqlRunner } from "../../app/services/backend/sql-session.server";

/**
 * Copies `databaseDir` (the `pgdata` folder) to a fresh temporary folder, opens the copy, runs `read` on it, then
 * closes it and removes the copy, whatever `read` did. `prefix` names the temporary folder.
 */
export async function readDatabaseCopy<T>(
  databaseDir: string,
  prefix: string,
  read: (db: PGlite) => Promise<T>,
): Promise<T> {
  const copy = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  try {
    cpSync(databaseDir, copy, { recursive: true });
    const db = await PGlite.create(copy);
    try {
      return await read(db);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Runs `read` on the site's database: the Postgres server of DATABASE_URL when it is set, else a copy of the
 * embedded one in `databaseDir`. False, without running it, when there is neither.
 */
export async function readSiteDatabase<T>(
  databaseDir: string,
  prefix: string,
  read: (db: SqlRunner) => Promise<T>,
): Promise<{ found: true; value: T } | { found: false }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      return { found: true, value: await read(poolSession(pool)) };
    } finally {
      await pool.end();
    }
  }
  if (!existsSync(databaseDir)) return { found: false };
  return { found: true, value: await readDatabaseCopy(databaseDir, prefix, read) };
}
