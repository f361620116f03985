import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BackendError } from "~/services/backend/errors.server";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import { BRANDS_PER_READ } from "~/services/backend/types.server";
import { startStandIn, type StandIn } from "../support/stand-in";
import type { IncomingMessage } from "node:http";

/** A stand-in for the PostgREST endpoint of hosted Supabase, answering as recorded from the real API. */
let standIn: StandIn;
let requests: IncomingMessage[] = [];
let answer: { status: number; body: string; headers?: Record<string, string> };

beforeAll(async () => {
  standIn = await startStandIn((request, response) => {
    requests.push(request);
    response.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
    response.end(answer.body);
  });
});
afterAll(() => standIn.close());
beforeEach(() => {
  requests = [];
});

const backendAt = (url: string) =>
  new SupabaseBackend({ url, anonKey: "public-anon-key", defaultRetryAfterSeconds: 600 });
const backend = () => backendAt(standIn.url);

describe("the brands read of the Supabase backend", () => {
  it("asks the REST API for all columns of brands ordered by name, with the anonymous key", async () => {
    answer = { status: 200, body: "[]" };
    await backend().listBrands();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe("GET");
    expect(request?.url).toBe(`/rest/v1/brands?select=*&order=name.asc&offset=0&limit=${BRANDS_PER_READ}`);
    expect(request?.headers.apikey).toBe("public-anon-key");
    expect(request?.headers.authorization).toBe("Bearer public-anon-key");
  });

  it("returns the rows as the API sends them", async () => {
    const rows = [
      {
        id: "6f1c",
        name: "Binance",
        description: "Plateforme d'échange",
        logo_url: null,
        created_at: "2025-01-01T00:00:00+00:00",
      },
      { id: "7a2d", name: "Boursorama Banque", description: null, logo_url: "/logos/boursobank.svg" },
    ];
    answer = { status: 200, body: JSON.stringify(rows) };
    expect(await backend().listBrands()).toEqual(rows);
  });

  it("reads past the API's 1 000 rows a request, a page at a time, until a page is short", async () => {
    const all = Array.from({ length: 2 * BRANDS_PER_READ + 100 }, (_, n) => ({ id: String(n), name: `Marque ${n}` }));
    const pages = await startStandIn((request, response) => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const [offset, limit] = [Number(url.searchParams.get("offset")), Number(url.searchParams.get("limit"))];
      requests.push(request);
      response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(all.slice(offset, offset + Math.min(limit, 1000))));
    });
    try {
      expect(await backendAt(pages.url).listBrands()).toEqual(all);
      expect(requests.map((request) => new URL(request.url ?? "/", "http://stand-in").search)).toEqual(
        [0, BRANDS_PER_READ, 2 * BRANDS_PER_READ].map(
          (offset) => `?select=*&order=name.asc&offset=${offset}&limit=${BRANDS_PER_READ}`,
        ),
      );
    } finally {
      pages.close();
    }
  });

  it("treats a null answer as no brands", async () => {
    answer = { status: 200, body: "null" };
    expect(await backend().listBrands()).toEqual([]);
  });

  it("maps an API error to the error shape message, details, hint, code", async () => {
    answer = {
      status: 404,
      body: JSON.stringify({
        code: "42P01",
        details: null,
        hint: "Perhaps you meant the table 'public.brand'",
        message: 'relation "public.brands" does not exist',
      }),
    };
    const error = await backend()
      .listBrands()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackendError);
    expect((error as BackendError).toJSON()).toEqual({
      message: 'relation "public.brands" does not exist',
      details: "",
      hint: "Perhaps you meant the table 'public.brand'",
      code: "42P01",
    });
  });

  it("maps a permission error from row-level security", async () => {
    answer = {
      status: 401,
      body: JSON.stringify({ code: "42501", details: null, hint: null, message: "permission denied for table brands" }),
    };
    await expect(backend().listBrands()).rejects.toMatchObject({
      code: "42501",
      message: "permission denied for table brands",
    });
  });

  it("fails with a BackendError when the server cannot be reached", async () => {
    const closed = backendAt("http://127.0.0.1:9");
    await expect(closed.listBrands()).rejects.toBeInstanceOf(BackendError);
  });
});

describe("an abandoned brands read of the Supabase backend", () => {
  it("gives up on a server that never answers when its signal aborts", async () => {
    const silent = await startStandIn(() => {});
    try {
      const started = Date.now();
      await expect(backendAt(silent.url).listBrands(AbortSignal.timeout(300))).rejects.toBeInstanceOf(BackendError);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await silent.close();
    }
  });
});
