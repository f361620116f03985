import { describe, expect, it } from "vitest";
import { asRole } from "~/services/backend/embedded-db.server";
import { BackendError } from "~/services/backend/errors.server";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import { migratedDatabase } from "../support/migrated-database";
import { ANON_KEY, rejection, supabaseStandIn } from "../support/supabase-stand-in";
import type { OfferDayCount } from "~/services/backend/types.server";

/**
 * The audience counts on hosted Supabase at the HTTP boundary: PostgREST calls of the migration's functions with
 * the service role's key, and what the site sends run through those very functions of the migrated database.
 */
const SERVICE_ROLE_KEY = "service-role-key";
const standIn = supabaseStandIn();
const database = migratedDatabase();

const site = ({ serviceRoleKey }: { serviceRoleKey?: string } = { serviceRoleKey: SERVICE_ROLE_KEY }) =>
  new SupabaseBackend({ url: standIn.url, anonKey: ANON_KEY, defaultRetryAfterSeconds: 600, serviceRoleKey });

const batch: OfferDayCount[] = [
  { day: "2026-11-25", offerSlug: "binance", views: 12, copies: 3, follows: 2 },
  { day: "2026-11-25", offerSlug: "fortuneo", views: 4, copies: 0, follows: 1 },
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
  it("adds a batch through add_offer_counts, and two instances' batches add up in the database", async () => {
    standIn.respond(200, 2);
    expect(await site().addOfferCounts(batch)).toBe(true);
    const body = serviceRoleCall("add_offer_counts") as { p_rows: unknown };
    expect(body).toEqual({ p_rows: batch });

    // What PostgREST would hand the function, sent twice as two instances of the site would.
    const add = () =>
      asRole(database(), "service_role", (tx) =>
        tx.query("select public.add_offer_counts($1::jsonb)", [JSON.stringify(body.p_rows)]),
      );
    await add();
    await add();
    const totals = await database().query(
      "select offer_slug, views, copies, follows from public.offer_daily_counts order by offer_slug",
    );
    expect(totals.rows).toEqual([
      { offer_slug: "binance", views: 24, copies: 6, follows: 4 },
      { offer_slug: "fortuneo", views: 8, copies: 0, follows: 2 },
    ]);
  });

  it("writes nothing without the service role's key, and says so", async () => {
    expect(await site({}).addOfferCounts(batch)).toBe(false);
    expect(await site({}).listFollowsSince("2026-10-27")).toEqual([]);
    expect(standIn.received).toEqual([]);
  });

  it("turns a refused write into a backend error, so that the batch is kept for the next one", async () => {
    standIn.respond(500, { code: "XX000", message: "boom" });
    expect(await rejection(site().addOfferCounts(batch))).toBeInstanceOf(BackendError);
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
      { offer_slug: "binance", follows: "4" },
      { offer_slug: "fortuneo", follows: "2" },
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
