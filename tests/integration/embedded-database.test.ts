import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BRAND_ENTRIES } from "~/catalogue/data";
import { embeddedAt } from "~/services/backend/database.server";
import {
  MAINTENANCE_INTERVAL_MS,
  openEmbeddedDatabase,
  scheduleMaintenance,
} from "~/services/backend/embedded-db.server";
import { migrate } from "~/services/backend/migrations.server";
import { deleteExpiredVisitorData } from "~/services/backend/retentions.server";
import { SqlBackend } from "~/services/backend/sql-backend.server";
import { asRole, readAsAnon } from "~/services/backend/sql-roles.server";
import { BRANDS_PER_READ } from "~/services/backend/types.server";
import { makeTempDir } from "../support/temp-dir";
import { copyTemplateInto } from "../support/templates";
import { withDatabaseStarts } from "../support/timeouts";

const temp = makeTempDir("embedded-db");
const dataDir = temp.dir;
let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create(`${dataDir}/pgdata`);
});
afterAll(async () => {
  await db.close();
  temp.cleanup();
});

const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]?.n);

describe("migrations and seed in the embedded database", () => {
  it(
    "apply from an empty database and insert every brand of the catalogue",
    { timeout: withDatabaseStarts(1) },
    async () => {
      const report = await migrate(db);
      expect(report.applied.length).toBeGreaterThan(0);
      expect(report.seeded).toBe(true);
      expect(await count("select count(*)::int as n from public.brands")).toBe(BRAND_ENTRIES.length);
      const names = (await db.query<{ name: string }>("select name from public.brands")).rows.map((r) => r.name);
      expect(names.sort()).toEqual(BRAND_ENTRIES.map((entry) => entry.name).sort());
    },
  );

  it("apply nothing twice when run again, and again after a restart", { timeout: withDatabaseStarts(1) }, async () => {
    expect(await migrate(db)).toEqual({ applied: [], seeded: false });
    await db.close();
    db = await PGlite.create(`${dataDir}/pgdata`, { parsers: { [types.DATE]: (v: string) => v } });
    expect(await migrate(db)).toEqual({ applied: [], seeded: false });
    expect(await count("select count(*)::int as n from public.brands")).toBe(BRAND_ENTRIES.length);
    expect(await count("select count(*)::int as n from supabase_migrations.seed_files")).toBe(1);
  });
});

describe("what a brand row may hold", () => {
  it("takes a logo only at an https address or a path on the site: no javascript:, http:, data: or other host", async () => {
    const setLogo = (logo: string) =>
      db.query("update public.brands set logo_url = $1 where slug = 'binance'", [logo]).then(
        () => "taken",
        (error: Error) => error.message,
      );
    for (const logo of ["https://cdn.exemple.fr/binance.svg", "/logos/binance.svg"]) {
      expect(await setLogo(logo), logo).toBe("taken");
    }
    for (const logo of [
      "javascript:alert(1)",
      "http://exemple.fr/logo.svg",
      "//evil.example/logo.svg",
      "data:image/svg+xml,<svg/>",
    ]) {
      expect(await setLogo(logo), logo).toMatch(/brands_logo_url_check/);
    }
  });
});

describe("row-level security and grants", () => {
  it("let anon read brands", async () => {
    const result = await asRole(db, "anon", (tx) => tx.query("select id, name from public.brands"));
    expect(result.rows).toHaveLength(BRAND_ENTRIES.length);
  });

  it("do not let anon read contact_messages", async () => {
    await expect(asRole(db, "anon", (tx) => tx.query("select * from public.contact_messages"))).rejects.toThrow(
      /permission denied/,
    );
  });

  it("do not let anon write contact_messages", async () => {
    await expect(
      asRole(db, "anon", (tx) =>
        tx.query(
          "insert into public.contact_messages (name, email, message) values ('Anne', 'a@b.fr', 'Bonjour à vous')",
        ),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it("do not let anon insert, update or delete brands", async () => {
    await expect(
      asRole(db, "anon", (tx) => tx.query("insert into public.brands (name) values ('Pirate')")),
    ).rejects.toThrow(/permission denied/);
    await expect(asRole(db, "anon", (tx) => tx.query("update public.brands set code = 'X'"))).rejects.toThrow(
      /permission denied/,
    );
    await expect(asRole(db, "anon", (tx) => tx.query("delete from public.brands"))).rejects.toThrow(
      /permission denied/,
    );
    expect(await count("select count(*)::int as n from public.brands")).toBe(BRAND_ENTRIES.length);
  });

  it("read the site's selects as anon in one query, and leave the session as it was, even when refused", async () => {
    await db.exec("update public.brands set valid_until = '2025-06-17' where name = 'Revolut'");
    const brands = await readAsAnon<{ name: string; valid_until: string | null; updated_at: string }>(
      db,
      "select json_agg(b order by b.name) as rows from public.brands b",
    );
    await db.exec("update public.brands set valid_until = null where name = 'Revolut'");
    const inOrder = (await db.query<{ name: string }>("select name from public.brands order by name")).rows;
    expect(brands.map((brand) => brand.name)).toEqual(inOrder.map((row) => row.name));
    expect(brands).toHaveLength(BRAND_ENTRIES.length);
    // Dates and timestamps as the REST API gives them.
    const revolut = brands.find((brand) => brand.name === "Revolut");
    expect(revolut?.valid_until).toBe("2025-06-17");
    expect(revolut?.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    await expect(readAsAnon(db, "select json_agg(m) as rows from public.contact_messages m")).rejects.toThrow(
      /permission denied/,
    );
    expect((await db.query<{ role: string }>("select current_user as role")).rows[0]?.role).toBe("postgres");
    expect(await count("select count(*)::int as n from public.contact_messages")).toBe(0);
    expect(await readAsAnon(db, "select json_agg(b) as rows from public.brands b where false")).toEqual([]);
  });

  it("read selects asked for together in one query, each with its own answer, a refused one failing alone", async () => {
    const brands = "select json_agg(b order by b.name) as rows from public.brands b";
    const names = "select json_agg(b.name order by b.name) as rows from public.brands b";
    const refused = "select json_agg(m) as rows from public.contact_messages m";
    const [first, second, onlyNames, denied] = await Promise.allSettled([
      readAsAnon<{ name: string }>(db, brands),
      readAsAnon<{ name: string }>(db, brands),
      readAsAnon<string>(db, names),
      readAsAnon(db, refused),
    ]);
    const inOrder = (await db.query<{ name: string }>("select name from public.brands order by name")).rows;
    expect(first.status === "fulfilled" && first.value.map((brand) => brand.name)).toEqual(
      inOrder.map((row) => row.name),
    );
    expect(second).toEqual(first);
    expect(onlyNames.status === "fulfilled" && onlyNames.value).toEqual(inOrder.map((row) => row.name));
    expect(denied.status === "rejected" && String(denied.reason)).toMatch(/permission denied/);
    expect((await db.query<{ role: string }>("select current_user as role")).rows[0]?.role).toBe("postgres");
  });

  it("let the service role store a message", async () => {
    await asRole(db, "service_role", (tx) =>
      tx.query(
        "insert into public.contact_messages (name, email, message) values ('Anne', 'a@b.fr', 'Bonjour à vous')",
      ),
    );
    expect(await count("select count(*)::int as n from public.contact_messages")).toBe(1);
  });
});

describe("retention of messages", () => {
  it("deletes messages older than 12 months and keeps the others", async () => {
    await db.exec("delete from public.contact_messages");
    await db.exec(`insert into public.contact_messages (name, email, message, created_at) values
      ('Ancien', 'a@b.fr', 'Message de plus d''un an', now() - interval '12 months 1 day'),
      ('Récent', 'c@d.fr', 'Message de onze mois', now() - interval '11 months')`);
    expect((await deleteExpiredVisitorData(db)).messages).toBe(1);
    const names = (await db.query<{ name: string }>("select name from public.contact_messages")).rows.map(
      (r) => r.name,
    );
    expect(names).toEqual(["Récent"]);
  });

  it("runs again on a timer that does not keep the process alive, and stops with the database", async () => {
    await db.exec(`insert into public.contact_messages (name, email, message, created_at) values
      ('Périmé', 'e@f.fr', 'Message devenu trop ancien', now() - interval '13 months')`);
    const timer = scheduleMaintenance(db, dataDir, 50);
    try {
      expect(timer.hasRef()).toBe(false);
      await vi.waitFor(
        async () =>
          expect(await count("select count(*)::int as n from public.contact_messages where name = 'Périmé'")).toBe(0),
        {
          timeout: 5_000,
        },
      );
      expect(await count("select count(*)::int as n from public.contact_messages where name = 'Récent'")).toBe(1);
    } finally {
      clearInterval(timer);
    }
  });

  it(
    "is scheduled every day when the site opens its database, not only at start",
    { timeout: withDatabaseStarts(1) },
    async () => {
      const other = makeTempDir("embedded-retention");
      const setIntervalSpy = vi.spyOn(globalThis, "setInterval");
      try {
        const opened = await openEmbeddedDatabase(other.dir);
        const call = setIntervalSpy.mock.calls.findIndex(([, delay]) => delay === MAINTENANCE_INTERVAL_MS);
        expect(MAINTENANCE_INTERVAL_MS).toBe(24 * 60 * 60 * 1000);
        expect(call).toBeGreaterThanOrEqual(0);
        const timer = setIntervalSpy.mock.results[call]?.value as NodeJS.Timeout;
        expect(timer.hasRef()).toBe(false);
        // A day later, a message has passed its 12 months.
        await opened.exec(`insert into public.contact_messages (name, email, message, created_at) values
        ('Périmé', 'e@f.fr', 'Message devenu trop ancien', now() - interval '12 months 1 hour')`);
        const tick = setIntervalSpy.mock.calls[call]?.[0] as () => void;
        tick();
        await vi.waitFor(async () => {
          const left = await opened.query<{ n: number }>("select count(*)::int as n from public.contact_messages");
          expect(left.rows[0]?.n).toBe(0);
        });
        clearInterval(timer);
        await opened.close();
      } finally {
        setIntervalSpy.mockRestore();
        other.cleanup();
      }
    },
  );

  it("is not something visitors can run", async () => {
    await expect(
      asRole(db, "anon", (tx) => tx.query("select public.delete_expired_contact_messages()")),
    ).rejects.toThrow(/permission denied/);
  });
});

/**
 * A backend on a data folder of its own, and the folder, removed once `test` is done: the database is created on
 * first use when `created`, otherwise copied from the run's migrated template.
 */
async function withOwnBackend(
  name: string,
  test: (backend: SqlBackend, dir: string) => Promise<void>,
  { created = false } = {},
) {
  const other = makeTempDir(name);
  try {
    if (!created) await copyTemplateInto(other.dir);
    await test(new SqlBackend(embeddedAt(other.dir), { max: 5, windowSeconds: 600 }), other.dir);
  } finally {
    other.cleanup();
  }
}

describe("the embedded backend", () => {
  it(
    "creates its database on first use and reads the brands ordered by name, as anon",
    { timeout: withDatabaseStarts(1) },
    () =>
      withOwnBackend(
        "embedded-source",
        async (backend) => {
          const rows = await backend.listBrands();
          expect(rows).toHaveLength(BRAND_ENTRIES.length);
          const names = rows.map((r) => r.name);
          expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
          expect(rows[0]).toHaveProperty("logo_url");
          expect(typeof rows[0]?.created_at).toBe("string");
        },
        { created: true },
      ),
  );

  it(
    "gives a fingerprint of the brands that changes with any row, whatever wrote it, and only then",
    { timeout: withDatabaseStarts(1) },
    () =>
      withOwnBackend("embedded-fingerprint", async (backend, dir) => {
        const first = await backend.brandsFingerprint();
        expect(first).toMatch(/^[0-9a-f]{32}$/);
        expect(await backend.brandsFingerprint()).toBe(first);
        const database = await openEmbeddedDatabase(dir);
        // As the SQL editor would: one column of one row.
        await database.exec("update public.brands set code = 'NOUVEAUCODE' where name = 'N26'");
        const edited = await backend.brandsFingerprint();
        expect(edited).not.toBe(first);
        expect(await backend.brandsFingerprint()).toBe(edited);
        await database.exec("insert into public.brands (name) values ('Marque ajoutée')");
        const added = await backend.brandsFingerprint();
        expect(added).not.toBe(edited);
        await database.exec("delete from public.brands where name = 'Marque ajoutée'");
        expect(await backend.brandsFingerprint()).not.toBe(added);
      }),
  );

  it(
    "reads every brand past the size of one read, a read at a time, names with quotes included",
    { timeout: withDatabaseStarts(1) },
    () =>
      withOwnBackend("embedded-many-brands", async (backend, dir) => {
        await backend.listBrands();
        const added = 2 * BRANDS_PER_READ + 100;
        await (
          await openEmbeddedDatabase(dir)
        ).exec(
          `insert into public.brands (name) select 'D''Artagnan ' || lpad(n::text, 5, '0') from generate_series(1, ${added}) n`,
        );
        const names = (await backend.listBrands()).map((row) => row.name);
        expect(names).toHaveLength(BRAND_ENTRIES.length + added);
        expect(new Set(names).size).toBe(names.length);
        expect(names.filter((name) => name.startsWith("D'Artagnan "))).toHaveLength(added);
        expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }),
  );
});
