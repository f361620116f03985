import assert from "node:assert/strict";
import { createHandler, ERRORS, MAX_BODY_BYTES } from "./handler.ts";
import { FEEDBACK_MESSAGES } from "../_shared/feedback-contract.ts";
import { assertCors, endpoint, type Fakes, harness, only, sha256Hex, testRequestChecks } from "../_shared/testing.ts";

const CLIENT_KEY = "b".repeat(64);
const FEEDBACK = endpoint("record-code-feedback", "record_code_feedback", CLIENT_KEY);
const { rpcUrl: RPC_URL, post, direct } = FEEDBACK;

/** What a caller is told when the vote is not stored: an hour's votes are counted. */
const REFUSED = {
  retryAfter: "3600",
  rateLimited: "Trop d'avis envoyés en une heure. Veuillez réessayer plus tard.",
  notStored: "L'avis n'a pas pu être enregistré.",
};

/** A handler whose database is a fake answering like PostgREST. */
function setup({ env, rpc = () => Response.json("stored") }: Fakes = {}) {
  const fakes = harness({ env, routes: { [RPC_URL]: rpc }, handler: createHandler });
  return {
    ...fakes,
    /** The visitor keys the database was given, in order. */
    visitorKeys: () => fakes.requests.map((request) => request.body.p_visitor_key),
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
  const { call, requests } = setup();
  const response = await call(post(NO));
  assert.equal(response.status, 200);
  assertCors(response);
  assert.deepEqual(await response.json(), { ok: true, status: "stored" });

  const rpc = only(requests);
  assert.equal(rpc.url, RPC_URL);
  assert.equal(rpc.method, "POST");
  assert.equal(rpc.headers.get("apikey"), "service-role-key");
  assert.equal(rpc.headers.get("authorization"), "Bearer service-role-key");
  assert.deepEqual(rpc.body, {
    p_offer_slug: "boursobank",
    p_worked: false,
    p_reason: "code-refuse",
    p_visitor_key: CLIENT_KEY,
    p_max_per_hour: 30,
    p_one_vote_per: "24 hours",
  });
});

Deno.test("stores a yes without a reason", async () => {
  const { call, requests } = setup();
  const response = await call(post(YES));
  assert.equal(response.status, 200);
  const rpc = only(requests);
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

Deno.test("keys a direct caller on the right-most X-Forwarded-For entry, the one the platform wrote", async () => {
  const { call, visitorKeys } = setup();
  // The caller writes what it likes; the platform appends the address it saw, 198.51.100.9.
  for (const forged of ["1.1.1.1", "2.2.2.2, 3.3.3.3", ""]) {
    await call(direct(NO, { "x-forwarded-for": forged ? `${forged}, 198.51.100.9` : "198.51.100.9" }));
  }
  await call(direct({}));
  await call(direct(YES));
  const address = await sha256Hex("198.51.100.9");
  assert.deepEqual(visitorKeys(), [address, address, address, await sha256Hex("unknown")]);
});

Deno.test("does not let a caller without the shared secret choose its key", async () => {
  const { call, visitorKeys } = setup();
  await call(post(NO, { "x-client-key-secret": "wrong", "x-forwarded-for": "198.51.100.4" }));
  await call(post(NO, { "x-client-key": "not-a-hash", "x-forwarded-for": "198.51.100.4" }));
  await call(post(NO, { "x-forwarded-for": "198.51.100.4" }));
  const address = await sha256Hex("198.51.100.4");
  assert.deepEqual(visitorKeys(), [address, address, CLIENT_KEY]);
});

Deno.test("warns when the site's visitor key is refused, so that a secret set on one side only shows", async () => {
  const wrong = setup();
  await wrong.call(post(NO, { "x-client-key-secret": "other-secret" }));
  assert.match(String(wrong.warnings[0]?.[0]), /^record-code-feedback : clé d'expéditeur refusée/);
  assert.match(String(wrong.warnings[0]?.[0]), /avis compté sur l'adresse de l'appelant/);
  const unset = setup({ env: { CONTACT_CLIENT_KEY_SECRET: undefined } });
  await unset.call(post(NO));
  assert.match(String(unset.warnings[0]?.[0]), /CONTACT_CLIENT_KEY_SECRET n'est pas défini pour la fonction/);
  const vouched = setup();
  await vouched.call(post(NO));
  assert.equal(vouched.warnings.length, 0);
});
