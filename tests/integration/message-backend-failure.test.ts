import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "~/services/log.server";
import { callAction, formRequest } from "../support/actions";

// Hosted Supabase configured but unreachable (a closed loopback port): sending fails for real.
vi.stubEnv("SUPABASE_URL", "http://127.0.0.1:9");
vi.stubEnv("SUPABASE_ANON_KEY", "public-anon-key");

let contact: typeof import("~/routes/contact");
let vote: typeof import("~/routes/offres.$slug_.avis");
beforeAll(async () => {
  expect((await import("~/services/config/env.server")).getConfig().backend.kind).toBe("supabase");
  contact = await import("~/routes/contact");
  vote = await import("~/routes/offres.$slug_.avis");
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => vi.unstubAllEnvs());

describe("a message the backend cannot take", () => {
  it("comes back with every typed value, the 'Erreur' toast and a logged error", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const fields = {
      name: "Anne Martin",
      email: "anne@exemple.fr",
      subject: "issue",
      message: "Le lien de Binance ne fonctionne plus.",
      submissionId: randomUUID(),
    };
    const answer = await callAction(() =>
      contact.action({ request: formRequest("/contact", fields), params: {}, context: {} }),
    );
    expect(answer.status).toBe(502);
    expect(answer.data?.toast).toMatchObject({
      title: "Erreur",
      description: "Une erreur est survenue lors de l'envoi de votre message. Veuillez réessayer.",
    });
    expect(answer.data?.result?.initialValue).toMatchObject({
      name: "Anne Martin",
      email: "anne@exemple.fr",
      subject: "issue",
      message: "Le lien de Binance ne fonctionne plus.",
    });
    expect(logged).toHaveBeenCalledWith("Envoi du message impossible :", expect.any(Error));
  });
});

describe("a vote the backend cannot take", () => {
  it("answers 502 with the failure toast and the visitor's choice kept, and logs the error", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const answer = await callAction(() =>
      vote.action({
        request: formRequest("/offres/binance/avis", { worked: "non", reason: "code-refuse" }),
        params: { slug: "binance" },
        context: {},
      }),
    );
    expect(answer.status).toBe(502);
    expect(answer.data).toMatchObject({
      status: "refused",
      // Conform's answer: the reason above the form, the choice kept in its fields.
      result: {
        initialValue: { worked: "non", reason: "code-refuse" },
        error: { "": ["Votre avis n'a pas pu être enregistré. Veuillez réessayer."] },
      },
      toast: { title: "Erreur", description: "Votre avis n'a pas pu être enregistré. Veuillez réessayer." },
    });
    expect(logged).toHaveBeenCalledWith("Enregistrement de l'avis impossible :", expect.any(Error));
  });
});
