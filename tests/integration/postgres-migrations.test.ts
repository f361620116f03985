import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrate } from "~/services/backend/migrations.server";
import { poolSession, underMigrationLock } from "~/services/backend/sql-session.server";
import { postgresServer } from "../support/postgres-server";
import { startSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { testPool } from "../support/test-pool";
import { withSiteStarts } from "../support/timeouts";

/**
 * The migrations on a real Postgres server (Debian's, 15 here, as Supabase still serves), run by the site's own role,
 * which is no superuser: two instances starting together on an empty database apply each migration once, into the
 * ledger the embedded database keeps, and end with the schema and the orderings PGlite has.
 */
const server = postgresServer();

/** What a database holds, to compare two of them: tables, functions and the brands in name order. */
async function shape(query: <T>(sql: string) => Promise<T[]>) {
  const names = async (sql: string) => (await query<{ name: string }>(sql)).map((row) => row.name);
  return {
    ledger: await names("select version as name from supabase_migrations.schema_migrations order by version"),
    tables: await names(
      "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
    ),
    functions: await names(
      `select p.oid::regprocedure::text as name from pg_proc p
        where p.pronamespace = 'public'::regnamespace order by 1`,
    ),
    brands: await names("select name from public.brands order by name"),
  };
}

describe("the migrations on a Postgres server", () => {
  it("are applied once by two instances starting together, as PGlite applies them", async () => {
    const url = await server().createEmptyDatabase("deux_instances");
    const pools = [testPool(url), testPool(url)];
    try {
      const reports = await Promise.all(pools.map((pool) => underMigrationLock(pool, (session) => migrate(session))));
      const embedded = await PGlite.create();
      const expected = await migrate(embedded);
      expect(reports.map((report) => report.applied.length).sort()).toEqual([0, expected.applied.length]);
      expect(reports.filter((report) => report.seeded)).toHaveLength(1);

      const onServer = await shape(async (sql) => (await pools[0]!.query(sql)).rows);
      const inProcess = await shape(async (sql) => (await embedded.query(sql)).rows as never[]);
      expect(onServer).toEqual(inProcess);
      expect(onServer.brands.length).toBeGreaterThan(40);
      await embedded.close();

      // Started again, nothing is applied twice and the owner's changes are not seeded over.
      await pools[0]!.query("delete from public.brands where name = 'Binance'");
      const again = await underMigrationLock(pools[1]!, (session) => migrate(session));
      expect(again).toEqual({ applied: [], seeded: false });
      expect((await poolSession(pools[1]!).query("select 1 from public.brands where name = 'Binance'")).rows).toEqual(
        [],
      );
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

describe("the role the site connects as", () => {
  it(
    "is named in a warning at start when it is a superuser, and the site still runs",
    async () => {
      await server().createDatabase("en_superutilisateur");
      const folder = makeTempDir("superutilisateur");
      const site = await startSite({
        DATABASE_URL: server().url("en_superutilisateur", "postgres"),
        SESSION_SECRET: "un-secret-pour-le-superutilisateur-0123456789",
        DATA_DIR: folder.dir,
      });
      try {
        expect((await fetch(`${site.url}/offres/wise`)).status).toBe(200);
        expect(site.output()).toContain("DATABASE_URL se connecte en superutilisateur (postgres)");
      } finally {
        await site.stop();
        folder.cleanup();
      }
    },
    withSiteStarts(1),
  );
});
