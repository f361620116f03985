import { describe, expect, it } from "vitest";
import { BackendError } from "~/services/backend/errors.server";
import { asRole } from "~/services/backend/sql-roles.server";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import { migratedDatabase } from "../support/migrated-database";
import { ANON_KEY, rejection, supabaseStandIn } from "../support/supabase-stand-in";
import type { AudienceEvent } from "~/services/backend/types.server";

/**
 * The audience counts on hosted Supabase at the HTTP boundary: PostgREST calls of the migration's functions with
 * the service role's key, and what the site sends run through those very functions of the migrated database.
 */
const SERVICE_ROLE_KEY = "service-role-key";
const standIn = supabaseStandIn();
const database = migratedDatabase();

const site = ({ serviceRoleKey }: { serviceRoleKey?: string } = { serviceRoleKey: SERVICE_ROLE_KEY }) =>
  new SupabaseBackend({ url: standIn.url, anonKey: ANON_KEY, defaultRetryAfterSeconds: 600, serviceRoleKey });

const key = (name: string) => name.padEnd(43, "x");
const batch: AudienceEvent[] = [
  { day: "2026-11-25", offerSlug: "binance", kind: "views", key: key("vue-binance-reseau-a") },
  { day: "2026-11-25", offerSlug: "binance", kind: "views", key: key("vue-binance-reseau-b") },
  { day: "2026-11-25", offerSlug: "binance", kind: "copies", key: key("copie-binance-reseau-a") },
  { day: "2026-11-25", offerSlug: "fortuneo", kind: "follows", key: key("suivi-fortuneo-reseau-a") },
  // Seen before midnight, sent after: its day's salt is gone, so it is counted as it is.
  { day: "2026-11-24", offerSlug: "fortuneo", kind: "views", key: null },
];

/** The request of the test, checked to be a call of `fn` with the service role's key; its body. */
function serviceRoleCall(fn: string): unknown {
  const { request, body } = standIn.only();
  expect(request.method).toBe("POST");
  expect(request.url).toBe(`/rest/v1/rpc/${fn}`);
  expect(request.headers.apikey).toBe(SERVICE_ROLE_KEY);
  expect(request.headers.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);
  return body;
}

describe("the audience counts with hosted Supabase", () => {
  it("gets the day's salt through audience_salt, the same for every instance, drawn once a day", async () => {
    standIn.respond(200, { day: "2026-11-25", salt: "s".repeat(64) });
    expect(await site().audienceSalt()).toEqual({ day: "2026-11-25", salt: "s".repeat(64) });
    expect(serviceRoleCall("audience_salt")).toEqual({});

    const salt = () =>
      asRole(database(), "service_role", (tx) =>
        tx.query<{ day: string; salt: string }>("select * from public.audience_salt()"),
      );
    const [first, second] = [(await salt()).rows[0], (await salt()).rows[0]];
    expect(first?.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toEqual(first);
  });

  it("adds a batch through add_audience_events: the same keys sent by two instances count once", async () => {
    standIn.respond(200, 2);
    expect(await site().addAudienceEvents(batch)).toBe(true);
    const body = serviceRoleCall("add_audience_events") as { p_events: unknown };
    expect(body).toEqual({ p_events: batch });

    // What PostgREST would hand the function, sent twice as two instances of the site would.
    const add = () =>
      asRole(database(), "service_role", (tx) =>
        tx.query("select public.add_audience_events($1::jsonb)", [JSON.stringify(body.p_events)]),
      );
    await add();
    await add();
    const totals = await database().query(
      "select day::text, offer_slug, views, copies, follows from public.offer_daily_counts order by day, offer_slug",
    );
    expect(totals.rows).toEqual([
      { day: "2026-11-24", offer_slug: "fortuneo", views: 2, copies: 0, follows: 0 },
      { day: "2026-11-25", offer_slug: "binance", views: 2, copies: 1, follows: 0 },
      { day: "2026-11-25", offer_slug: "fortuneo", views: 0, copies: 0, follows: 1 },
    ]);
  });

  it("writes nothing without the service role's key, and says so", async () => {
    expect(await site({}).audienceSalt()).toBeNull();
    expect(await site({}).addAudienceEvents(batch)).toBe(false);
    expect(await site({}).listFollowsSince("2026-10-27")).toEqual([]);
    expect(standIn.received).toEqual([]);
  });

  it("turns a refused write into a backend error, so that the batch is kept for the next one", async () => {
    standIn.respond(500, { code: "XX000", message: "boom" });
    expect(await rejection(site().addAudienceEvents(batch))).toBeInstanceOf(BackendError);
  });

  it("reads each offer's follows through offer_follows_since, as numbers", async () => {
    // Postgres' bigint sums come through PostgREST as JSON numbers, or as strings past 2^53.
    standIn.respond(200, [
      { offer_slug: "binance", follows: 40 },
      { offer_slug: "fortuneo", follows: "12" },
    ]);
    expect(await site().listFollowsSince("2026-10-27")).toEqual([
      { offerSlug: "binance", follows: 40 },
      { offerSlug: "fortuneo", follows: 12 },
    ]);
    expect(serviceRoleCall("offer_follows_since")).toEqual({ p_since: "2026-10-27" });

    const rows = await asRole(database(), "service_role", (tx) =>
      tx.query("select offer_slug, follows::text from public.offer_follows_since($1::date) order by offer_slug", [
        "2026-11-01",
      ]),
    );
    expect(rows.rows).toEqual([
      { offer_slug: "binance", follows: "0" },
      { offer_slug: "fortuneo", follows: "1" },
    ]);
  });

  it("gives the owner the daily totals through offer_counts_since", async () => {
    const owned = site().owner();
    if (!owned.ok) throw new Error(owned.missing);
    standIn.respond(200, [{ day: "2026-11-25", offer_slug: "binance", views: 24, copies: 6, follows: 4 }]);
    expect(await owned.store.offerCountsSince("2026-10-27")).toEqual([
      { day: "2026-11-25", offerSlug: "binance", views: 24, copies: 6, follows: 4 },
    ]);
    expect(serviceRoleCall("offer_counts_since")).toEqual({ p_since: "2026-10-27" });

    const rows = await asRole(database(), "service_role", (tx) =>
      tx.query("select day::text, offer_slug, views from public.offer_counts_since($1::date)", ["2026-11-26"]),
    );
    expect(rows.rows).toEqual([]);
  });
});
