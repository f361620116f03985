import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { VISITOR_ADDRESS_HEADER } from "~/services/visitor.server";
import { callAction, formRequest } from "../support/actions";
import { makeTempDir } from "../support/temp-dir";
import { ownNetworkAddress } from "../support/visitor-addresses";

const temp = makeTempDir("actions");
vi.stubEnv("DATA_DIR", temp.dir);
vi.stubEnv("CONTACT_RATE_LIMIT_MAX", "3");
vi.stubEnv("CONTACT_RATE_LIMIT_WINDOW_SECONDS", "600");

type Routes = { contact: typeof import("~/routes/contact"); brand: typeof import("~/routes/offres.$slug") };
let routes: Routes;
let db: import("@electric-sql/pglite").PGlite;

beforeAll(async () => {
  // The configuration is read once, here, while the variables above are set.
  expect((await import("~/services/config/env.server")).getConfig().dataDir).toBe(temp.dir);
  routes = { contact: await import("~/routes/contact"), brand: await import("~/routes/offres.$slug") };
  const { openEmbeddedDatabase } = await import("~/services/backend/embedded-db.server");
  db = await openEmbeddedDatabase(temp.dir);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  // What the backend started in this process (the daily backups and their watch on the folder) ends before the
  // folder goes, as a server's stop ends it.
  const { runShutdownHooks } = await import("~/services/lifecycle/shutdown.server");
  await runShutdownHooks();
  await db.close();
  temp.cleanup();
});
beforeEach(async () => {
  await db.exec("delete from public.contact_messages");
});

let senders = 0;
/**
 * A distinct sender per call unless told otherwise, so the rate limit only applies where a test wants it: the
 * address the request pipeline hands the application, as both servers do.
 */
const from = (address = ownNetworkAddress(++senders)) => ({ [VISITOR_ADDRESS_HEADER]: address });
const contactFields = (extra: Record<string, string> = {}) => ({
  name: "Anne Martin",
  email: "anne@exemple.fr",
  subject: "new-code",
  message: "Voici un nouveau code de parrainage à ajouter.",
  submissionId: randomUUID(),
  ...extra,
});
const sendContact = (fields: Record<string, string>, headers: Record<string, string> = from()) =>
  callAction(() =>
    routes.contact.action({ request: formRequest("/contact", fields, { headers }), params: {}, context: {} }),
  );
const rows = async () =>
  (
    await db.query<Record<string, unknown>>(
      "select name, email, subject, message, brand_name, client_key from public.contact_messages order by id",
    )
  ).rows;

describe("the contact action", () => {
  it("stores a valid message and redirects with 303 and the flash toast cookie", async () => {
    const answer = await sendContact(contactFields());
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/contact");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^cp_toast=.+HttpOnly; SameSite=Lax/);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: "Anne Martin",
      email: "anne@exemple.fr",
      subject: "new-code",
      message: "Voici un nouveau code de parrainage à ajouter.",
      brand_name: null,
    });
    expect(stored[0]?.client_key).toMatch(/^[a-f0-9]{64}$/);
    expect(stored[0]?.client_key).not.toContain("10.0.");
  });

  it("answers 400 with the French errors and the typed values, storing nothing", async () => {
    const answer = await sendContact({ name: "A", email: "anne@", subject: "", message: "court" });
    expect(answer.status).toBe(400);
    expect(answer.data?.result?.error).toMatchObject({
      name: ["Le nom doit comporter au moins 2 caractères"],
      email: ["Veuillez entrer une adresse e-mail valide"],
      subject: ["Veuillez sélectionner un sujet"],
      message: ["Le message doit comporter au moins 10 caractères"],
    });
    expect(answer.data?.result?.initialValue).toMatchObject({ name: "A", email: "anne@", message: "court" });
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a name posing as an address, with the French error and the typed values kept", async () => {
    const name = "Binance Support <support@binance.com>";
    const answer = await sendContact(contactFields({ name }));
    expect(answer.status).toBe(400);
    expect(answer.data?.result?.error).toEqual({
      name: [
        "Le nom ne peut contenir ni « < », ni « > », ni « @ » : indiquez votre nom ou un pseudonyme, votre adresse va dans le champ E-mail",
      ],
    });
    expect(answer.data?.result?.initialValue).toMatchObject({ name, email: "anne@exemple.fr" });
    expect(await rows()).toHaveLength(0);
  });

  it("drops a bot's post silently when the honeypot is filled", async () => {
    const answer = await sendContact(contactFields({ website: "https://spam.example" }));
    expect(answer.status).toBe(303);
    expect(await rows()).toHaveLength(0);
  });

  it("stores a double-clicked or resubmitted form once", async () => {
    const fields = contactFields();
    const sender = from();
    const answers = await Promise.all([sendContact(fields, sender), sendContact(fields, sender)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect((await sendContact(fields, sender)).status).toBe(303);
    expect(await rows()).toHaveLength(1);
  });

  it("stores two different messages sent from the same rendering of the page", async () => {
    const sender = from();
    const submissionId = randomUUID();
    await sendContact(contactFields({ submissionId }), sender);
    await sendContact(contactFields({ submissionId, message: "Un autre message, différent du premier." }), sender);
    expect(await rows()).toHaveLength(2);
  });

  it("limits a sender to the configured number of messages, answering 429 with the values kept", async () => {
    const sender = from("198.51.100.7");
    for (let index = 0; index < 3; index += 1) {
      expect((await sendContact(contactFields(), sender)).status).toBe(303);
    }
    const limited = await sendContact(contactFields({ message: "Un quatrième message trop rapproché." }), sender);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBe(600);
    expect(limited.data?.result?.error?.[""]).toEqual([
      "Trop de messages envoyés. Veuillez réessayer dans quelques minutes.",
    ]);
    expect(limited.data?.result?.initialValue).toMatchObject({ message: "Un quatrième message trop rapproché." });
    expect(await rows()).toHaveLength(3);
    expect((await sendContact(contactFields(), from("198.51.100.8"))).status).toBe(303);
  });

  it("counts senders with no known address as one, whatever X-Forwarded-For says (no TRUST_PROXY)", async () => {
    const send = (index: number) =>
      callAction(() =>
        routes.contact.action({
          request: formRequest("/contact", contactFields(), { headers: { "X-Forwarded-For": `192.0.2.${index}` } }),
          params: {},
          context: {},
        }),
      );
    for (let index = 0; index < 3; index += 1) expect((await send(index)).status).toBe(303);
    expect((await send(3)).status).toBe(429);
    expect(new Set((await rows()).map((row) => row.client_key)).size).toBe(1);
  });

  it("rejects a body over the size limit with 413", async () => {
    const { MAX_FORM_BYTES } = await import("~/services/form-request.server");
    const answer = await sendContact(contactFields({ message: "x".repeat(MAX_FORM_BYTES + 1) }));
    expect(answer.status).toBe(413);
    expect(await rows()).toHaveLength(0);
  });

  it("rejects a body that is not a form with 415", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(contactFields()),
    });
    const answer = await callAction(() => routes.contact.action({ request, params: {}, context: {} }));
    expect(answer.status).toBe(415);
  });
});

describe("the per-offer question action", () => {
  const ask = (slug: string, fields: Record<string, string>) =>
    callAction(() =>
      routes.brand.action({
        request: formRequest(`/offres/${slug}`, fields, { headers: from() }),
        params: { slug },
        context: {},
      }),
    );
  const question = { name: "Paul", email: "paul@exemple.fr", message: "Le code est-il encore valable ?" };

  it("stores the question with the brand of the page, whatever the form says", async () => {
    const answer = await ask("binance", { ...question, brandName: "Autre marque", submissionId: randomUUID() });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/offres/binance");
    expect(await rows()).toEqual([
      expect.objectContaining({
        name: "Paul",
        subject: null,
        brand_name: "Binance",
        message: "Le code est-il encore valable ?",
      }),
    ]);
  });

  it("answers 400 with the errors and values for an invalid question", async () => {
    const answer = await ask("n26", { name: "P", email: "paul@exemple.fr", message: "?" });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.data?.result?.error ?? {}).sort()).toEqual(["message", "name"]);
    expect(answer.data?.result?.initialValue).toMatchObject({ name: "P", email: "paul@exemple.fr" });
  });

  it("answers 404 for a question about an unknown brand", async () => {
    expect((await ask("inconnue", question)).status).toBe(404);
    expect(await rows()).toHaveLength(0);
  });
});
