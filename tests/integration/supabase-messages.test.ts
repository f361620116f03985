import { describe, expect, it } from "vitest";
import { DeliveryError, RateLimitedError } from "~/services/backend/errors.server";
import { expectAnonymousPost, rejection, supabaseBackendAt, supabaseStandIn } from "../support/supabase-stand-in";

/** A stand-in for the send-contact-email function of hosted Supabase, answering as the function does. */
const standIn = supabaseStandIn();
const { respond, only } = standIn;

const payload = {
  name: "Anne",
  email: "anne@exemple.fr",
  subject: "question" as const,
  message: "Bonjour, une question.",
};
const clientKey = "a".repeat(64);
const networkKey = "e".repeat(64);
const backend = () => supabaseBackendAt(standIn.url);

describe("the messages of the Supabase backend", () => {
  it("invokes send-contact-email with the message as JSON, the anonymous key, the sender's and network's keys", async () => {
    respond(200, { ok: true, status: "stored", emailSent: true });
    expect(await backend().sendMessage({ payload, clientKey, networkKey })).toBe("stored");
    const { request, body } = only();
    expectAnonymousPost(request, "/functions/v1/send-contact-email");
    expect(request.headers["x-client-key"]).toBe(clientKey);
    expect(request.headers["x-client-network-key"]).toBe(networkKey);
    expect(request.headers["x-client-key-secret"]).toBe("shared-secret");
    expect(body).toEqual(payload);
  });

  it("reports a message the function already had as a duplicate", async () => {
    respond(200, { ok: true, status: "duplicate" });
    expect(await backend().sendMessage({ payload, clientKey, networkKey })).toBe("duplicate");
  });

  it("turns the function's 429 into a rate-limit error with its Retry-After", async () => {
    respond(429, { error: "Trop de messages envoyés." }, { "Retry-After": "120" });
    const error = await rejection(backend().sendMessage({ payload, clientKey, networkKey }));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(120);
  });

  it("turns any other error answer into a delivery error", async () => {
    respond(502, { error: "Le message n'a pas pu être enregistré." });
    await expect(backend().sendMessage({ payload, clientKey, networkKey })).rejects.toBeInstanceOf(DeliveryError);
  });

  it("fails with a delivery error when the function cannot be reached", async () => {
    const closed = supabaseBackendAt("http://127.0.0.1:9", {});
    await expect(closed.sendMessage({ payload, clientKey, networkKey })).rejects.toBeInstanceOf(DeliveryError);
  });
});
