import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { migrate } from "~/services/backend/migrations.server";

/**
 * An in-memory Postgres with every migration run, for the tests of the surrounding file or `describe`: created
 * before them, closed after them. Call the returned function within tests and hooks.
 */
export function migratedDatabase(): () => PGlite {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = await PGlite.create();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
  });
  return () => {
    if (!db) throw new Error("The database is created before the tests: use it within them.");
    return db;
  };
}
