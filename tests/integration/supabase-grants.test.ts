import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, SUPABASE_DEFAULT_PRIVILEGES_SQL } from "~/services/backend/migrations.server";
import { asRole } from "~/services/backend/sql-roles.server";
import { expectRefusedToVisitors } from "../support/visitor-refusals";

/**
 * The migrations applied over a database that grants what a new hosted Supabase project grants: its roles, and
 * its default privileges in schema public (every new table, sequence and function open to anon, authenticated and
 * service_role). What the public key may do is then what it may do on a hosted project.
 */
let db: PGlite;
const VISITORS = ["anon", "authenticated"] as const;

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`
    create role anon nologin noinherit;
    create role authenticated nologin noinherit;
    create role service_role nologin noinherit bypassrls;
    grant usage on schema public to postgres, anon, authenticated, service_role;
  `);
  await db.exec(SUPABASE_DEFAULT_PRIVILEGES_SQL);
  // The defaults are in force: a table and a sequence created now are open to anon.
  await db.exec("create table public.probe (id bigint generated always as identity)");
  const probe = await db.query<{ table: boolean; sequence: boolean }>(
    `select has_table_privilege('anon', 'public.probe', 'insert') as table,
            has_sequence_privilege('anon', 'public.probe_id_seq', 'update') as sequence`,
  );
  expect(probe.rows[0]).toEqual({ table: true, sequence: true });
  await db.exec("drop table public.probe");
  await migrate(db);
});
afterAll(async () => {
  await db.close();
});

async function privileges(kind: "table" | "sequence" | "function") {
  const sql = {
    table: `select c.oid::regclass::text as name, p.privilege, has_table_privilege(r.role, c.oid, p.privilege) as granted, r.role
              from pg_class c, unnest(array['select','insert','update','delete','truncate','references','trigger']) as p(privilege),
                   unnest($1::text[]) as r(role)
             where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')`,
    sequence: `select c.oid::regclass::text as name, p.privilege, has_sequence_privilege(r.role, c.oid, p.privilege) as granted, r.role
                 from pg_class c, unnest(array['usage','select','update']) as p(privilege), unnest($1::text[]) as r(role)
                where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'`,
    function: `select f.oid::regprocedure::text as name, 'execute' as privilege,
                      has_function_privilege(r.role, f.oid, 'execute') as granted, r.role
                 from pg_proc f, unnest($1::text[]) as r(role)
                where f.pronamespace = 'public'::regnamespace`,
  }[kind];
  const { rows } = await db.query<{ name: string; privilege: string; granted: boolean; role: string }>(sql, [
    [...VISITORS],
  ]);
  return rows.filter((row) => row.granted).map((row) => `${row.role} ${row.privilege} ${row.name}`);
}

describe("grants of the public key with hosted Supabase's default privileges", () => {
  it("let visitors read brands, published testimonials, guides and edited texts, nothing else in schema public", async () => {
    expect((await privileges("table")).sort()).toEqual([
      "anon select brands",
      "anon select edited_site_texts",
      "anon select published_guide_moves",
      "anon select published_guides",
      "anon select published_testimonials",
      "authenticated select brands",
      "authenticated select edited_site_texts",
      "authenticated select published_guide_moves",
      "authenticated select published_guides",
      "authenticated select published_testimonials",
    ]);
    const brands = await asRole(db, "anon", (tx) => tx.query("select name from public.brands limit 1"));
    expect(brands.rows).toHaveLength(1);
  });

  it("give visitors no sequence: contact_messages_id_seq and code_feedback_id_seq can be neither read, advanced nor set", async () => {
    expect(await privileges("sequence")).toEqual([]);
    for (const sequence of ["public.contact_messages_id_seq", "public.code_feedback_id_seq"]) {
      await expectRefusedToVisitors(db, [
        `select nextval('${sequence}')`,
        `select setval('${sequence}', 9223372036854775807)`,
        `select last_value from ${sequence}`,
        `select currval('${sequence}')`,
      ]);
    }
  });

  for (const [table, insert, update] of <[string, string, string][]>[
    [
      "contact_messages",
      "insert into public.contact_messages (name, email, message) values ('Anne', 'a@b.fr', 'Bonjour à vous')",
      "update public.contact_messages set name = 'X'",
    ],
    [
      "message_outbox",
      "insert into public.message_outbox (message_id) values (1)",
      "update public.message_outbox set state = 'sent'",
    ],
    [
      "testimonials",
      `insert into public.testimonials (offer_slug, author_name, body, experienced_in, erase_token_hash, client_key, network_key)
       values ('binance', 'Anne', 'Un témoignage assez long pour passer.', '2026-10-01', '${"d".repeat(64)}', 'c', 'n')`,
      "update public.testimonials set status = 'published', published_at = now()",
    ],
    [
      "testimonial_reports",
      "insert into public.testimonial_reports (testimonial_id, reason, client_key, network_key) values (1, 'other', 'c', 'n')",
      "update public.testimonial_reports set reason = 'insult'",
    ],
    [
      "author_mails",
      "insert into public.author_mails (recipient, subject, body) values ('a@b.fr', 'S', 'B')",
      "update public.author_mails set recipient = 'x@y.fr'",
    ],
    [
      "guides",
      "insert into public.guides (slug, title, summary, body, status) values ('g', 'G', '', '', 'published')",
      "update public.guides set status = 'published'",
    ],
    [
      "guide_versions",
      "insert into public.guide_versions (guide_id, version, slug, title, summary, body, status) values (1, 1, 'g', 'G', '', '', 'draft')",
      "update public.guide_versions set body = 'x'",
    ],
    [
      "guide_moves",
      "insert into public.guide_moves (old_slug, guide_id) values ('ancien', 1)",
      "update public.guide_moves set old_slug = 'x'",
    ],
    [
      "site_texts",
      "insert into public.site_texts (key, value) values ('accueil-faq', '{}')",
      "update public.site_texts set value = null",
    ],
    [
      "site_text_versions",
      "insert into public.site_text_versions (key, version, value) values ('accueil-faq', 1, null)",
      "update public.site_text_versions set value = null",
    ],
  ]) {
    it(`keep ${table} closed to visitors`, async () => {
      await expectRefusedToVisitors(db, [
        `select * from public.${table}`,
        insert,
        update,
        `delete from public.${table}`,
        `truncate public.${table}`,
      ]);
    });
  }

  it("keep code_feedback and code_feedback_attempts closed to visitors", async () => {
    const key = "a".repeat(64);
    await expectRefusedToVisitors(db, [
      "select * from public.code_feedback",
      `insert into public.code_feedback (offer_slug, worked, visitor_key) values ('offre', true, '${key}')`,
      "update public.code_feedback set worked = false",
      "delete from public.code_feedback",
      "truncate public.code_feedback",
      "select * from public.code_feedback_attempts",
      `insert into public.code_feedback_attempts (visitor_key) values ('${key}')`,
      "update public.code_feedback_attempts set attempted_at = now()",
      "delete from public.code_feedback_attempts",
      "truncate public.code_feedback_attempts",
      "select * from public.code_feedback_networks",
      "update public.code_feedback_networks set no_votes = 100",
      "truncate public.code_feedback_networks",
    ]);
  });

  it("let visitors run only code_feedback_summary: messages and votes are stored only with the service role", async () => {
    expect(await privileges("function")).toEqual([
      "anon execute code_feedback_summary()",
      "authenticated execute code_feedback_summary()",
    ]);
    const submit =
      "select public.submit_contact_message('Anne', 'a@b.fr', 'question', 'Bonjour à vous', null, null, 'cle', 'reseau', 5, interval '10 minutes') as result";
    await expectRefusedToVisitors(db, [submit, "select public.delete_expired_contact_messages()"]);
    const stored = await asRole(db, "service_role", (tx) => tx.query<{ result: string }>(submit));
    expect(stored.rows[0]?.result).toBe("stored");

    const record = `select public.record_code_feedback('offre', false, 'autre', '${"b".repeat(64)}', '${"c".repeat(64)}', 30) as result`;
    await expectRefusedToVisitors(db, [record, "select public.delete_expired_code_feedback()"]);
    const recorded = await asRole(db, "service_role", (tx) => tx.query<{ result: string }>(record));
    expect(recorded.rows[0]?.result).toBe("stored");
    const summary = await asRole(db, "anon", (tx) => tx.query("select * from public.code_feedback_summary()"));
    expect(summary.rows).toEqual([
      {
        offer_slug: "offre",
        yes_votes: 0,
        no_votes: 1,
        last_vote_on: expect.any(Date),
        top_reason: "autre",
        weighted_yes: 0,
        weighted_no: 1,
        networks: 1,
      },
    ]);
    // The window is fixed: visitors can no longer pass one starting at the latest vote.
    await expect(
      asRole(db, "anon", (tx) =>
        tx.query("select * from public.code_feedback_summary(p_since => now() - interval '1 second')"),
      ),
    ).rejects.toThrow(/does not exist/);
  });

  it("show visitors published testimonials only, without e-mail or keys; they store nothing themselves", async () => {
    const submit = (hash: string, email: string) =>
      `select public.submit_testimonial('binance', 'Anne', 'Un témoignage assez long pour passer.', '2026-10-01',
         '${email}', '${hash.repeat(64)}', 'visiteur', 'reseau', 2, 5, null, null, null, null, null, 1) as result`;
    await expectRefusedToVisitors(db, [
      submit("e", "anne@exemple.fr"),
      "select public.moderate_testimonial(1, 'publish', null, null, null)",
      `select public.erase_testimonial_by_token('${"e".repeat(64)}')`,
      "select public.report_testimonial(1, 'other', null, 'c', 'n', 10, 10)",
      "select * from public.owner_testimonials_page(0, 10)",
      "select public.delete_expired_testimonials()",
    ]);
    for (const [hash, email] of [
      ["e", "pending@exemple.fr"],
      ["f", "published@exemple.fr"],
    ] as const) {
      const stored = await asRole(db, "service_role", (tx) => tx.query<{ result: string }>(submit(hash, email)));
      expect(stored.rows[0]?.result).toBe("stored");
    }
    await asRole(db, "service_role", (tx) =>
      tx.query(
        `select public.moderate_testimonial(id, 'publish', null, null, null) from public.testimonials
          where erase_token_hash = '${"f".repeat(64)}'`,
      ),
    );
    const seen = await asRole(db, "anon", (tx) =>
      tx.query<Record<string, unknown>>("select * from public.published_testimonials"),
    );
    expect(seen.rows).toHaveLength(1);
    expect(Object.keys(seen.rows[0] ?? {}).sort()).toEqual(
      ["author_name", "body", "experienced_in", "featured", "id", "offer_slug", "published_at"].sort(),
    );
    expect(JSON.stringify(seen.rows)).not.toContain("@exemple.fr");
  });

  it("leave what a later migration creates closed to visitors until it grants it", async () => {
    await db.exec(`
      create table public.later (id bigint generated always as identity, note text);
      create function public.later_count() returns bigint language sql as 'select count(*) from public.later';
    `);
    try {
      const { rows } = await db.query<Record<string, boolean>>(
        `select has_table_privilege('anon', 'public.later', 'select') as table_select,
                has_table_privilege('authenticated', 'public.later', 'insert') as table_insert,
                has_sequence_privilege('anon', 'public.later_id_seq', 'usage') as sequence_usage,
                has_function_privilege('anon', 'public.later_count()', 'execute') as function_execute`,
      );
      expect(rows[0]).toEqual({
        table_select: false,
        table_insert: false,
        sequence_usage: false,
        function_execute: false,
      });
    } finally {
      await db.exec("drop function public.later_count(); drop table public.later;");
    }
  });
});
