import { describe, expect, it } from "vitest";
import { asRole } from "~/services/backend/sql-roles.server";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import { migratedDatabase } from "../support/migrated-database";
import { ANON_KEY, supabaseStandIn } from "../support/supabase-stand-in";

import { until } from "../support/wait";
import type { SiteChange } from "~/services/backend/types.server";

/**
 * How instances on hosted Supabase learn of each other's changes, at the HTTP boundary: each asks
 * public.site_changes_after every second with the service role's key, and the same function of the migrated
 * database answers what its triggers noted.
 */
const SERVICE_ROLE_KEY = "service-role-key";
const standIn = supabaseStandIn();
const database = migratedDatabase();

const backend = (serviceRoleKey?: string) =>
  new SupabaseBackend({ url: standIn.url, anonKey: ANON_KEY, defaultRetryAfterSeconds: 600, serviceRoleKey });

/** Waits until `done` holds, checked every 50 ms. */
const received = (done: () => boolean) => until(done, Boolean, { intervalMs: 50, what: "rien reçu à temps" });

describe("changes announced to instances on hosted Supabase", () => {
  it("are asked for every second through site_changes_after, from the last one on, and handed on", async () => {
    standIn.respond(200, [{ id: 41, event: null, offer_slug: null }]);
    const changes: SiteChange[] = [];
    let missed = 0;
    const watch = backend(SERVICE_ROLE_KEY).watchChanges;
    if (!watch) throw new Error("no watch with the service role's key");
    const stop = watch({ changed: (change) => changes.push(change), missed: () => (missed += 1) });
    try {
      await received(() => standIn.received.length >= 1);
      const first = standIn.received[0]!;
      expect(first.request.url).toBe("/rest/v1/rpc/site_changes_after");
      expect(first.request.headers.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);
      expect(JSON.parse(first.body)).toEqual({ p_after: null });

      standIn.respond(200, [
        { id: 42, event: "vote-stored", offer_slug: "wise" },
        { id: 43, event: "brands-changed", offer_slug: null },
        { id: 44, event: "inconnu", offer_slug: null },
      ]);
      await received(() => changes.length >= 2);
      expect(changes.slice(0, 2)).toEqual([{ event: "vote-stored", offerSlug: "wise" }, { event: "brands-changed" }]);
      standIn.respond(200, []);
      const asked = standIn.received.length;
      await received(() => standIn.received.length > asked + 1);
      expect(JSON.parse(standIn.received.at(-1)!.body)).toEqual({ p_after: 44 });

      // A failed ask, then one that works: what came meanwhile may be lost, so everything kept is dropped.
      standIn.respond(503, { message: "indisponible" });
      await received(() => standIn.received.length > asked + 3);
      standIn.respond(200, []);
      await received(() => missed === 1);
    } finally {
      stop();
    }
  });

  it("are not asked for without the service role's key", () => {
    expect(backend().watchChanges).toBeUndefined();
  });

  it("are noted by the database's triggers: a vote, an owner's edit, a moderation decision and an erasure, for the service role only", async () => {
    const db = database();
    const after = async (id: number | null) =>
      (
        await asRole(db, "service_role", (tx) =>
          tx.query<{ id: number; event: string | null; offer_slug: string | null }>(
            "select id::int, event, offer_slug from public.site_changes_after($1)",
            [id],
          ),
        )
      ).rows;
    const last = (await after(null))[0]?.id ?? 0;
    await asRole(db, "service_role", async (tx) => {
      await tx.query("select public.record_code_feedback('wise', true, null, repeat('a', 64), repeat('b', 64), 30)");
      await tx.query("update public.brands set offer_description = 'Revue.' where slug = 'bolt'");
    });
    expect((await after(last)).map(({ event, offer_slug }) => ({ event, offer_slug }))).toEqual([
      { event: "vote-stored", offer_slug: "wise" },
      { event: "brands-changed", offer_slug: null },
    ]);
    // A pending testimonial shows nowhere; its publication and its erasure do.
    const since = (await after(null))[0]?.id ?? 0;
    const { rows } = await db.query<{ id: number }>(
      `insert into public.testimonials (offer_slug, author_name, body, experienced_in, erase_token_hash, client_key,
                                        network_key)
       values ('bolt', 'Anne', 'Un témoignage assez long pour être pris.', '2026-10-01', repeat('c', 64), 'cle', 'reseau')
       returning id`,
    );
    await db.query("update public.testimonials set status = 'published', published_at = now() where id = $1", [
      rows[0]!.id,
    ]);
    await db.query("delete from public.testimonials where id = $1", [rows[0]!.id]);
    expect((await after(since)).map(({ event, offer_slug }) => ({ event, offer_slug }))).toEqual([
      { event: "testimonials-changed", offer_slug: "bolt" },
      { event: "testimonials-changed", offer_slug: "bolt" },
    ]);
    expect(await after(Number.MAX_SAFE_INTEGER)).toEqual([]);
    await expect(asRole(db, "anon", (tx) => tx.query("select * from public.site_changes_after(null)"))).rejects.toThrow(
      /permission denied/,
    );
  });
});
