import { TESTIMONIAL_MESSAGES } from "@contract/testimonial-contract";
import { describe, expect, it } from "vitest";
import { DeliveryError, RateLimitedError } from "~/services/backend/errors.server";
import { expectAnonymousPost, rejection, supabaseBackendAt, supabaseStandIn } from "../support/supabase-stand-in";
import type { OutgoingTestimonial } from "~/services/backend/types.server";

/**
 * The testimonials of the Supabase backend at the HTTP boundary: the testimonials function for what visitors send
 * (with the site's visitor keys and shared secret), the REST API's published_testimonials view for what they read.
 */
const standIn = supabaseStandIn();
const { respond, only, received } = standIn;
/** The body of the latest call, as JSON. */
const lastBody = () => JSON.parse(received.at(-1)?.body ?? "null") as unknown;
const backend = () => supabaseBackendAt(standIn.url);

const clientKey = "c".repeat(64);
const networkKey = "d".repeat(64);
const testimonial: OutgoingTestimonial = {
  offerSlug: "binance",
  name: "Anne",
  text: "Bonus reçu en une semaine, inscription simple.",
  experiencedIn: "2026-10",
  email: "anne@exemple.fr",
  emailKey: "a".repeat(64),
  confirmTokenHash: "f".repeat(64),
  eraseTokenHash: "e".repeat(64),
  mail: { subject: "Votre lien", body: "…" },
  alert: "[Témoignage] Nouveau témoignage à modérer sur Binance",
  clientKey,
  networkKey,
};

describe("the testimonials of the Supabase backend", () => {
  it("hands a testimonial to the testimonials function, without the e-mail when this server does not e-mail", async () => {
    respond(200, { ok: true, status: "stored" });
    expect(await backend().submitTestimonial(testimonial)).toBe("stored");
    const { request, body } = only();
    expectAnonymousPost(request, "/functions/v1/testimonials");
    expect(request.headers["x-client-key"]).toBe(clientKey);
    expect(request.headers["x-client-network-key"]).toBe(networkKey);
    expect(request.headers["x-client-key-secret"]).toBe("shared-secret");
    expect(body).toEqual({
      action: "submit",
      offerSlug: "binance",
      name: "Anne",
      text: testimonial.text,
      experiencedIn: "2026-10",
      email: null,
      emailKey: null,
      confirmTokenHash: null,
      eraseTokenHash: "e".repeat(64),
      mail: null,
      alert: null,
    });
  });

  it("turns the function's 429 into the day's limit, and a failure into a delivery error", async () => {
    respond(429, { error: TESTIMONIAL_MESSAGES.rateLimited }, { "Retry-After": "86400" });
    const refused = await rejection(backend().submitTestimonial(testimonial));
    expect(refused).toEqual(new RateLimitedError(86400, TESTIMONIAL_MESSAGES.rateLimited));
    respond(502, { error: TESTIMONIAL_MESSAGES.notStored });
    await expect(backend().submitTestimonial(testimonial)).rejects.toBeInstanceOf(DeliveryError);
  });

  it("sends a notice and an erasure by link, and reads what the function answers", async () => {
    respond(200, { ok: true, status: "missing" });
    expect(
      await backend().reportTestimonial({ testimonialId: 4, reason: "insult", details: null, clientKey, networkKey }),
    ).toBe("missing");
    expect(lastBody()).toEqual({ action: "report", testimonialId: 4, reason: "insult", details: null });
    const report = { testimonialId: 4, reason: "insult" as const, details: null, clientKey, networkKey };
    respond(200, { ok: true, status: "full" });
    expect(await backend().reportTestimonial(report)).toBe("full");
    // An answer the contract does not name is no notice taken.
    respond(200, { ok: true, status: "maybe" });
    await expect(backend().reportTestimonial(report)).rejects.toBeInstanceOf(DeliveryError);

    const erased = { id: 4, offerSlug: "binance", createdAt: "2026-11-20T10:00:00+00:00", wasPublic: true };
    respond(200, { ok: true, erased });
    expect(await backend().eraseTestimonial("f".repeat(64))).toEqual(erased);
    expect(lastBody()).toEqual({ action: "erase", eraseTokenHash: "f".repeat(64) });
    respond(200, { ok: true, erased: null });
    expect(await backend().eraseTestimonial("f".repeat(64))).toBeNull();
  });

  it("passes on the button of a confirmation link, and a testimonial stored without its address", async () => {
    respond(200, { ok: true, offer: "binance" });
    expect(await backend().confirmTestimonialEmail("c".repeat(64))).toBe("binance");
    expect(lastBody()).toEqual({ action: "confirm", confirmTokenHash: "c".repeat(64) });
    respond(200, { ok: true, offer: null });
    expect(await backend().confirmTestimonialEmail("c".repeat(64))).toBeNull();
    respond(200, { ok: true, status: "stored_unmailed" });
    expect(await backend().submitTestimonial(testimonial)).toBe("stored_unmailed");
  });

  it("reads the published ones through the view with the public key, newest first", async () => {
    respond(200, [
      {
        id: 7,
        offer_slug: "binance",
        author_name: "Anne",
        body: "Bonus reçu en une semaine, inscription simple.",
        experienced_in: "2026-10-01",
        published_at: "2026-11-21T09:30:00+00:00",
        featured: true,
      },
    ]);
    expect(await backend().listPublishedTestimonials()).toEqual([
      {
        id: 7,
        offerSlug: "binance",
        name: "Anne",
        text: "Bonus reçu en une semaine, inscription simple.",
        experiencedIn: "2026-10",
        publishedAt: "2026-11-21T09:30:00.000Z",
        featured: true,
      },
    ]);
    expect(received).toHaveLength(1);
    const { request } = received[0]!;
    expect(request.method).toBe("GET");
    expect(decodeURIComponent(request.url ?? "")).toBe(
      "/rest/v1/published_testimonials?select=id,offer_slug,author_name,body,experienced_in,published_at,featured" +
        "&order=published_at.desc,id.desc&offset=0&limit=1000",
    );
    expect(request.headers.apikey).toBe("public-anon-key");
  });
});
