import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { copyTemplateInto } from "./templates";

/**
 * Gives the offers of `slugs` a code of the owner's in the data folder `dir` (a copy of the run's template when it
 * has no database yet), as the back office would. On a public site those offers are then offered and take votes;
 * the others show no code, their bundled one being an example (app/catalogue/examples.ts).
 */
export async function giveOwnerCodes(dir: string, slugs: readonly string[]): Promise<void> {
  if (!existsSync(path.join(dir, "pgdata"))) await copyTemplateInto(dir);
  const db = await PGlite.create(path.join(dir, "pgdata"));
  try {
    await db.query("update public.brands set code = 'PROPRIO-' || upper(replace(slug, '-', '')) where slug = any($1)", [
      slugs,
    ]);
  } finally {
    await db.close();
  }
}
