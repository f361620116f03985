import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SupabaseBackend } from "~/services/backend/supabase.server";
import { runShutdownHooks } from "~/services/lifecycle/shutdown.server";
import { everyOutboxLookedAgain } from "~/services/mail/outbox.server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { startStandIn, type StandIn } from "../support/stand-in";
import { ANON_KEY } from "../support/supabase-stand-in";
import { POLL_MS } from "../support/timeouts";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { OfferAlert } from "~/catalogue/alerts";
import type { MailConfig } from "~/services/config/env.server";

/**
 * The owner's alerts with hosted Supabase: handed to the database's queue_owner_alerts through PostgREST with the
 * service role's key, then e-mailed by the site's outbox through a real SMTP server. The stand-in answers as
 * PostgREST does: the alert row the outbox claims is the one queued, claimed once, and once settled as sent no
 * other is due.
 */
const SERVICE_ROLE_KEY = "service-role-key";
const ALERT: OfferAlert = {
  kind: "reported",
  offerSlug: "sorare",
  validUntil: null,
  subject: "[Alerte] Sorare : code signalé comme ne fonctionnant plus",
  body: "Plusieurs visiteurs signalent que ce code ne fonctionne plus.\n0 oui, 5 non.",
};

interface Call {
  method: string;
  url: string;
  apikey: string | undefined;
  body: unknown;
}

let smtp: TestSmtpServer;
let standIn: StandIn;
const calls: Call[] = [];
/** What owner_alerts holds, as far as this contract goes: the one row queued, and whether it was sent. */
const table = { queued: false, sent: false, claimed: false };

function answer(request: IncomingMessage, response: ServerResponse, body: unknown) {
  const url = request.url ?? "";
  const reply = (status: number, json?: unknown) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    response.end(json === undefined ? undefined : JSON.stringify(json));
  };
  // queue_owner_alerts queues the alert once, as its rules do, and says how many e-mails it made due.
  if (request.method === "POST" && url === "/rest/v1/rpc/queue_owner_alerts") {
    const queued = table.queued ? 0 : 1;
    table.queued = true;
    return reply(200, queued);
  }
  // No testimonial's author nor any visitor is waiting for an e-mail.
  if (url === "/rest/v1/rpc/claim_due_author_mails" || url === "/rest/v1/rpc/claim_due_visitor_mails") {
    return reply(200, []);
  }
  if (url === "/rest/v1/rpc/visitor_mails_next_due_ms") return reply(200, null);
  if (url === "/rest/v1/rpc/alert_owner_if_visitor_mails_late") return reply(200, false);
  if (url === "/rest/v1/rpc/alert_owner_if_requests_unconfirmed") return reply(200, false);
  const pending = table.queued && !table.sent;
  // The alert is claimed once: the database's SKIP LOCKED gives it to one instance until it is settled.
  if (url === "/rest/v1/rpc/claim_due_alerts") {
    const row = { id: 1, attempts: 0, queued_at: new Date().toISOString(), subject: ALERT.subject, body: ALERT.body };
    const claimed = pending && !table.claimed;
    table.claimed ||= claimed;
    return reply(200, claimed ? [row] : []);
  }
  if (url === "/rest/v1/rpc/settle_outbox_row") {
    if ((body as { p_error: string | null }).p_error === null) table.sent = true;
    table.claimed = false;
    return reply(200, true);
  }
  if (url === "/rest/v1/rpc/renew_outbox_claim") return reply(200, table.claimed);
  if (url === "/rest/v1/rpc/outbox_next_due_ms") return reply(200, pending && !table.claimed ? 0 : null);
  return reply(404, { message: "unknown" });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  standIn = await startStandIn((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk));
    request.on("end", () => {
      const body: unknown = raw ? JSON.parse(raw) : null;
      calls.push({
        method: request.method ?? "",
        url: decodeURIComponent(request.url ?? ""),
        apikey: request.headers.apikey as string | undefined,
        body,
      });
      answer(request, response, body);
    });
  });
});
afterAll(async () => {
  // The outboxes the backends started stop first: none then asks a stand-in that is gone.
  await runShutdownHooks();
  await standIn?.close();
  await smtp?.stop();
});

const mail = (): MailConfig => ({
  smtpUrl: `smtp://site:motdepasse@127.0.0.1:${smtp.port}`,
  from: "CodeParrain <site@exemple.fr>",
  to: "proprietaire@exemple.fr",
});

const backend = (options: { serviceRoleKey?: string; mail?: MailConfig }) =>
  new SupabaseBackend({ url: standIn.url, anonKey: ANON_KEY, defaultRetryAfterSeconds: 600, ...options });

describe("the owner's alerts with hosted Supabase", () => {
  it("are neither queued nor sent without SMTP_URL or without the service role's key", async () => {
    await backend({ mail: mail() }).queueAlerts({ alerts: [ALERT], notReported: ["wise"] });
    await backend({ serviceRoleKey: SERVICE_ROLE_KEY }).queueAlerts({ alerts: [ALERT], notReported: ["wise"] });
    expect(calls).toEqual([]);
  });

  it("are queued in owner_alerts with the service role's key, e-mailed once, and marked sent", async () => {
    const site = backend({ serviceRoleKey: SERVICE_ROLE_KEY, mail: mail() });
    // Every offer but the reported one: at 1 000 offers and more, far too many slugs for one address.
    const others = Array.from({ length: 1_000 }, (_, index) => `marque-synthetique-${index}`);
    await site.queueAlerts({ alerts: [ALERT], notReported: ["wise", "n26", ...others] });

    const [received] = await smtp.waitFor(1);
    const sent = await simpleParser(received!.raw);
    expect(sent.subject).toBe(ALERT.subject);
    expect(sent.to && "text" in sent.to ? sent.to.text : "").toBe("proprietaire@exemple.fr");
    expect(sent.text).toContain("0 oui, 5 non.");

    await expect.poll(() => table.sent).toBe(true);
    expect(calls.every((call) => call.apikey === SERVICE_ROLE_KEY)).toBe(true);
    // The outbox's first look for what an earlier run left pending may come before or after these two.
    expect(Math.max(...calls.map((call) => call.url.length))).toBeLessThan(1_000);
    // One call of the database's rules with the whole check: the offers no longer reported travel in its body.
    const queued = calls.filter((call) => call.url.endsWith("/queue_owner_alerts"));
    expect(queued).toEqual([
      expect.objectContaining({
        url: "/rest/v1/rpc/queue_owner_alerts",
        body: { p_alerts: [ALERT], p_not_reported: ["wise", "n26", ...others] },
      }),
    ]);
    const claim = calls.find((call) => call.url === "/rest/v1/rpc/claim_due_alerts");
    expect(claim?.body).toEqual({
      p_claimer: expect.stringMatching(/^[0-9a-f-]{36}$/),
      p_limit: 20,
      p_lease_seconds: 120,
    });
    const claimer = (claim?.body as { p_claimer: string }).p_claimer;
    // Settled by the instance that claimed it.
    expect(calls.find((call) => call.url === "/rest/v1/rpc/settle_outbox_row")?.body).toEqual({
      p_queue: "alerts",
      p_id: 1,
      p_claimer: claimer,
      p_attempts: 1,
      p_error: null,
      p_gives_up: false,
      p_retry_seconds: 0,
    });

    // The same alert again: the rules queue nothing, nothing is sent twice. The outbox's own looks (claims, next
    // due) may come in between: they are not this check's.
    calls.length = 0;
    await site.queueAlerts({ alerts: [ALERT], notReported: [] });
    const outboxLooks = /\/rpc\/(claim_due_\w+|\w+_next_due_ms|alert_owner_if_\w+)$/;
    expect(calls.filter((call) => !outboxLooks.test(call.url)).map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST /rest/v1/rpc/queue_owner_alerts",
    ]);
    await everyOutboxLookedAgain();
    expect(smtp.received).toHaveLength(1);
  });

  it("are tried again later, with the error noted in their row, when the mail server cannot be reached", async () => {
    Object.assign(table, { queued: false, sent: false, claimed: false });
    calls.length = 0;
    const unreachable = { ...mail(), smtpUrl: "smtp://site:motdepasse@127.0.0.1:9" };
    await backend({ serviceRoleKey: SERVICE_ROLE_KEY, mail: unreachable }).queueAlerts({
      alerts: [ALERT],
      notReported: [],
    });
    const settles = (call: Call) => call.url === "/rest/v1/rpc/settle_outbox_row";
    await expect.poll(() => calls.some(settles), { timeout: POLL_MS }).toBe(true);
    const failed = calls.find(settles)?.body as { p_retry_seconds: number };
    expect(failed).toMatchObject({
      p_queue: "alerts",
      p_attempts: 1,
      p_gives_up: false,
      p_error: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(failed.p_retry_seconds).toBe(10);
    expect(table.sent).toBe(false);
  });
});
