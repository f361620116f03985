/**
 * What the tests of every function share: a network of fakes answering like PostgREST (and any other service a
 * function calls) that records each request, the console a call writes to, requests as the site and as a direct
 * caller send them, and the checks every function makes through jsonEndpoint.
 */

import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import type { EndpointDeps } from "./request.ts";

export const SUPABASE_URL = "http://127.0.0.1:54321";
/** The shared secret the site vouches for its visitors' keys with. */
const CLIENT_KEY_SECRET = "shared-secret";

/** The settings every function needs: the database and the secret shared with the site. */
const BASE_ENV: Readonly<Record<string, string>> = {
  SUPABASE_URL,
  SUPABASE_SERVICE_ROLE_KEY: "service-role-key",
  CONTACT_CLIENT_KEY_SECRET: CLIENT_KEY_SECRET,
};

export interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** What a test changes in the fakes. */
export interface Fakes {
  /** The function's settings, over BASE_ENV; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  /** How the database procedure answers. */
  rpc?: () => Response;
}

export interface HarnessOptions {
  env?: Fakes["env"];
  /** The answer of each URL the function may call; any other URL fails the request. */
  routes: Record<string, () => Response>;
  /** Builds the handler under test from its fake surroundings. */
  handler: (deps: EndpointDeps) => (req: Request) => Promise<Response>;
}

/** A handler whose network is made of fakes, recording each request and what each call logs. */
export function harness({ env = {}, routes, handler: build }: HarnessOptions) {
  const requests: Recorded[] = [];
  const errors: unknown[][] = [];
  const warnings: unknown[][] = [];
  const allEnv = { ...BASE_ENV, ...env };
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    requests.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    });
    const answer = routes[request.url];
    if (answer) return answer();
    throw new Error(`Unexpected request to ${request.url}`);
  };
  const handler = build({ env: (name) => allEnv[name], fetch: fakeFetch as typeof fetch });

  return {
    requests,
    errors,
    warnings,
    /** Calls the handler, keeping what it logs in `errors` and `warnings`. */
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

export interface Endpoint {
  url: string;
  /** The address of the database procedure the function calls. */
  rpcUrl: string;
  /** A POST of `body` (JSON unless already a string), carrying the client key vouched for as the site does. */
  post: (body: unknown, headers?: Record<string, string>) => Request;
  /** A POST of `body` as JSON without the site's key, as a direct caller sends it. */
  direct: (body: unknown, headers?: Record<string, string>) => Request;
}

/** The function `functionName`, calling the procedure `rpc`, and the requests it is sent. */
export function endpoint(functionName: string, rpc: string, clientKey: string): Endpoint {
  const url = `http://127.0.0.1/functions/v1/${functionName}`;
  return {
    url,
    rpcUrl: `${SUPABASE_URL}/rest/v1/rpc/${rpc}`,
    post: (body, headers = {}) =>
      new Request(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-client-key": clientKey,
          "x-client-key-secret": CLIENT_KEY_SECRET,
          ...headers,
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    direct: (body, headers = {}) =>
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
  };
}

/** The one request of a kind, with its JSON body. */
export function only(requests: Recorded[]): Recorded {
  assert.equal(requests.length, 1);
  const [request] = requests as [Recorded];
  return request;
}

/** The CORS headers; without ALLOWED_ORIGIN, no page may call the function from a browser. */
export function assertCors(response: Response, origin: string | null = null) {
  assert.equal(response.headers.get("access-control-allow-origin"), origin);
  assert.equal(
    response.headers.get("access-control-allow-headers"),
    "authorization, x-client-info, apikey, content-type, x-client-key, x-client-key-secret",
  );
  assert.equal(response.headers.get("access-control-allow-methods"), "POST, OPTIONS");
  assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
}

/** The procedure's call, and nothing after it: the requests from the procedure's on (reads before it aside). */
function procedureCalls(requests: Recorded[], rpcUrl: string): string[] {
  const urls = requests.map((request) => request.url);
  return urls.slice(urls.indexOf(rpcUrl));
}

/**
 * The key of a direct caller at `address`, computed here rather than imported from request.ts, so that the tests
 * check the function's hash: keyed with the shared secret (else the service role key), never a plain hash.
 */
export function callerKey(address: string, key = CLIENT_KEY_SECRET): string {
  return createHmac("sha256", key).update(address).digest("hex");
}

const REQUEST_MALFORMED = "Requête invalide : JSON mal formé.";

export interface RequestChecks {
  /** The function under test with fakes around it. */
  setup: (fakes?: Fakes) => ReturnType<typeof harness>;
  endpoint: Endpoint;
  /** A payload the function accepts. */
  valid: Record<string, unknown>;
  maxBodyBytes: number;
  /** The Retry-After a rate-limited caller is told, in seconds. */
  retryAfter: string;
  /** The French answer to a rate-limited caller (429). */
  rateLimited: string;
  /** The French answer when the database did not store the payload (502). */
  notStored: string;
}

/**
 * The checks of jsonEndpoint as one function answers them, with their French messages: CORS, method, content type,
 * size, JSON, payload shape and configuration; nothing reaches the database when a check fails. Then what it answers
 * when its database procedure does not store a valid payload: a 429 with Retry-After when the caller is rate limited,
 * a 502 (the failure logged) when the procedure fails; either way it calls nothing else.
 */
export function testRequestChecks({
  setup,
  endpoint: { url, post, rpcUrl },
  valid,
  maxBodyBytes,
  retryAfter,
  rateLimited,
  notStored,
}: RequestChecks) {
  const kilobytes = `${maxBodyBytes / 1024} KB`;

  Deno.test("answers the CORS preflight", async () => {
    const { call, requests } = setup({ env: { ALLOWED_ORIGIN: "https://codeparrain.fr" } });
    const response = await call(new Request(url, { method: "OPTIONS" }));
    assert.equal(response.status, 204);
    assertCors(response, "https://codeparrain.fr");
    assert.equal(requests.length, 0);
  });

  Deno.test("refuses methods other than POST", async () => {
    const { call, requests } = setup();
    const response = await call(new Request(url, { method: "GET" }));
    assert.equal(response.status, 405);
    assert.equal(response.headers.get("allow"), "POST, OPTIONS");
    assertCors(response);
    assert.deepEqual(await response.json(), { error: "Méthode non autorisée." });
    assert.equal(requests.length, 0);
  });

  Deno.test("refuses a body that is not JSON", async () => {
    const { call, requests } = setup();
    const response = await call(
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-client-key-secret": CLIENT_KEY_SECRET },
        body: new URLSearchParams({ name: "Jean", worked: "non" }),
      }),
    );
    assert.equal(response.status, 415);
    assertCors(response);
    assert.deepEqual(await response.json(), { error: "Le contenu de la requête doit être au format JSON." });
    assert.equal(requests.length, 0);
  });

  Deno.test("accepts a JSON content type with a charset", async () => {
    const { call } = setup();
    const response = await call(post(valid, { "content-type": "application/json; charset=UTF-8" }));
    assert.equal(response.status, 200);
  });

  const refusals: [name: string, request: () => Request, status: number, error: string][] = [
    [
      `refuses a body declared larger than ${kilobytes}`,
      () => post(valid, { "content-length": String(maxBodyBytes + 1) }),
      413,
      "La requête est trop volumineuse.",
    ],
    [
      `refuses a body larger than ${kilobytes} without a declared length`,
      () => post({ ...valid, padding: "é".repeat(maxBodyBytes / 2) }),
      413,
      "La requête est trop volumineuse.",
    ],
    ["refuses malformed JSON", () => post(JSON.stringify(valid).slice(0, -1) + ","), 400, REQUEST_MALFORMED],
    [
      "refuses bytes that are not UTF-8 as malformed",
      () =>
        new Request(url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-client-key-secret": CLIENT_KEY_SECRET },
          body: new Uint8Array([0x7b, 0xff, 0x7d]),
        }),
      400,
      REQUEST_MALFORMED,
    ],
  ];
  for (const [name, request, status, error] of refusals) {
    Deno.test(name, async () => {
      const { call, requests } = setup();
      const response = await call(request());
      assert.equal(response.status, status);
      assertCors(response);
      assert.deepEqual(await response.json(), { error });
      assert.equal(requests.length, 0);
    });
  }

  Deno.test("refuses a payload that is not an object", async () => {
    const { call, requests } = setup();
    const response = await call(post([]));
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: "Certains champs sont invalides.", fieldErrors: {} });
    assert.equal(requests.length, 0);
  });

  Deno.test("answers 500 when the database is not configured", async () => {
    for (const missing of ["SUPABASE_URL", "SUPABASE_SERVICE_ROLE_KEY"]) {
      const { call, requests, errors } = setup({ env: { [missing]: undefined } });
      const response = await call(post(valid));
      assert.equal(response.status, 500);
      assertCors(response);
      assert.deepEqual(await response.json(), { error: "Configuration du serveur incomplète." });
      assert.equal(requests.length, 0);
      assert.match(String(errors[0]?.[0]), /SUPABASE_URL ou SUPABASE_SERVICE_ROLE_KEY/);
    }
  });

  Deno.test(`answers 429 with a Retry-After of ${retryAfter} s when the caller is rate limited`, async () => {
    const { call, requests } = setup({ rpc: () => Response.json("rate_limited") });
    const response = await call(post(valid));
    assert.equal(response.status, 429);
    assertCors(response);
    assert.equal(response.headers.get("retry-after"), retryAfter);
    assert.deepEqual(await response.json(), { error: rateLimited });
    assert.deepEqual(procedureCalls(requests, rpcUrl), [rpcUrl]);
  });

  Deno.test("answers 502 when the database fails", async () => {
    for (const status of [401, 500]) {
      const { call, requests, errors } = setup({
        rpc: () => Response.json({ message: "permission denied for function", code: "42501" }, { status }),
      });
      const response = await call(post(valid));
      assert.equal(response.status, 502);
      assertCors(response);
      assert.deepEqual(await response.json(), { error: notStored });
      assert.deepEqual(procedureCalls(requests, rpcUrl), [rpcUrl]);
      assert.match(JSON.stringify(errors), /42501/);
    }
  });
}
