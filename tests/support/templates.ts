/**
 * Migrate once, copy many: the integration run migrates and seeds one embedded database and one Postgres database
 * (tests/support/global-setup.ts), and every site or in-process database that needs no migration of its own starts
 * from a copy. A template is named by a hash of what it holds (the migrations, the seed, the code that applies them,
 * PGlite's version), so a change to any of them builds a new one: a stale template is never reused.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate } from "~/services/backend/migrations.server";

const root = path.resolve(import.meta.dirname, "../..");
const supabaseDir = path.join(root, "supabase");
const TEMPLATES_DIR = path.join(root, ".cache/test-templates");
/** The dump of the template's cluster that in-process databases load into memory. */
const DUMP_FILE = "database.tar";
/** What the template holds, written last: a folder without it was left half-built. */
const RECORD_FILE = "migrations.json";

/** The migrations in the order they apply. */
function migrationFiles(): string[] {
  return readdirSync(path.join(supabaseDir, "migrations"))
    .filter((file) => file.endsWith(".sql"))
    .sort();
}

/** A hash of everything a migrated and seeded database is made from. */
export function templateKey(): string {
  const hash = createHash("sha256");
  const sources = [
    ...migrationFiles().map((file) => path.join(supabaseDir, "migrations", file)),
    path.join(supabaseDir, "seed.sql"),
    path.join(root, "app/services/backend/migrations.server.ts"),
    path.join(root, "node_modules/@electric-sql/pglite/package.json"),
  ];
  for (const file of sources)
    hash
      .update(`${path.relative(root, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  return hash.digest("hex").slice(0, 16);
}

let built: Promise<string> | undefined;

/**
 * The embedded template's folder, built unless a complete one with the same key exists: a cluster migrated and
 * seeded as a site's first start leaves it, closed, and its dump. The run's global set-up builds it before any
 * worker asks; a process that finds none (a browser test, a file run alone) builds its own.
 */
export function pgliteTemplate(): Promise<string> {
  built ??= buildPgliteTemplate();
  return built;
}

async function buildPgliteTemplate(): Promise<string> {
  const dir = path.join(TEMPLATES_DIR, `pglite-${templateKey()}`);
  if (existsSync(path.join(dir, RECORD_FILE))) return dir;
  const building = `${dir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const db = await PGlite.create(path.join(building, "pgdata"));
  await migrate(db, supabaseDir);
  const dump = await db.dumpDataDir("none");
  await db.close();
  writeFileSync(path.join(building, DUMP_FILE), Buffer.from(await dump.arrayBuffer()));
  writeFileSync(path.join(building, RECORD_FILE), `${JSON.stringify({ migrations: migrationFiles() }, null, 2)}\n`);
  // Older templates are of older migrations: they would only fill the disk.
  for (const old of readdirSync(TEMPLATES_DIR)) {
    if (/^pglite-[0-9a-f]{16}$/.test(old)) rmSync(path.join(TEMPLATES_DIR, old), { recursive: true, force: true });
  }
  try {
    renameSync(building, dir);
  } catch (error) {
    // Another process finished the same template first: theirs is as good.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(path.join(dir, RECORD_FILE))) throw error;
  }
  return dir;
}

/**
 * Gives `dataDir` (created if need be) a copy of the migrated and seeded database, as a site leaves it after its
 * first start: a site started on it migrates nothing.
 */
export async function copyTemplateInto(dataDir: string): Promise<void> {
  const template = await pgliteTemplate();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  cpSync(path.join(template, "pgdata"), path.join(dataDir, "pgdata"), { recursive: true });
}

/** A new in-memory database holding the migrated and seeded template. */
export async function templateDatabase(): Promise<PGlite> {
  const dump = readFileSync(path.join(await pgliteTemplate(), DUMP_FILE));
  return PGlite.create({ loadDataDir: new Blob([dump]) });
}
