import assert from "node:assert/strict";
import { createHandler, MAX_BODY_BYTES } from "./handler.ts";
import { endpoint, type Fakes, harness, only, SUPABASE_URL, testRequestChecks } from "../_shared/testing.ts";

const CLIENT_KEY = "b".repeat(64);
const NETWORK_KEY = "e".repeat(64);
const SUBMIT = endpoint("testimonials", "submit_testimonial", CLIENT_KEY);
const REPORT_URL = `${SUPABASE_URL}/rest/v1/rpc/report_testimonial`;
const ERASE_URL = `${SUPABASE_URL}/rest/v1/rpc/erase_testimonial_by_token`;
const CONFIRM_URL = `${SUPABASE_URL}/rest/v1/rpc/confirm_testimonial_email`;

const REFUSED = {
  retryAfter: "86400",
  rateLimited:
    "Vous avez déjà envoyé plusieurs témoignages aujourd'hui depuis ce réseau. Réessayez demain, merci de votre patience.",
  notStored: "Votre témoignage n'a pas pu être enregistré. Veuillez réessayer.",
};

function setup({ env, rpc = () => Response.json("stored"), report = "missing" }: Fakes & { report?: string } = {}) {
  return harness({
    env,
    routes: {
      [SUBMIT.rpcUrl]: rpc,
      [REPORT_URL]: () => Response.json(report),
      [CONFIRM_URL]: () => Response.json("binance"),
      [ERASE_URL]: () =>
        Response.json({ id: 4, offerSlug: "binance", createdAt: "2026-11-20T10:00:00Z", wasPublic: true }),
    },
    handler: createHandler,
  });
}

const TESTIMONIAL = {
  action: "submit",
  offerSlug: "binance",
  name: "Anne",
  text: "Inscription simple, bonus reçu en une semaine.",
  experiencedIn: "2026-10",
  email: null,
  emailKey: null,
  confirmTokenHash: null,
  eraseTokenHash: "a".repeat(64),
  mail: null,
  alert: null,
};

testRequestChecks({ setup, endpoint: SUBMIT, valid: TESTIMONIAL, maxBodyBytes: MAX_BODY_BYTES, ...REFUSED });

Deno.test("stores a testimonial with the site's visitor and network keys and the day's limits", async () => {
  const { call, requests } = setup();
  const response = await call(SUBMIT.post(TESTIMONIAL, { "x-client-network-key": NETWORK_KEY }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true, status: "stored" });
  assert.deepEqual(only(requests).body, {
    p_offer_slug: "binance",
    p_author_name: "Anne",
    p_body: TESTIMONIAL.text,
    p_experienced_in: "2026-10-01",
    p_email: null,
    p_erase_token_hash: "a".repeat(64),
    p_client_key: CLIENT_KEY,
    p_network_key: NETWORK_KEY,
    p_max_per_visitor: 2,
    p_max_per_network: 5,
    p_mail_subject: null,
    p_mail_body: null,
    p_alert_subject: null,
    p_email_key: null,
    p_confirm_hash: null,
    p_max_mails_per_address: 1,
  });
});

Deno.test("refuses a text with a right-to-left override, before the database", async () => {
  const { call, requests } = setup();
  const response = await call(SUBMIT.post({ ...TESTIMONIAL, text: "Super offre \u202e moc.liam@ ! Vraiment." }));
  assert.equal(response.status, 400);
  assert.equal(requests.length, 0);
});

Deno.test("says a testimonial has its share of notices, with the cap it passed to the database", async () => {
  const { call, requests } = setup({ report: "full" });
  const report = await call(SUBMIT.post({ action: "report", testimonialId: 4, reason: "other", details: "Faux." }));
  assert.deepEqual(await report.json(), { ok: true, status: "full" });
  const { url, body } = only(requests);
  assert.equal(url, REPORT_URL);
  assert.equal(body.p_max_per_testimonial, 10);
  assert.equal(body.p_max_per_network, 10);
});

Deno.test("passes on the button of a confirmation link", async () => {
  const { call, requests } = setup();
  const confirm = await call(SUBMIT.post({ action: "confirm", confirmTokenHash: "d".repeat(64) }));
  assert.deepEqual(await confirm.json(), { ok: true, offer: "binance" });
  assert.deepEqual(only(requests).body, { p_confirm_hash: "d".repeat(64) });
});

Deno.test("passes on a notice and an erasure by link", async () => {
  const { call } = setup();
  const report = await call(SUBMIT.post({ action: "report", testimonialId: 4, reason: "insult", details: null }));
  assert.deepEqual(await report.json(), { ok: true, status: "missing" });
  const erase = await call(SUBMIT.post({ action: "erase", eraseTokenHash: "c".repeat(64) }));
  assert.deepEqual(await erase.json(), {
    ok: true,
    erased: { id: 4, offerSlug: "binance", createdAt: "2026-11-20T10:00:00Z", wasPublic: true },
  });
});
