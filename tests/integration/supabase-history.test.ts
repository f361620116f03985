import { describe, expect, it } from "vitest";
import { BackendError } from "~/services/backend/errors.server";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import { BRANDS_PER_READ } from "~/services/backend/types.server";
import {
  ANON_KEY,
  expectServiceRole,
  rejection,
  serviceRoleBackendAt,
  supabaseStandIn,
} from "../support/supabase-stand-in";
import type { OfferSnapshot } from "~/catalogue/history";
import type { OfferHistoryStore } from "~/services/backend/types.server";

/**
 * The offers' history on hosted Supabase: PostgREST calls made with the service role's key, against the stand-in,
 * calling the same functions as the SQL backends (record_offer_changes, offer_news_since).
 */
const standIn = supabaseStandIn();

function history(): OfferHistoryStore {
  const store = serviceRoleBackendAt(standIn.url).history();
  if (!store) throw new Error("no history store");
  return store;
}

const SNAPSHOT: OfferSnapshot = {
  amount: 15,
  unit: "EUR",
  upTo: false,
  kind: "argent",
  conditions: ["Un premier paiement par carte"],
  code: "N26CODE",
  link: "https://n26.com/r/code",
};

describe("the offers' history with hosted Supabase", () => {
  it("is not kept without the service role's key: the pages show no history and no news", () => {
    const backend = new SupabaseBackend({ url: "http://127.0.0.1:9", anonKey: ANON_KEY, defaultRetryAfterSeconds: 1 });
    expect(backend.history()).toBeNull();
  });

  it("reads the snapshots a page at a time", async () => {
    standIn.respond(200, [{ offer_slug: "n26", terms: SNAPSHOT }]);
    expect(await history().snapshots()).toEqual(new Map([["n26", SNAPSHOT]]));
    expect(standIn.received).toHaveLength(1);
    const { request } = standIn.received[0]!;
    expect(request.method).toBe("GET");
    expect(request.url).toBe(
      `/rest/v1/offer_snapshots?select=offer_slug%2Cterms&order=offer_slug.asc&offset=0&limit=${BRANDS_PER_READ}`,
    );
    expectServiceRole(standIn.received);
  });

  it("records the changes through record_offer_changes, and reads back how many it recorded", async () => {
    const changes = [
      {
        slug: "n26",
        change: "improved" as const,
        before: SNAPSHOT,
        after: { ...SNAPSHOT, amount: 20 },
        categories: ["finance"],
      },
    ];
    standIn.respond(200, 1);
    expect(await history().record(changes)).toBe(1);
    const { request, body } = standIn.only();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/rest/v1/rpc/record_offer_changes");
    expect(body).toEqual({ p_changes: changes });
    expectServiceRole(standIn.received);
  });

  it("reads an offer's last changes, newest first", async () => {
    standIn.respond(200, [
      { recorded_at: "2026-11-26T10:00:00.123+00:00", change: "improved", before: SNAPSHOT, after: SNAPSHOT },
    ]);
    expect(await history().entries("n26", 10)).toEqual([
      { recordedAt: "2026-11-26T10:00:00.123+00:00", change: "improved", before: SNAPSHOT, after: SNAPSHOT },
    ]);
    expect(standIn.received).toHaveLength(1);
    const { request } = standIn.received[0]!;
    expect(request.url).toBe(
      "/rest/v1/offer_history?select=recorded_at%2Cchange%2Cbefore%2Cafter&offer_slug=eq.n26" +
        "&order=recorded_at.desc%2Cid.desc&limit=10",
    );
    expectServiceRole(standIn.received);
  });

  it("reads a feed's entries through offer_news_entries, for a category's offers or all", async () => {
    standIn.respond(200, [
      {
        id: 12,
        offer_slug: "n26",
        recorded_at: "2026-11-26T10:00:00.123+00:00",
        change: "improved",
        before: SNAPSHOT,
        after: { ...SNAPSHOT, amount: 20 },
      },
    ]);
    expect(await history().newsEntries(["n26", "wise"], 100)).toEqual([
      {
        id: 12,
        slug: "n26",
        recordedAt: "2026-11-26T10:00:00.123+00:00",
        change: "improved",
        before: SNAPSHOT,
        after: { ...SNAPSHOT, amount: 20 },
      },
    ]);
    const { request, body } = standIn.only();
    expect(request.url).toBe("/rest/v1/rpc/offer_news_entries");
    expect(body).toEqual({ p_slugs: ["n26", "wise"], p_limit: 100 });
    standIn.received.length = 0;
    await history().newsEntries(null, 100);
    expect(standIn.only().body).toEqual({ p_slugs: null, p_limit: 100 });
    expectServiceRole(standIn.received);
  });

  it("reads the news through offer_news_since, and rejects with the API's error", async () => {
    standIn.respond(200, [{ offer_slug: "n26", day: "2026-11-20" }]);
    expect(await history().newsSince("2026-10-27")).toEqual([{ offerSlug: "n26", day: "2026-11-20" }]);
    const { request, body } = standIn.only();
    expect(request.url).toBe("/rest/v1/rpc/offer_news_since");
    expect(body).toEqual({ p_since: "2026-10-27" });

    standIn.respond(500, { code: "XX000", details: null, hint: null, message: "boom" });
    const failure = await rejection(history().newsSince("2026-10-27"));
    expect(failure).toBeInstanceOf(BackendError);
    expect(failure).toMatchObject({ message: "boom" });
  });
});
