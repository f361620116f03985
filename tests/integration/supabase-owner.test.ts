import { describe, expect, it } from "vitest";
import { BackendError } from "~/services/backend/errors.server";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import {
  ANON_KEY,
  expectServiceRole,
  rejection,
  serviceRoleBackendAt,
  supabaseStandIn,
  type Received,
} from "../support/supabase-stand-in";
import type { OwnerStore } from "~/services/backend/types.server";

/** The back office on hosted Supabase: PostgREST calls made with the service role's key, against the stand-in. */
const standIn = supabaseStandIn();

function owner(): OwnerStore {
  const store = serviceRoleBackendAt(standIn.url).owner();
  if (!store.ok) throw new Error(store.missing);
  return store.store;
}

describe("the back office with hosted Supabase", () => {
  it("is not offered without the service role's key, which it names", () => {
    const backend = new SupabaseBackend({ url: "http://127.0.0.1:9", anonKey: ANON_KEY, defaultRetryAfterSeconds: 1 });
    expect(backend.owner()).toEqual({ ok: false, missing: "SUPABASE_SERVICE_ROLE_KEY" });
  });

  it("lists a page of the messages through owner_messages_page, with the search, without a delivery state", async () => {
    standIn.respond(200, [
      {
        id: 7,
        name: "Anne",
        email: "anne@exemple.fr",
        subject: "question",
        brand_name: null,
        message: "Bonjour à vous tous.",
        created_at: "2026-11-24T10:00:00+00:00",
        handled_at: null,
        total: 51,
      },
    ]);
    expect(await owner().listMessages({ query: "bonjour", offset: 50, limit: 50 })).toEqual({
      total: 51,
      messages: [
        {
          id: 7,
          name: "Anne",
          email: "anne@exemple.fr",
          subject: "question",
          brandName: null,
          message: "Bonjour à vous tous.",
          createdAt: "2026-11-24T10:00:00+00:00",
          handledAt: null,
          delivery: null,
        },
      ],
    });
    const { request, body } = standIn.only();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/rest/v1/rpc/owner_messages_page");
    expect(body).toEqual({ p_query: "bonjour", p_offset: 50, p_limit: 50 });
    expectServiceRole(standIn.received);

    standIn.respond(200, []);
    expect(await owner().listMessages({ query: "", offset: 0, limit: 50 })).toEqual({ messages: [], total: 0 });
  });

  it("keeps the sign-in counters and the session generation in Postgres, through the service role", async () => {
    const visitor = { deviceKey: "d".repeat(64), networkKey: "e".repeat(64) };
    const rpc = { p_device_key: visitor.deviceKey, p_network_key: visitor.networkKey };
    standIn.respond(200, 0);
    expect(await owner().signInLock(visitor)).toBe(0);
    expect(standIn.only()).toMatchObject({ body: rpc });
    expect(standIn.only().request.url).toBe("/rest/v1/rpc/owner_sign_in_lock");
    standIn.received.length = 0;
    standIn.respond(200, 900);
    expect(await owner().signInAttempt({ ...visitor, deviceKey: null })).toBe(900);
    expect(standIn.only().request.url).toBe("/rest/v1/rpc/owner_sign_in_attempt");
    expect(standIn.only().body).toEqual({ ...rpc, p_device_key: null });
    standIn.received.length = 0;
    standIn.respond(200, [{ generation: "g-1" }]);
    expect(await owner().sessionGeneration()).toBe("g-1");
    expect(standIn.received.map(({ request }) => `${request.method} ${request.url}`)).toEqual([
      "GET /rest/v1/owner_state?select=generation&limit=1",
    ]);
    expectServiceRole(standIn.received);
  });

  it("marks a message handled and erases one, each by its id, saying when it no longer exists", async () => {
    standIn.respond(200, [{ id: 7 }]);
    expect(await owner().setHandled(7, true)).toBe(true);
    const handled = standIn.only();
    expect(handled.request.method).toBe("PATCH");
    expect(handled.request.url).toBe("/rest/v1/contact_messages?id=eq.7&select=id");
    expect(typeof (handled.body as { handled_at: unknown }).handled_at).toBe("string");

    standIn.received.length = 0;
    standIn.respond(200, []);
    expect(await owner().deleteMessage(8)).toBe(false);
    expect(standIn.received).toHaveLength(1);
    const erased = standIn.received[0]!;
    expect(erased.request.method).toBe("DELETE");
    expect(erased.request.url).toBe("/rest/v1/contact_messages?id=eq.8&select=id");
    expectServiceRole(standIn.received);
  });

  it("writes a bundled brand's row by its name, and a new brand, telling a name already taken", async () => {
    standIn.respond(201, null);
    await owner().upsertBrand({ name: "Wise", slug: "wise", code: "NEUF" });
    const upsert = standIn.only();
    expect(upsert.request.method).toBe("POST");
    expect(upsert.request.url).toBe("/rest/v1/brands?on_conflict=name");
    expect(upsert.request.headers.prefer).toContain("resolution=merge-duplicates");
    expect(upsert.body).toEqual({ name: "Wise", slug: "wise", code: "NEUF" });

    standIn.received.length = 0;
    standIn.respond(409, {
      code: "23505",
      details: "Key (name)=(Wise) already exists.",
      hint: null,
      message: 'duplicate key value violates unique constraint "brands_name_key"',
    });
    expect(await owner().createBrand({ name: "Wise", slug: "wise" })).toBe("exists");
    expectServiceRole(standIn.received);
  });

  it("writes an import through import_offers in one call, telling a row gone or changed, or a name taken", async () => {
    const rows = [
      { id: "12", columns: { code: "NEUF", conditions: ["Ouvrir un compte"] } },
      { id: null, columns: { name: "Wise", slug: "wise", category: "finance" as const } },
    ];
    standIn.respond(200, 2);
    expect(await owner().importOffers(rows)).toEqual({ ok: true, written: 2 });
    const call = standIn.only();
    expect(call.request.method).toBe("POST");
    expect(call.request.url).toBe("/rest/v1/rpc/import_offers");
    expect(call.body).toEqual({ p_rows: rows });

    standIn.respond(409, {
      code: "23505",
      details: "Key (name)=(Wise) already exists.",
      hint: null,
      message: 'duplicate key value violates unique constraint "brands_name_key"',
    });
    expect(await owner().importOffers(rows)).toEqual({ ok: false, reason: "taken" });
    standIn.respond(400, {
      code: "P0002",
      details: null,
      hint: null,
      message: "import_offers: the row 12 no longer exists",
    });
    expect(await owner().importOffers(rows)).toEqual({ ok: false, reason: "gone" });
    standIn.respond(400, {
      code: "40001",
      details: null,
      hint: null,
      message: "import_offers: the row 12 changed since its export",
    });
    expect(await owner().importOffers(rows)).toEqual({ ok: false, reason: "changed" });
    standIn.respond(400, { code: "22023", details: null, hint: null, message: "import_offers: a row names no column" });
    const refused = await rejection(owner().importOffers(rows));
    expect(refused).toBeInstanceOf(BackendError);
    expect(refused).toMatchObject({ code: "22023" });
    expectServiceRole(standIn.received);
  });

  it("remembers a signed-out session by its hash until it would have ended, forgetting those past theirs", async () => {
    const hash = "a".repeat(64);
    standIn.respond(201, null);
    await owner().recordSignOut(hash, new Date("2026-11-25T20:00:00.000Z"));
    expect(standIn.received.map(({ request }) => request.method)).toEqual(["DELETE", "POST"]);
    const [expired, recorded] = standIn.received as [Received, Received];
    expect(expired.request.url).toMatch(/^\/rest\/v1\/owner_signed_out_sessions\?expires_at=lte\.\d{4}-\d\d-\d\dT/);
    expect(recorded.request.url).toBe("/rest/v1/owner_signed_out_sessions");
    expect(JSON.parse(recorded.body)).toEqual({ session_hash: hash, expires_at: "2026-11-25T20:00:00.000Z" });
    expectServiceRole(standIn.received);

    standIn.received.length = 0;
    standIn.respond(200, [{ session_hash: hash }]);
    expect(await owner().isSignedOut(hash)).toBe(true);
    expect(standIn.received.map(({ request }) => `${request.method} ${request.url}`)).toEqual([
      `GET /rest/v1/owner_signed_out_sessions?select=session_hash&session_hash=eq.${hash}`,
    ]);
    standIn.respond(200, []);
    expect(await owner().isSignedOut("b".repeat(64))).toBe(false);
    expectServiceRole(standIn.received);
  });

  it("rejects with the API's error otherwise", async () => {
    standIn.respond(403, { code: "42501", details: null, hint: null, message: "permission denied for table brands" });
    const error = await rejection(owner().updateBrand("6f1c", { code: "X" }));
    expect(error).toBeInstanceOf(BackendError);
    expect((error as BackendError).code).toBe("42501");
  });
});
