import assert from "node:assert/strict";
import { buildEmail, createHandler, MAX_BODY_BYTES } from "./handler.ts";
import { MESSAGES, MESSAGES_SUMMARY } from "../_shared/contact-contract.ts";
import { assertCors, endpoint, type Fakes, harness, only, callerKey, testRequestChecks } from "../_shared/testing.ts";
import { UNKNOWN_NETWORK } from "../_shared/visitor-network.ts";

const CLIENT_KEY = "a".repeat(64);
const CONTACT_EMAIL = endpoint("send-contact-email", "submit_contact_message", CLIENT_KEY);
const { rpcUrl: RPC_URL, post, direct } = CONTACT_EMAIL;
const RESEND_URL = "https://api.resend.com/emails";

const MAIL_ENV: Record<string, string> = {
  RESEND_API_KEY: "re_test_key",
  CONTACT_TO_EMAIL: "owner@example.com",
};

/** What a caller is told when the message is not stored: by default 10 minutes' messages are counted. */
const REFUSED = {
  retryAfter: "600",
  rateLimited: "Trop de messages envoyés. Veuillez réessayer dans quelques minutes.",
  notStored: "Le message n'a pas pu être enregistré.",
};

interface Setup extends Fakes {
  resend?: () => Response;
}

/** A handler whose database and mail service are fakes answering like PostgREST and Resend. */
function setup({
  env = {},
  rpc = () => Response.json("stored"),
  resend = () => Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }),
}: Setup = {}) {
  const resendUrl = env.RESEND_API_URL ?? RESEND_URL;
  const fakes = harness({
    env: { ...MAIL_ENV, ...env },
    routes: { [RPC_URL]: rpc, [resendUrl]: resend },
    handler: (deps) => createHandler({ ...deps, now: () => new Date("2025-03-04T05:06:07.000Z") }),
  });

  return {
    ...fakes,
    rpcCalls: () => fakes.requests.filter((request) => request.url === RPC_URL),
    emails: () => fakes.requests.filter((request) => request.url === resendUrl),
  };
}

const CONTACT = {
  name: "  Jean Dupont  ",
  email: " jean.dupont@example.com ",
  subject: "partnership",
  message: '  Bonjour <b>l\'équipe</b> & "amis" : parlons partenariat.  ',
  submissionId: "0b5c2f8e-4b1a-4c33-9a53-7f3d2f6a9e10",
};

const QUESTION = {
  name: "Marie Curie",
  email: "marie@example.com",
  message: "Le code est-il toujours valable ?",
  brandName: "Binance",
};

testRequestChecks({ setup, endpoint: CONTACT_EMAIL, valid: CONTACT, maxBodyBytes: MAX_BODY_BYTES, ...REFUSED });

Deno.test("reports invalid fields of a contact message in French", async () => {
  const { call, requests } = setup();
  const response = await call(post({ name: " J ", email: "pas-une-adresse", subject: "", message: "Court" }));
  assert.equal(response.status, 400);
  assertCors(response);
  assert.deepEqual(await response.json(), {
    error: "Certains champs sont invalides.",
    fieldErrors: {
      name: ["Le nom doit comporter au moins 2 caractères"],
      email: ["Veuillez entrer une adresse e-mail valide"],
      subject: ["Veuillez sélectionner un sujet"],
      message: ["Le message doit comporter au moins 10 caractères"],
    },
  });
  assert.equal(requests.length, 0);
});

Deno.test("reports invalid fields of a question in French", async () => {
  const { call } = setup();
  const response = await call(post({ ...QUESTION, brandName: "Bin\nance", name: "Marie\r\nBcc: x@y.z" }));
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), {
    error: "Certains champs sont invalides.",
    fieldErrors: { name: [MESSAGES.nameInvalid], brandName: [MESSAGES.brandNameInvalid] },
  });
});

Deno.test("stores a contact message and e-mails the owner", async () => {
  const { call, rpcCalls, emails } = setup();
  const response = await call(post(CONTACT));
  assert.equal(response.status, 200);
  assertCors(response);
  assert.deepEqual(await response.json(), { ok: true, status: "stored", emailSent: true });

  const rpc = only(rpcCalls());
  assert.equal(rpc.method, "POST");
  assert.equal(rpc.headers.get("apikey"), "service-role-key");
  assert.equal(rpc.headers.get("authorization"), "Bearer service-role-key");
  assert.deepEqual(rpc.body, {
    p_name: "Jean Dupont",
    p_email: "jean.dupont@example.com",
    p_subject: "partnership",
    p_message: 'Bonjour <b>l\'équipe</b> & "amis" : parlons partenariat.',
    p_brand_name: null,
    p_submission_id: CONTACT.submissionId,
    p_client_key: CLIENT_KEY,
    // The site sent no network key: its visitor counts as a network of their own.
    p_network_key: CLIENT_KEY,
    p_max_per_window: 5,
    p_window: "600 seconds",
    p_max_per_network: 5,
  });

  const email = only(emails());
  assert.equal(email.headers.get("authorization"), "Bearer re_test_key");
  const sent = email.body;
  assert.equal(sent.from, "CodeParrain <onboarding@resend.dev>");
  assert.deepEqual(sent.to, ["owner@example.com"]);
  assert.equal(sent.reply_to, "jean.dupont@example.com");
  assert.equal(sent.subject, "[Contact] Proposition de partenariat");
  assert.doesNotMatch(String(sent.subject), /[\r\n]/);
  assert.match(String(sent.text), /Bonjour <b>l'équipe<\/b> & "amis" : parlons partenariat\./);
  assert.match(String(sent.text), /Nom : Jean Dupont/);
  const html = String(sent.html);
  assert.match(html, /Bonjour &lt;b&gt;l&#39;équipe&lt;\/b&gt; &amp; &quot;amis&quot; : parlons partenariat\./);
  assert.doesNotMatch(html, /<b>/);
});

Deno.test("stores a question about a brand", async () => {
  const { call, rpcCalls, emails } = setup({
    env: {
      CONTACT_FROM_EMAIL: "CodeParrain <contact@codeparrain.fr>",
      CONTACT_RATE_LIMIT_MAX: "3",
      CONTACT_RATE_LIMIT_WINDOW_SECONDS: "120",
    },
  });
  const response = await call(post(QUESTION));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true, status: "stored", emailSent: true });

  const rpc = only(rpcCalls()).body;
  assert.equal(rpc.p_brand_name, "Binance");
  assert.equal(rpc.p_subject, null);
  assert.equal(rpc.p_submission_id, null);
  assert.equal(rpc.p_max_per_window, 3);
  assert.equal(rpc.p_window, "120 seconds");

  const sent = only(emails()).body;
  assert.equal(sent.subject, "[Question] Binance");
  assert.equal(sent.from, "CodeParrain <contact@codeparrain.fr>");
  assert.match(String(sent.html), /Binance/);
});

Deno.test("refuses control characters in the name and the brand name, storing and e-mailing nothing", async () => {
  const { call, requests } = setup();
  const brand = await call(post({ ...QUESTION, brandName: "Bin\u000bance\u0085Bcc: x@y.z\u2028x" }));
  assert.equal(brand.status, 400);
  assert.deepEqual((await brand.json()).fieldErrors, { brandName: [MESSAGES.brandNameInvalid] });
  const name = await call(post({ ...CONTACT, name: "\u001b[2JAnne\u0007" }));
  assert.equal(name.status, 400);
  assert.deepEqual((await name.json()).fieldErrors, { name: ["Le nom contient des caractères non autorisés"] });
  assert.equal(requests.length, 0);
});

Deno.test("keeps control characters out of the e-mail subject", () => {
  const { subject } = buildEmail({ ...QUESTION, brandName: "Bin\u000bance\u0085Bcc: x@y.z\u2028x" }, new Date());
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(subject, /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
  assert.equal(subject, "[Question] Bin ance Bcc: x@y.z x");
});

Deno.test("caps the e-mail subject at 150 characters", () => {
  const { subject } = buildEmail({ ...QUESTION, brandName: "é".repeat(200) }, new Date());
  assert.equal(Array.from(subject).length, 150);
});

Deno.test("keys a direct caller on the right-most X-Forwarded-For entry, the one the platform wrote", async () => {
  const { call, rpcCalls } = setup();
  await call(post(QUESTION, { "x-client-key": "not-a-hash", "x-forwarded-for": "203.0.113.7, 10.0.0.1" }));
  await call(direct(QUESTION));
  const [forwarded, unknown] = rpcCalls().map((call) => call.body.p_client_key);
  assert.equal(forwarded, callerKey("10.0.0.1"));
  // No address at all: the one network every such caller shares.
  assert.equal(unknown, callerKey(UNKNOWN_NETWORK));
});

Deno.test("counts a direct IPv6 caller on its /64, and hashes its address with a key, not plainly", async () => {
  const { call, rpcCalls } = setup();
  for (const address of ["2001:db8:1:2::1", "2001:db8:1:2::5", "2001:0db8:0001:0002:ffff::9"]) {
    await call(direct(QUESTION, { "x-forwarded-for": address }));
  }
  const keys = new Set(rpcCalls().map((call) => call.body.p_client_key));
  assert.deepEqual([...keys], [callerKey("2001:db8:1:2::/64")]);
  const unset = setup({ env: { CONTACT_CLIENT_KEY_SECRET: undefined } });
  await unset.call(direct(QUESTION, { "x-forwarded-for": "198.51.100.9" }));
  assert.equal(unset.rpcCalls()[0]?.body.p_client_key, callerKey("198.51.100.9", "service-role-key"));
});

Deno.test(
  "counts direct callers of one IPv6 /48 or IPv4 /24 as one network, and takes the site's network key",
  async () => {
    const { call, rpcCalls } = setup();
    for (const address of ["2001:db8:1:2::1", "2001:db8:1:ffff::1", "198.51.100.9", "198.51.100.200"]) {
      await call(direct(QUESTION, { "x-forwarded-for": address }));
    }
    await call(post(QUESTION, { "x-client-network-key": "f".repeat(64) }));
    assert.deepEqual(
      rpcCalls().map((call) => call.body.p_network_key),
      [
        callerKey("2001:db8:1::/48"),
        callerKey("2001:db8:1::/48"),
        callerKey("198.51.100.0/24"),
        callerKey("198.51.100.0/24"),
        "f".repeat(64),
      ],
    );
  },
);

Deno.test("past the hourly ceiling, sends the owner one summary instead of the message, then nothing", async () => {
  const summary = setup({ rpc: () => Response.json("stored_summary") });
  const first = await summary.call(post(CONTACT));
  assert.deepEqual(await first.json(), { ok: true, status: "stored", emailSent: true });
  const sent = only(summary.emails()).body;
  assert.equal(sent.subject, MESSAGES_SUMMARY.subject);
  assert.equal(sent.text, MESSAGES_SUMMARY.text);
  assert.doesNotMatch(String(sent.text), /parlons partenariat/);

  const quiet = setup({ rpc: () => Response.json("stored_quiet") });
  const next = await quiet.call(post(CONTACT));
  assert.deepEqual(await next.json(), { ok: true, status: "stored", emailSent: false });
  assert.equal(quiet.emails().length, 0);
});

Deno.test("does not let a direct caller pick a fresh budget with a made-up X-Forwarded-For", async () => {
  const { call, rpcCalls } = setup();
  // The caller writes what it likes; the platform appends the address it saw, 198.51.100.9.
  for (const forged of ["1.1.1.1", "2.2.2.2, 3.3.3.3", "unknown", ""]) {
    const header = forged ? `${forged}, 198.51.100.9` : "198.51.100.9";
    await call(direct(QUESTION, { "x-forwarded-for": header }));
  }
  const keys = new Set(rpcCalls().map((call) => call.body.p_client_key));
  assert.deepEqual([...keys], [callerKey("198.51.100.9")]);
});

Deno.test("warns when the site's sender key is refused, so that a secret set on one side only shows", async () => {
  const wrong = setup();
  await wrong.call(post(QUESTION, { "x-client-key": CLIENT_KEY, "x-client-key-secret": "other-secret" }));
  assert.match(String(wrong.warnings[0]?.[0]), /CONTACT_CLIENT_KEY_SECRET diffère de celui du site/);
  const unset = setup({ env: { CONTACT_CLIENT_KEY_SECRET: undefined } });
  await unset.call(post(QUESTION, { "x-client-key": CLIENT_KEY, "x-client-key-secret": "shared-secret" }));
  assert.match(String(unset.warnings[0]?.[0]), /CONTACT_CLIENT_KEY_SECRET n'est pas défini pour la fonction/);
  const vouched = setup();
  await vouched.call(post(QUESTION, { "x-client-key": CLIENT_KEY, "x-client-key-secret": "shared-secret" }));
  assert.equal(vouched.warnings.length, 0);
});

Deno.test("does not e-mail a duplicate", async () => {
  const { call, rpcCalls, emails } = setup({ rpc: () => Response.json("duplicate") });
  const response = await call(post(CONTACT));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true, status: "duplicate" });
  assert.equal(rpcCalls().length, 1);
  assert.equal(emails().length, 0);
});

Deno.test("keeps the stored message when the e-mail service cannot be reached", async () => {
  const { call, emails, errors } = setup({
    env: { RESEND_API_URL: "http://127.0.0.1:9/emails" },
    resend: () => {
      throw new TypeError("error sending request: connection refused");
    },
  });
  const response = await call(post(CONTACT));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true, status: "stored", emailSent: false });
  assert.equal(emails().length, 1);
  assert.match(String(errors[0]?.[1]), /connection refused/);
});

Deno.test("reports emailSent false when Resend answers an error", async () => {
  const { call, emails, errors } = setup({
    resend: () => Response.json({ statusCode: 403, message: "forbidden" }, { status: 403 }),
  });
  const response = await call(post(QUESTION));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true, status: "stored", emailSent: false });
  assert.equal(emails().length, 1);
  assert.match(JSON.stringify(errors), /403/);
});

Deno.test("does not call Resend when e-mail is not configured", async () => {
  const { call, requests, emails } = setup({ env: { RESEND_API_KEY: undefined } });
  const response = await call(post(CONTACT));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true, status: "stored", emailSent: false });
  assert.equal(emails().length, 0);
  assert.equal(requests.length, 1);
});

Deno.test("does not let a caller without the shared secret choose its rate-limit key", async () => {
  const { call, rpcCalls } = setup();
  await call(post(QUESTION, { "x-client-key-secret": "wrong", "x-forwarded-for": "198.51.100.4" }));
  await call(post(QUESTION, { "x-forwarded-for": "198.51.100.4" }));
  const [forged, vouched] = rpcCalls().map((call) => call.body.p_client_key);
  assert.equal(forged, callerKey("198.51.100.4"));
  assert.equal(vouched, "a".repeat(64));
});
