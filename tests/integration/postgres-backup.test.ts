import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poolSession } from "~/services/backend/sql-session.server";
import { postgresServer } from "../support/postgres-server";
import { runScript } from "../support/run-script";
import { makeTempDir } from "../support/temp-dir";
import { testPool } from "../support/test-pool";
import { DATABASE_START_MS, SCRIPT_MS, TEST_MS } from "../support/timeouts";
import type pg from "pg";

/**
 * `npm run backup` and `npm run restore` with DATABASE_URL: a dump of the server into DATA_DIR/backups/ with
 * pg_dump, put back with pg_restore; what was erased after the dump stays erased, and the back office's sessions
 * close.
 */
const postgres = postgresServer();
const folder = makeTempDir("sauvegardes");
let url: string;
let pool: pg.Pool;

const messages = async () =>
  (await pool.query<{ message: string }>("select message from public.contact_messages order by id")).rows.map(
    (row) => row.message,
  );
const store = (message: string) =>
  pool.query(
    `insert into public.contact_messages (name, email, subject, message, client_key, network_key, dedupe_key)
     values ('Anne', 'anne@exemple.fr', 'question', $1, 'cle', 'reseau', md5($1))`,
    [message],
  );
const generation = async () =>
  (await pool.query<{ generation: string }>("select generation from public.owner_state")).rows[0]?.generation;

beforeAll(async () => {
  url = await postgres().createDatabase("sauvegardes");
  pool = testPool(url, { max: 2 });
}, DATABASE_START_MS);
afterAll(async () => {
  await pool?.end();
  folder.cleanup();
});

describe("backups of a Postgres server", () => {
  it(
    "are dumped by npm run backup, private, the last seven kept",
    () => {
      for (let backup = 0; backup < 8; backup += 1) {
        const result = runScript("scripts/backup.ts", { DATABASE_URL: url, DATA_DIR: folder.dir });
        expect(result.status, result.stderr).toBe(0);
        expect(result.stdout).toMatch(/^Sauvegarde écrite\s: .*codeparrain-.*\.dump\n$/);
      }
      const dir = path.join(folder.dir, "backups");
      const dumps = readdirSync(dir).filter((name) => name.endsWith(".dump"));
      expect(dumps).toHaveLength(7);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      for (const dump of dumps) expect(statSync(path.join(dir, dump)).mode & 0o777).toBe(0o600);
    },
    8 * SCRIPT_MS,
  );

  it(
    "are put back by npm run restore, erasing again what was erased since, and closing the owner's sessions",
    async () => {
      await pool.query("delete from public.contact_messages");
      await store("Gardé par la sauvegarde.");
      await store("Effacé après la sauvegarde.");
      const backup = runScript("scripts/backup.ts", { DATABASE_URL: url, DATA_DIR: folder.dir });
      expect(backup.status, backup.stderr).toBe(0);
      const file = /Sauvegarde écrite\s: (.*)\n/.exec(backup.stdout)?.[1] ?? "";

      // After the dump: one message erased (noted by the database's ledger), one more received.
      await poolSession(pool).transaction(async (tx) => {
        await tx.exec("set local role service_role");
        await tx.query("delete from public.contact_messages where message = 'Effacé après la sauvegarde.'");
      });
      await store("Reçu après la sauvegarde.");
      const before = await generation();

      const restore = runScript("scripts/restore.ts", { DATABASE_URL: url, DATA_DIR: folder.dir }, [file]);
      expect(restore.status, restore.stderr).toBe(0);
      expect(restore.stdout).toContain("1 message(s) effacé(s) depuis la sauvegarde de nouveau effacé(s)");
      expect(await messages()).toEqual(["Gardé par la sauvegarde."]);
      expect(await generation()).not.toBe(before);

      // The owner reads what the server holds with the same script as on the embedded database.
      const listed = runScript("scripts/messages.ts", { DATABASE_URL: url, DATA_DIR: folder.dir });
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain("Gardé par la sauvegarde.");
      expect(listed.stdout).not.toContain("Reçu après la sauvegarde.");
    },
    TEST_MS + 3 * SCRIPT_MS,
  );

  it(
    "refuse, in French, a file that is not a dump, changing nothing",
    async () => {
      const before = await messages();
      const restore = runScript("scripts/restore.ts", { DATABASE_URL: url, DATA_DIR: folder.dir }, [
        path.join(import.meta.dirname, "postgres-backup.test.ts"),
      ]);
      expect(restore.status).toBe(1);
      expect(restore.stderr).toMatch(/^Restauration impossible\s: /);
      expect(await messages()).toEqual(before);
    },
    TEST_MS + SCRIPT_MS,
  );
});
