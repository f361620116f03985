import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BackendError, DeliveryError, RateLimitedError, VOTES_RATE_LIMITED } from "~/services/backend/errors.server";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import { startStandIn, type StandIn } from "../support/stand-in";
import type { IncomingMessage } from "node:http";

/**
 * A stand-in for hosted Supabase: the record-code-feedback function and the REST API's code_feedback_summary,
 * answering as they do. It records each request, so that the tests hold the HTTP contract the site relies on.
 */
let standIn: StandIn;
let received: { request: IncomingMessage; body: string }[] = [];
let answer: { status: number; body: string; headers?: Record<string, string> };

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
afterAll(() => standIn.close());
beforeEach(() => {
  received = [];
});

const respond = (status: number, body: unknown, headers?: Record<string, string>) => {
  answer = { status, body: JSON.stringify(body), headers };
};

/** The one request the backend sent, with its JSON body. */
function only(): { request: IncomingMessage; body: unknown } {
  expect(received).toHaveLength(1);
  const [{ request, body }] = received as [{ request: IncomingMessage; body: string }];
  return { request, body: JSON.parse(body) };
}

const clientKey = "c".repeat(64);
const vote = { offerSlug: "boursobank", worked: false, reason: "code-refuse" as const, clientKey };
const backendAt = (
  url: string,
  { clientKeySecret }: { clientKeySecret?: string } = { clientKeySecret: "shared-secret" },
) => new SupabaseBackend({ url, anonKey: "public-anon-key", defaultRetryAfterSeconds: 600, clientKeySecret });
const backend = () => backendAt(standIn.url);

describe("the votes of the Supabase backend", () => {
  it("invokes record-code-feedback with the vote as JSON, the anonymous key and the visitor's key", async () => {
    respond(200, { ok: true, status: "stored" });
    expect(await backend().recordVote(vote)).toBe("stored");
    const { request, body } = only();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/functions/v1/record-code-feedback");
    expect(request.headers["content-type"]).toMatch(/application\/json/);
    expect(request.headers.apikey).toBe("public-anon-key");
    expect(request.headers.authorization).toBe("Bearer public-anon-key");
    expect(request.headers["x-client-key"]).toBe(clientKey);
    expect(request.headers["x-client-key-secret"]).toBe("shared-secret");
    expect(body).toEqual({ offerSlug: "boursobank", worked: false, reason: "code-refuse" });
  });

  it("sends a yes with a null reason, and no secret when the site has none", async () => {
    respond(200, { ok: true, status: "stored" });
    await backendAt(standIn.url, {}).recordVote({ ...vote, worked: true, reason: null });
    const { request, body } = only();
    expect(request.headers["x-client-key"]).toBe(clientKey);
    expect(request.headers).not.toHaveProperty("x-client-key-secret");
    expect(body).toEqual({ offerSlug: "boursobank", worked: true, reason: null });
  });

  it("reports a vote that took the place of the visitor's earlier one", async () => {
    respond(200, { ok: true, status: "replaced" });
    expect(await backend().recordVote(vote)).toBe("replaced");
  });

  it("turns the function's 429 into a rate-limit error with its Retry-After and the votes' message", async () => {
    respond(429, { error: VOTES_RATE_LIMITED }, { "Retry-After": "3600" });
    const error = await backend()
      .recordVote(vote)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(3600);
    expect((error as RateLimitedError).message).toBe("Trop d'avis envoyés en une heure. Veuillez réessayer plus tard.");
  });

  it("takes a shorter Retry-After as given, and an hour when the 429 has none", async () => {
    respond(429, { error: VOTES_RATE_LIMITED }, { "Retry-After": "120" });
    await expect(backend().recordVote(vote)).rejects.toMatchObject({ retryAfterSeconds: 120 });
    respond(429, { error: VOTES_RATE_LIMITED });
    await expect(backend().recordVote(vote)).rejects.toMatchObject({ retryAfterSeconds: 3600 });
  });

  it("turns a 500 or a 502 into a delivery error, sending the vote once", async () => {
    respond(500, { error: "Configuration du serveur incomplète." });
    await expect(backend().recordVote(vote)).rejects.toBeInstanceOf(DeliveryError);
    respond(502, { error: "L'avis n'a pas pu être enregistré." });
    await expect(backend().recordVote(vote)).rejects.toBeInstanceOf(DeliveryError);
    expect(received).toHaveLength(2);
  });

  it("turns an answer that confirms nothing into a delivery error", async () => {
    respond(200, { ok: true, status: "duplicate" });
    await expect(backend().recordVote(vote)).rejects.toBeInstanceOf(DeliveryError);
    respond(200, {});
    await expect(backend().recordVote(vote)).rejects.toBeInstanceOf(DeliveryError);
  });

  it("fails with a delivery error when the function cannot be reached", async () => {
    await expect(backendAt("http://127.0.0.1:9").recordVote(vote)).rejects.toBeInstanceOf(DeliveryError);
  });
});

describe("the vote counts of the Supabase backend", () => {
  const since = new Date("2025-01-05T10:00:00.000Z");

  it("calls code_feedback_summary through the REST API with the start of the window, once", async () => {
    respond(200, []);
    expect(await backend().listFeedback(since)).toEqual([]);
    const { request, body } = only();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/rest/v1/rpc/code_feedback_summary");
    expect(request.headers["content-type"]).toMatch(/application\/json/);
    expect(request.headers.apikey).toBe("public-anon-key");
    expect(request.headers.authorization).toBe("Bearer public-anon-key");
    expect(body).toEqual({ p_since: "2025-01-05T10:00:00.000Z" });
  });

  it("maps the rows as the API names their columns", async () => {
    respond(200, [
      {
        offer_slug: "boursobank",
        yes_votes: 4,
        no_votes: 2,
        last_vote_at: "2025-02-01T08:30:00+00:00",
        top_reason: "offre-terminee",
      },
      { offer_slug: "binance", yes_votes: 1, no_votes: 0, last_vote_at: "2025-01-20T12:00:00+00:00", top_reason: null },
    ]);
    expect(await backend().listFeedback(since)).toEqual([
      { offerSlug: "boursobank", yes: 4, no: 2, lastVoteAt: "2025-02-01T08:30:00+00:00", topReason: "offre-terminee" },
      { offerSlug: "binance", yes: 1, no: 0, lastVoteAt: "2025-01-20T12:00:00+00:00", topReason: null },
    ]);
  });

  it("maps an API error to the error shape message, details, hint, code, without trying again", async () => {
    respond(404, {
      code: "PGRST202",
      details: "Searched for the function public.code_feedback_summary with parameter p_since",
      hint: null,
      message: "Could not find the function public.code_feedback_summary(p_since) in the schema cache",
    });
    const error = await backend()
      .listFeedback(since)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackendError);
    expect((error as BackendError).toJSON()).toEqual({
      message: "Could not find the function public.code_feedback_summary(p_since) in the schema cache",
      details: "Searched for the function public.code_feedback_summary with parameter p_since",
      hint: "",
      code: "PGRST202",
    });
    respond(503, { code: "", details: null, hint: null, message: "Service Unavailable" });
    await expect(backend().listFeedback(since)).rejects.toBeInstanceOf(BackendError);
    expect(received).toHaveLength(2);
  });

  it("fails with a BackendError on an answer that is not a list", async () => {
    for (const body of [{ offer_slug: "binance" }, null]) {
      respond(200, body);
      await expect(backend().listFeedback(since)).rejects.toBeInstanceOf(BackendError);
    }
  });

  it("fails with a BackendError when the server cannot be reached", async () => {
    await expect(backendAt("http://127.0.0.1:9").listFeedback(since)).rejects.toBeInstanceOf(BackendError);
  });

  it("gives up on a server that never answers when its signal aborts", async () => {
    const silent = await startStandIn(() => {});
    try {
      const started = Date.now();
      await expect(backendAt(silent.url).listFeedback(since, AbortSignal.timeout(300))).rejects.toBeInstanceOf(
        BackendError,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await silent.close();
    }
  });
});
