import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import { startStandIn, type StandIn } from "./stand-in";
import type { IncomingMessage } from "node:http";

/** The key the site calls hosted Supabase with, and the secret it vouches for its visitors' keys with. */
export const ANON_KEY = "public-anon-key";
export const CLIENT_KEY_SECRET = "shared-secret";

/** The service role's key the back office, the alerts and the history call hosted Supabase with. */
export const SERVICE_ROLE_KEY = "service-role-key";

/** The site's backend for the Supabase at `url`, with the service role's key. */
export function serviceRoleBackendAt(url: string): SupabaseBackend {
  return new SupabaseBackend({
    url,
    anonKey: ANON_KEY,
    defaultRetryAfterSeconds: 600,
    serviceRoleKey: SERVICE_ROLE_KEY,
  });
}

/** Checks that every request received went with the service role's key. */
export function expectServiceRole(received: readonly Received[]) {
  expect(received.length).toBeGreaterThan(0);
  for (const { request } of received) {
    expect(request.headers.apikey).toBe(SERVICE_ROLE_KEY);
    expect(request.headers.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);
  }
}

/** The site's backend for the Supabase at `url`, with the shared secret unless told otherwise. */
export function supabaseBackendAt(
  url: string,
  { clientKeySecret }: { clientKeySecret?: string } = { clientKeySecret: CLIENT_KEY_SECRET },
): SupabaseBackend {
  return new SupabaseBackend({ url, anonKey: ANON_KEY, defaultRetryAfterSeconds: 600, clientKeySecret });
}

/** What `promise` was rejected with (or, when it resolves, its value, which the test's checks then refuse). */
export function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.catch((caught: unknown) => caught);
}

/** Checks that `request` is a JSON POST to `path` with the anonymous key, as the site sends each call. */
export function expectAnonymousPost(request: IncomingMessage, path: string) {
  expect(request.method).toBe("POST");
  expect(request.url).toBe(path);
  expect(request.headers["content-type"]).toMatch(/application\/json/);
  expect(request.headers.apikey).toBe(ANON_KEY);
  expect(request.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
}

export interface Received {
  request: IncomingMessage;
  body: string;
}

export interface RecordingStandIn {
  /** `http://127.0.0.1:<port>`, once the suite has started. */
  readonly url: string;
  /** The requests of the current test, in order, with their bodies. */
  readonly received: Received[];
  /** Sets the answer to the requests that follow: `status`, `body` as JSON, and `headers`. */
  respond: (status: number, body: unknown, headers?: Record<string, string>) => void;
  /** The one request of the current test, with its JSON body. */
  only: () => { request: IncomingMessage; body: unknown };
}

/**
 * A stand-in for hosted Supabase, started for the suite that calls this: it answers every request as the last
 * `respond` said, in JSON as the functions do, and records each request, so that a test holds the HTTP contract the
 * site relies on. What it received is emptied before each test.
 */
export function supabaseStandIn(): RecordingStandIn {
  let standIn: StandIn | undefined;
  const received: Received[] = [];
  let answer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: "null" };

  beforeAll(async () => {
    standIn = await startStandIn((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk));
      request.on("end", () => {
        received.push({ request, body });
        response.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
        response.end(answer.body);
      });
    });
  });
  afterAll(() => standIn?.close());
  beforeEach(() => {
    received.length = 0;
  });

  return {
    get url() {
      if (!standIn) throw new Error("The stand-in starts with the suite: read its url inside a test.");
      return standIn.url;
    },
    received,
    respond(status, body, headers) {
      answer = { status, body: JSON.stringify(body), headers };
    },
    only() {
      expect(received).toHaveLength(1);
      const [{ request, body }] = received as [Received];
      return { request, body: JSON.parse(body) };
    },
  };
}
