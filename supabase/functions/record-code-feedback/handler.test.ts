import assert from "node:assert/strict";
import { createHandler, ERRORS, MAX_BODY_BYTES } from "./handler.ts";
import { FEEDBACK_MESSAGES } from "../_shared/feedback-contract.ts";

const SUPABASE_URL = "http://127.0.0.1:54321";
const RPC_URL = `${SUPABASE_URL}/rest/v1/rpc/record_code_feedback`;
const FUNCTION_URL = "http://127.0.0.1/functions/v1/record-code-feedback";
const CLIENT_KEY = "b".repeat(64);

const BASE_ENV: Record<string, string> = {
  SUPABASE_URL,
  SUPABASE_SERVICE_ROLE_KEY: "service-role-key",
  CONTACT_CLIENT_KEY_SECRET: "shared-secret",
};

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}

interface Setup {
  env?: Record<string, string | undefined>;
  rpc?: () => Response;
}

/** A handler whose database is a fake answering like PostgREST. */
function setup({ env = {}, rpc = () => Response.json("stored") }: Setup = {}) {
  const requests: Recorded[] = [];
  const errors: unknown[][] = [];
  const warnings: unknown[][] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    requests.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    });
    if (request.url === RPC_URL) return rpc();
    throw new Error(`Unexpected request to ${request.url}`);
  };
  const allEnv = { ...BASE_ENV, ...env };
  const handler = createHandler({ env: (name) => allEnv[name], fetch: fakeFetch as typeof fetch });

  return {
    requests,
    errors,
    warnings,
    /** The visitor keys the database was given, in order. */
    visitorKeys: () => requests.map((request) => request.body.p_visitor_key),
    async call(req: Request): Promise<Response> {
      const original = { error: console.error, warn: console.warn };
      console.error = (...args: unknown[]) => void errors.push(args);
      console.warn = (...args: unknown[]) => void warnings.push(args);
      try {
        return await handler(req);
      } finally {
        Object.assign(console, original);
      }
    },
  };
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(FUNCTION_URL, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-client-key": CLIENT_KEY,
      "x-client-key-secret": "shared-secret",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A direct call, without the site's key: counted on the address the platform appended. */
function direct(body: unknown, forwardedFor: string): Request {
  return new Request(FUNCTION_URL, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify(body),
  });
}

const NO = { offerSlug: "boursobank", worked: false, reason: "code-refuse" };
const YES = { offerSlug: "binance", worked: true, reason: null };

function assertCors(response: Response, origin = "*") {
  assert.equal(response.headers.get("access-control-allow-origin"), origin);
  assert.equal(
    response.headers.get("access-control-allow-headers"),
    "authorization, x-client-info, apikey, content-type, x-client-key, x-client-key-secret",
  );
  assert.equal(response.headers.get("access-control-allow-methods"), "POST, OPTIONS");
  assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

Deno.test("answers the CORS preflight", async () => {
  const { call, requests } = setup({ env: { ALLOWED_ORIGIN: "https://codeparrain.fr" } });
  const response = await call(new Request(FUNCTION_URL, { method: "OPTIONS" }));
  assert.equal(response.status, 204);
  assertCors(response, "https://codeparrain.fr");
  assert.equal(requests.length, 0);
});

Deno.test("refuses methods other than POST", async () => {
  const { call, requests } = setup();
  const response = await call(new Request(FUNCTION_URL, { method: "GET" }));
  assert.equal(response.status, 405);
  assert.equal(response.headers.get("allow"), "POST, OPTIONS");
  assertCors(response);
  assert.deepEqual(await response.json(), { error: "Méthode non autorisée." });
  assert.equal(requests.length, 0);
});

Deno.test("refuses a body that is not JSON", async () => {
  const { call, requests } = setup();
  const response = await call(
    new Request(FUNCTION_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "worked=non",
    }),
  );
  assert.equal(response.status, 415);
  assertCors(response);
  assert.deepEqual(await response.json(), { error: "Le contenu de la requête doit être au format JSON." });
  assert.equal(requests.length, 0);
});

Deno.test("accepts a JSON content type with a charset", async () => {
  const { call } = setup();
  const response = await call(post(YES, { "content-type": "application/json; charset=UTF-8" }));
  assert.equal(response.status, 200);
});

Deno.test("refuses a body declared larger than 2 KB", async () => {
  const { call, requests } = setup();
  const response = await call(post(NO, { "content-length": String(MAX_BODY_BYTES + 1) }));
  assert.equal(response.status, 413);
  assertCors(response);
  assert.deepEqual(await response.json(), { error: "La requête est trop volumineuse." });
  assert.equal(requests.length, 0);
});

Deno.test("refuses a body larger than 2 KB without a declared length", async () => {
  const { call, requests } = setup();
  const response = await call(post({ ...NO, padding: "é".repeat(MAX_BODY_BYTES / 2) }));
  assert.equal(response.status, 413);
  assert.deepEqual(await response.json(), { error: ERRORS.payloadTooLarge });
  assert.equal(requests.length, 0);
});

Deno.test("refuses malformed JSON", async () => {
  const { call, requests } = setup();
  const response = await call(post('{"offerSlug": "binance",'));
  assert.equal(response.status, 400);
  assertCors(response);
  assert.deepEqual(await response.json(), { error: "Requête invalide : JSON mal formé." });
  assert.equal(requests.length, 0);
});

Deno.test("refuses bytes that are not UTF-8 as malformed", async () => {
  const { call, requests } = setup();
  const response = await call(
    new Request(FUNCTION_URL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    }),
  );
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), { error: ERRORS.malformedJson });
  assert.equal(requests.length, 0);
});

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

Deno.test("refuses a payload that is not an object", async () => {
  const { call, requests } = setup();
  const response = await call(post([]));
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), { error: ERRORS.invalidFields, fieldErrors: {} });
  assert.equal(requests.length, 0);
});

Deno.test("stores a vote through record_code_feedback with the service role and the trust loop's limits", async () => {
  const { call, requests } = setup();
  const response = await call(post(NO));
  assert.equal(response.status, 200);
  assertCors(response);
  assert.deepEqual(await response.json(), { ok: true, status: "stored" });

  assert.equal(requests.length, 1);
  const [rpc] = requests as [Recorded];
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
  const [rpc] = requests as [Recorded];
  assert.equal(rpc.body.p_worked, true);
  assert.equal(rpc.body.p_reason, null);
});

Deno.test("says when a vote replaced the visitor's earlier one", async () => {
  const { call } = setup({ rpc: () => Response.json("replaced") });
  const response = await call(post(YES));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true, status: "replaced" });
});

Deno.test("answers 429 with Retry-After of an hour when the visitor sent too many votes", async () => {
  const { call } = setup({ rpc: () => Response.json("rate_limited") });
  const response = await call(post(NO));
  assert.equal(response.status, 429);
  assertCors(response);
  assert.equal(response.headers.get("retry-after"), "3600");
  assert.deepEqual(await response.json(), {
    error: "Trop d'avis envoyés en une heure. Veuillez réessayer plus tard.",
  });
});

Deno.test("answers 502 when the database fails", async () => {
  const { call, errors } = setup({
    rpc: () => Response.json({ message: "permission denied for function", code: "42501" }, { status: 401 }),
  });
  const response = await call(post(NO));
  assert.equal(response.status, 502);
  assertCors(response);
  assert.deepEqual(await response.json(), { error: "L'avis n'a pas pu être enregistré." });
  assert.match(JSON.stringify(errors), /42501/);
});

Deno.test("answers 502 when the database answers something else than a result", async () => {
  for (const answer of ["duplicate", null, { status: "stored" }]) {
    const { call, errors } = setup({ rpc: () => Response.json(answer) });
    const response = await call(post(NO));
    assert.equal(response.status, 502);
    assert.deepEqual(await response.json(), { error: ERRORS.notStored });
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
  assert.deepEqual(await response.json(), { error: ERRORS.notStored });
});

Deno.test("answers 500 when the database is not configured", async () => {
  for (const missing of ["SUPABASE_URL", "SUPABASE_SERVICE_ROLE_KEY"]) {
    const { call, requests, errors } = setup({ env: { [missing]: undefined } });
    const response = await call(post(NO));
    assert.equal(response.status, 500);
    assertCors(response);
    assert.deepEqual(await response.json(), { error: "Configuration du serveur incomplète." });
    assert.equal(requests.length, 0);
    assert.match(String(errors[0]?.[0]), /SUPABASE_URL ou SUPABASE_SERVICE_ROLE_KEY/);
  }
});

Deno.test("keys a direct caller on the right-most X-Forwarded-For entry, the one the platform wrote", async () => {
  const { call, visitorKeys } = setup();
  // The caller writes what it likes; the platform appends the address it saw, 198.51.100.9.
  for (const forged of ["1.1.1.1", "2.2.2.2, 3.3.3.3", ""]) {
    await call(direct(NO, forged ? `${forged}, 198.51.100.9` : "198.51.100.9"));
  }
  await call(
    new Request(FUNCTION_URL, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
  );
  await call(
    new Request(FUNCTION_URL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(YES),
    }),
  );
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
