import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { makeTempDir } from "./temp-dir";
import { copyTemplateInto } from "./templates";

/**
 * A data folder for the suite that calls this: a copy of the run's migrated template, then given `seed`'s rows,
 * before the suite's tests; the folder is removed after them.
 */
export function seededDataDir(prefix: string, seed: (db: PGlite) => Promise<void>): { dir: string } {
  const temp = makeTempDir(prefix);
  beforeAll(async () => {
    await copyTemplateInto(temp.dir);
    const db = await PGlite.create(path.join(temp.dir, "pgdata"));
    await seed(db);
    await db.close();
  });
  afterAll(() => temp.cleanup());
  return { dir: temp.dir };
}
