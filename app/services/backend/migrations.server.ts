import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SqlSession } from "./sql-session.server";

/**
 * The migrations of supabase/migrations, applied to any Postgres the site reaches itself (the embedded one, a
 * server) as hosted Supabase applies them, recorded in the same ledger, then the seed once into an empty database.
 */

/** The roles hosted Supabase has and the migrations grant to. */
const SUPABASE_ROLES_SQL = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, statements text[]);
create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
`;

/**
 * The default privileges hosted Supabase gives in schema `public` (supabase/postgres,
 * migrations/db/init-scripts/00000000000000-initial-schema.sql): every table, sequence and function the migrations
 * create is granted to anon and authenticated unless a migration revokes it. The embedded database applies them
 * too, so that the grants it enforces are the ones a hosted project ends up with.
 */
export const SUPABASE_DEFAULT_PRIVILEGES_SQL = `
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
`;

/** The folder holding `supabase/`, found from this module whether it runs from source or from the build. */
export function findSupabaseDir(start = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "supabase");
    if (existsSync(path.join(candidate, "migrations"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error("Dossier supabase/migrations introuvable.");
  }
}

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/**
 * Applies `migrations/*.sql` not yet applied, in name order, then `seed.sql` once, into an empty database only. On
 * a Postgres server, run it under the migrations' advisory lock (sql-session.server.ts, underMigrationLock).
 */
export async function migrate(db: SqlSession, supabaseDir = findSupabaseDir()): Promise<MigrationReport> {
  await db.exec(SUPABASE_ROLES_SQL);
  const migrationsDir = path.join(supabaseDir, "migrations");
  const files = readdirSync(migrationsDir)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  const done = new Set(
    (await db.query<{ version: string }>("select version from supabase_migrations.schema_migrations")).rows.map(
      (row) => row.version,
    ),
  );
  // A new database starts as a new hosted project does; the migrations may then change these defaults.
  if (done.size === 0) await db.exec(SUPABASE_DEFAULT_PRIVILEGES_SQL);
  const applied: string[] = [];
  for (const file of files) {
    const [version = file, ...nameParts] = file.replace(/\.sql$/, "").split("_");
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(migrationsDir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(
        "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)",
        [version, nameParts.join("_"), [sql]],
      );
    });
    applied.push(file);
  }

  let seeded = false;
  const seedFile = path.join(supabaseDir, "seed.sql");
  if (existsSync(seedFile)) {
    const already = await db.query("select 1 from supabase_migrations.seed_files where path = 'seed.sql'");
    if (already.rows.length === 0) {
      const sql = readFileSync(seedFile, "utf8");
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query("insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', $1)", [
          createHash("sha256").update(sql).digest("hex"),
        ]);
      });
      seeded = true;
    }
  }
  return { applied, seeded };
}
