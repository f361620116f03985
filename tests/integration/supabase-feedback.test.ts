import { describe, expect, it } from "vitest";
import { BackendError, DeliveryError, RateLimitedError, VOTES_RATE_LIMITED } from "~/services/backend/errors.server";
import { startStandIn } from "../support/stand-in";
import { expectAnonymousPost, rejection, supabaseBackendAt, supabaseStandIn } from "../support/supabase-stand-in";

/** A stand-in for hosted Supabase: the record-code-feedback function and the REST API's code_feedback_summary. */
const standIn = supabaseStandIn();
const { received, respond, only } = standIn;

const clientKey = "c".repeat(64);
const networkKey = "d".repeat(64);
const vote = { offerSlug: "boursobank", worked: false, reason: "code-refuse" as const, clientKey, networkKey };
const backend = () => supabaseBackendAt(standIn.url);

describe("the votes of the Supabase backend", () => {
  it("invokes record-code-feedback with the vote as JSON, the anonymous key, the visitor's and the network's keys", async () => {
    respond(200, { ok: true, status: "stored" });
    expect(await backend().recordVote(vote)).toBe("stored");
    const { request, body } = only();
    expectAnonymousPost(request, "/functions/v1/record-code-feedback");
    expect(request.headers["x-client-key"]).toBe(clientKey);
    expect(request.headers["x-client-network-key"]).toBe(networkKey);
    expect(request.headers["x-client-key-secret"]).toBe("shared-secret");
    expect(body).toEqual({ offerSlug: "boursobank", worked: false, reason: "code-refuse" });
  });

  it("sends a yes with a null reason, and no secret when the site has none", async () => {
    respond(200, { ok: true, status: "stored" });
    await supabaseBackendAt(standIn.url, {}).recordVote({ ...vote, worked: true, reason: null });
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
    const error = await rejection(backend().recordVote(vote));
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
    await expect(supabaseBackendAt("http://127.0.0.1:9").recordVote(vote)).rejects.toBeInstanceOf(DeliveryError);
  });
});

describe("the vote counts of the Supabase backend", () => {
  it("calls code_feedback_summary through the REST API without choosing its window, once", async () => {
    respond(200, []);
    expect(await backend().listFeedback()).toEqual([]);
    const { request, body } = only();
    expectAnonymousPost(request, "/rest/v1/rpc/code_feedback_summary");
    expect(body).toEqual({});
  });

  it("maps the rows as the API names their columns", async () => {
    respond(200, [
      {
        offer_slug: "boursobank",
        yes_votes: 4,
        no_votes: 2,
        last_vote_on: "2025-02-01",
        top_reason: "offre-terminee",
        weighted_yes: 3.5,
        weighted_no: 1.5,
        networks: 3,
      },
      {
        offer_slug: "binance",
        yes_votes: 1,
        no_votes: 0,
        last_vote_on: "2025-01-20",
        top_reason: null,
        weighted_yes: 1,
        weighted_no: 0,
        networks: 1,
      },
    ]);
    expect(await backend().listFeedback()).toEqual([
      {
        offerSlug: "boursobank",
        yes: 4,
        no: 2,
        lastVoteOn: "2025-02-01",
        topReason: "offre-terminee",
        weightedYes: 3.5,
        weightedNo: 1.5,
        networks: 3,
      },
      {
        offerSlug: "binance",
        yes: 1,
        no: 0,
        lastVoteOn: "2025-01-20",
        topReason: null,
        weightedYes: 1,
        weightedNo: 0,
        networks: 1,
      },
    ]);
  });

  it("maps an API error to the error shape message, details, hint, code, without trying again", async () => {
    const missing = "Could not find the function public.code_feedback_summary without parameters in the schema cache";
    const searched = "Searched for the function public.code_feedback_summary without parameters";
    // Each API error as PostgREST answers it, and as the backend reports it.
    const apiErrors: [status: number, answer: Record<string, string | null>, reported: Record<string, string>][] = [
      [
        404,
        { code: "PGRST202", details: searched, hint: null, message: missing },
        { message: missing, details: searched, hint: "", code: "PGRST202" },
      ],
      [
        503,
        { code: "", details: null, hint: null, message: "Service Unavailable" },
        { message: "Service Unavailable", details: "", hint: "", code: "" },
      ],
    ];
    for (const [status, answer, reported] of apiErrors) {
      respond(status, answer);
      const error = await rejection(backend().listFeedback());
      expect(error).toBeInstanceOf(BackendError);
      expect((error as BackendError).toJSON()).toEqual(reported);
    }
    expect(received).toHaveLength(2);
  });

  it("fails with a BackendError on an answer that is not a list", async () => {
    for (const body of [{ offer_slug: "binance" }, null]) {
      respond(200, body);
      await expect(backend().listFeedback()).rejects.toBeInstanceOf(BackendError);
    }
  });

  it("fails with a BackendError when the server cannot be reached", async () => {
    await expect(supabaseBackendAt("http://127.0.0.1:9").listFeedback()).rejects.toBeInstanceOf(BackendError);
  });

  it("gives up on a server that never answers when its signal aborts", async () => {
    const silent = await startStandIn(() => {});
    try {
      const started = Date.now();
      await expect(supabaseBackendAt(silent.url).listFeedback(AbortSignal.timeout(300))).rejects.toBeInstanceOf(
        BackendError,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await silent.close();
    }
  });
});
