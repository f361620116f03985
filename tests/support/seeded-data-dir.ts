import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { migrate } from "~/services/backend/migrations.server";
import { makeTempDir } from "./temp-dir";

/**
 * A data folder for the suite that calls this: its database is migrated, then given `seed`'s rows, before the
 * suite's tests, and the folder is removed after them.
 */
export function seededDataDir(prefix: string, seed: (db: PGlite) => Promise<void>): { dir: string } {
  const temp = makeTempDir(prefix);
  beforeAll(async () => {
    const db = await PGlite.create(path.join(temp.dir, "pgdata"));
    await migrate(db);
    await seed(db);
    await db.close();
  });
  afterAll(() => temp.cleanup());
  return { dir: temp.dir };
}
