import { afterAll, beforeAll } from "vitest";
import { templateDatabase } from "./templates";
import type { PGlite } from "@electric-sql/pglite";

/**
 * An in-memory Postgres with every migration run and the seed, for the tests of the surrounding file or `describe`:
 * loaded from the run's template before them, closed after them. Call the returned function within tests and hooks.
 */
export function migratedDatabase(): () => PGlite {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = await templateDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });
  return () => {
    if (!db) throw new Error("The database is created before the tests: use it within them.");
    return db;
  };
}
