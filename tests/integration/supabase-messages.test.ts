import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DeliveryError, RateLimitedError } from "~/services/backend/errors.server";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import { startStandIn, type StandIn } from "../support/stand-in";
import type { IncomingMessage } from "node:http";

/** A stand-in for the send-contact-email function of hosted Supabase, answering as the function does. */
let standIn: StandIn;
let received: { request: IncomingMessage; body: string }[] = [];
let answer: { status: number; body: unknown; headers?: Record<string, string> };

beforeAll(async () => {
  standIn = await startStandIn((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk));
    request.on("end", () => {
      received.push({ request, body });
      response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      response.end(JSON.stringify(answer.body));
    });
  });
});
afterAll(() => standIn.close());
beforeEach(() => {
  received = [];
});

const payload = {
  name: "Anne",
  email: "anne@exemple.fr",
  subject: "question" as const,
  message: "Bonjour, une question.",
};
const clientKey = "a".repeat(64);
const backend = () =>
  new SupabaseBackend({
    url: standIn.url,
    anonKey: "public-anon-key",
    defaultRetryAfterSeconds: 600,
    clientKeySecret: "shared-secret",
  });

describe("the messages of the Supabase backend", () => {
  it("invokes send-contact-email with the message as JSON, the anonymous key and the sender's key", async () => {
    answer = { status: 200, body: { ok: true, status: "stored", emailSent: true } };
    expect(await backend().sendMessage({ payload, clientKey })).toBe("stored");
    const [{ request, body }] = received as [{ request: IncomingMessage; body: string }];
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/functions/v1/send-contact-email");
    expect(request.headers["content-type"]).toMatch(/application\/json/);
    expect(request.headers.apikey).toBe("public-anon-key");
    expect(request.headers.authorization).toBe("Bearer public-anon-key");
    expect(request.headers["x-client-key"]).toBe(clientKey);
    expect(request.headers["x-client-key-secret"]).toBe("shared-secret");
    expect(JSON.parse(body)).toEqual(payload);
  });

  it("reports a message the function already had as a duplicate", async () => {
    answer = { status: 200, body: { ok: true, status: "duplicate" } };
    expect(await backend().sendMessage({ payload, clientKey })).toBe("duplicate");
  });

  it("turns the function's 429 into a rate-limit error with its Retry-After", async () => {
    answer = { status: 429, body: { error: "Trop de messages envoyés." }, headers: { "Retry-After": "120" } };
    const error = await backend()
      .sendMessage({ payload, clientKey })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(120);
  });

  it("turns any other error answer into a delivery error", async () => {
    answer = { status: 502, body: { error: "Le message n'a pas pu être enregistré." } };
    await expect(backend().sendMessage({ payload, clientKey })).rejects.toBeInstanceOf(DeliveryError);
  });

  it("fails with a delivery error when the function cannot be reached", async () => {
    const closed = new SupabaseBackend({
      url: "http://127.0.0.1:9",
      anonKey: "public-anon-key",
      defaultRetryAfterSeconds: 600,
    });
    await expect(closed.sendMessage({ payload, clientKey })).rejects.toBeInstanceOf(DeliveryError);
  });
});
