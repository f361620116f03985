import assert from "node:assert/strict";
import { createHandler, ERRORS, MAX_BODY_BYTES } from "./handler.ts";
import { FEEDBACK_MESSAGES } from "../_shared/feedback-contract.ts";
import { assertCors, endpoint, type Fakes, harness, only, testRequestChecks } from "../_shared/testing.ts";

const CLIENT_KEY = "b".repeat(64);
/** The key of the visitor's network (/24, /48), as the site sends it. */
const NETWORK_KEY = "e".repeat(64);
const FEEDBACK = endpoint("record-code-feedback", "record_code_feedback", CLIENT_KEY);
const { rpcUrl: RPC_URL, post, direct } = FEEDBACK;

/** What a caller is told when the vote is not stored: an hour's votes are counted. */
const REFUSED = {
  retryAfter: "3600",
  rateLimited: "Trop d'avis envoyés en une heure. Veuillez réessayer plus tard.",
  notStored: "L'avis n'a pas pu être enregistré.",
};

/** How the REST API answers the function's read of an offer's brand. */
const brandsUrl = (slug: string) =>
  `${new URL(RPC_URL).origin}/rest/v1/brands?select=valid_until&slug=eq.${slug}&limit=1`;

/** The offers the database knows, with their last day; the others are unknown. */
const KNOWN_OFFERS: Record<string, string | null> = {
  boursobank: null,
  binance: "2099-12-31",
  expiree: "2026-11-20",
  "dernier-jour": "2026-11-21",
};
const TODAY = new Date("2026-11-21T10:00:00Z");

/** A handler whose database is a fake answering like PostgREST. */
function setup({ env, rpc = () => Response.json("stored") }: Fakes = {}) {
  const brands = Object.fromEntries(
    [...Object.entries(KNOWN_OFFERS), ["inconnue", undefined] as const].map(([slug, validUntil]) => [
      brandsUrl(slug),
      () => Response.json(validUntil === undefined ? [] : [{ valid_until: validUntil }]),
    ]),
  );
  const fakes = harness({
    env,
    routes: { [RPC_URL]: rpc, ...brands },
    handler: (deps) => createHandler({ ...deps, now: () => TODAY }),
  });
  const rpcs = () => fakes.requests.filter((request) => request.url === RPC_URL);
  return {
    ...fakes,
    rpcs,
    /** The visitor keys the database was given, in order. */
    visitorKeys: () => rpcs().map((request) => request.body.p_visitor_key),
  };
}

const NO = { offerSlug: "boursobank", worked: false, reason: "code-refuse" };
const YES = { offerSlug: "binance", worked: true, reason: null };

testRequestChecks({ setup, endpoint: FEEDBACK, valid: NO, maxBodyBytes: MAX_BODY_BYTES, ...REFUSED });

Deno.test("reports invalid fields in French, with the contract's messages", async () => {
  const { call, requests } = setup();
  const response = await call(post({ offerSlug: "Pas une offre", worked: "non", reason: "trop-cher" }));
  assert.equal(response.status, 400);
  assertCors(response);
  assert.deepEqual(await response.json(), {
    error: "Certains champs sont invalides.",
    fieldErrors: {
      offerSlug: [FEEDBACK_MESSAGES.offerInvalid],
      worked: [FEEDBACK_MESSAGES.workedRequired],
      reason: [FEEDBACK_MESSAGES.reasonInvalid],
    },
  });
  assert.equal(requests.length, 0);
});

Deno.test("requires the yes or no and a reason that is null when none is given", async () => {
  const { call, requests } = setup();
  const response = await call(post({ offerSlug: "binance" }));
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), {
    error: ERRORS.invalidFields,
    fieldErrors: { worked: [FEEDBACK_MESSAGES.workedRequired], reason: [FEEDBACK_MESSAGES.reasonInvalid] },
  });
  assert.equal(requests.length, 0);
});

Deno.test("stores a vote through record_code_feedback with the service role and the trust loop's limits", async () => {
  const { call, rpcs } = setup();
  const response = await call(post(NO, { "x-client-network-key": NETWORK_KEY }));
  assert.equal(response.status, 200);
  assertCors(response);
  assert.deepEqual(await response.json(), { ok: true, status: "stored" });

  const rpc = only(rpcs());
  assert.equal(rpc.url, RPC_URL);
  assert.equal(rpc.method, "POST");
  assert.equal(rpc.headers.get("apikey"), "service-role-key");
  assert.equal(rpc.headers.get("authorization"), "Bearer service-role-key");
  assert.deepEqual(rpc.body, {
    p_offer_slug: "boursobank",
    p_worked: false,
    p_reason: "code-refuse",
    p_visitor_key: CLIENT_KEY,
    p_network_key: NETWORK_KEY,
    p_max_per_hour: 30,
  });
});

Deno.test("takes the visitor for a network of their own when the site sends no usable network key", async () => {
  const { call, rpcs } = setup();
  const variants: Record<string, string>[] = [
    {},
    { "x-client-network-key": "pas-une-cle" },
    { "x-client-network-key": "E".repeat(64) },
  ];
  for (const headers of variants) {
    assert.equal((await call(post(NO, headers))).status, 200);
  }
  assert.deepEqual(
    rpcs().map((rpc) => rpc.body.p_network_key),
    [CLIENT_KEY, CLIENT_KEY, CLIENT_KEY],
  );
});

Deno.test("stores a yes without a reason", async () => {
  const { call, rpcs } = setup();
  const response = await call(post(YES));
  assert.equal(response.status, 200);
  const rpc = only(rpcs());
  assert.equal(rpc.body.p_worked, true);
  assert.equal(rpc.body.p_reason, null);
});

Deno.test("says when a vote replaced the visitor's earlier one", async () => {
  const { call } = setup({ rpc: () => Response.json("replaced") });
  const response = await call(post(YES));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true, status: "replaced" });
});

Deno.test("answers 502 when the database answers something else than a result", async () => {
  for (const answer of ["duplicate", null, { status: "stored" }]) {
    const { call, errors } = setup({ rpc: () => Response.json(answer) });
    const response = await call(post(NO));
    assert.equal(response.status, 502);
    assert.deepEqual(await response.json(), { error: REFUSED.notStored });
    assert.equal(errors.length, 1);
  }
});

Deno.test("answers 502 when the database cannot be reached", async () => {
  const { call } = setup({
    rpc: () => {
      throw new TypeError("error sending request: connection refused");
    },
  });
  const response = await call(post(NO));
  assert.equal(response.status, 502);
  assert.deepEqual(await response.json(), { error: REFUSED.notStored });
});

Deno.test("refuses (403) every call without the secret shared with the site, before reading it", async () => {
  const { call, requests } = setup();
  const calls = [
    direct(NO),
    direct(NO, { "x-client-key": CLIENT_KEY, "x-forwarded-for": "198.51.100.9" }),
    post(NO, { "x-client-key-secret": "wrong" }),
    post(NO, { "x-client-key-secret": "" }),
  ];
  for (const request of calls) {
    const response = await call(request);
    assert.equal(response.status, 403);
    assertCors(response);
    assert.deepEqual(await response.json(), { error: ERRORS.siteOnly });
  }
  // Nor is a function whose secret is not set open to anyone.
  const unset = setup({ env: { CONTACT_CLIENT_KEY_SECRET: undefined } });
  assert.equal((await unset.call(post(NO))).status, 403);
  assert.equal(requests.length + unset.requests.length, 0);
});

Deno.test(
  "lets no web page call it from a browser: no Access-Control-Allow-Origin without ALLOWED_ORIGIN",
  async () => {
    const { call } = setup();
    const preflight = await call(new Request(FEEDBACK.url, { method: "OPTIONS" }));
    assert.equal(preflight.headers.get("access-control-allow-origin"), null);
    const response = await call(post(NO, { origin: "https://ailleurs.example" }));
    assert.equal(response.headers.get("access-control-allow-origin"), null);
  },
);

Deno.test("refuses (404) a vote on an offer the database does not know, or that has expired", async () => {
  const { call, rpcs } = setup();
  for (const [offerSlug, error] of [
    ["inconnue", FEEDBACK_MESSAGES.offerInvalid],
    ["expiree", FEEDBACK_MESSAGES.offerExpired],
  ]) {
    const response = await call(post({ ...NO, offerSlug }));
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error });
  }
  assert.equal(rpcs().length, 0);
  // Its last day still takes votes.
  assert.equal((await call(post({ ...NO, offerSlug: "dernier-jour" }))).status, 200);
});
