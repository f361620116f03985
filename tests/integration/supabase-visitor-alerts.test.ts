import { describe, expect, it } from "vitest";
import { BackendError } from "~/services/backend/errors.server";
import { SupabaseAlertStore } from "~/services/backend/supabase-alerts.server";
import { clientWith, SupabaseBackend } from "~/services/backend/supabase.server";
import { FunctionVisitorAlertStore, rpcCalls } from "~/services/backend/visitor-alert-store.server";
import {
  ANON_KEY,
  expectServiceRole,
  rejection,
  SERVICE_ROLE_KEY,
  serviceRoleBackendAt,
  supabaseStandIn,
} from "../support/supabase-stand-in";

/**
 * The visitors' alerts with hosted Supabase: the same SQL functions as on a database the site reaches itself, called
 * as RPCs with the service role's key (never the public one), against the stand-in; and the visitors' queue of the
 * outbox, at its own hourly rate.
 */
const standIn = supabaseStandIn();
const MAIL = { smtpUrl: "smtp://127.0.0.1:9", to: "proprietaire@exemple.fr", from: "site@exemple.fr" };

const serviceClient = () => clientWith(standIn.url, SERVICE_ROLE_KEY);

function store(queued: () => void = () => undefined) {
  return new FunctionVisitorAlertStore(rpcCalls(serviceClient()), queued);
}

describe("visitor alerts with hosted Supabase", () => {
  it("are offered only with SMTP_URL and the service role's key", () => {
    expect(serviceRoleBackendAt("http://127.0.0.1:9").visitorAlerts()).toBeNull();
    const withoutKey = new SupabaseBackend({
      url: "http://127.0.0.1:9",
      anonKey: ANON_KEY,
      defaultRetryAfterSeconds: 1,
      mail: MAIL,
    });
    expect(withoutKey.visitorAlerts()).toBeNull();
    const both = new SupabaseBackend({
      url: "http://127.0.0.1:9",
      anonKey: ANON_KEY,
      defaultRetryAfterSeconds: 1,
      serviceRoleKey: SERVICE_ROLE_KEY,
      mail: MAIL,
    });
    expect(both.visitorAlerts()).toBeInstanceOf(FunctionVisitorAlertStore);
  });

  it("store a request through request_alert, with every argument named, and wake the outbox", async () => {
    standIn.respond(200, "accepted");
    let woken = 0;
    const request = {
      email: "anne@exemple.fr",
      addressKey: "a".repeat(64),
      mailboxKey: "e".repeat(64),
      topic: "marque:n26",
      consentForm: "/offres/n26",
      consentVersion: "2026-11-27",
      confirmHash: "b".repeat(64),
      linkSalt: "c".repeat(32),
      linkHash: "d".repeat(64),
      networkKey: "reseau",
      shareKey: "fournisseur",
      maxPerNetwork: 10,
      maxMailsPerAddress: 2,
      maxPendingPerShare: 3,
      mail: { subject: "Confirmez votre alerte : N26", body: "Texte", unsubscribeUrl: null },
    };
    expect(await store(() => (woken += 1)).request(request)).toBe("accepted");
    const { request: sent, body } = standIn.only();
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/rest/v1/rpc/request_alert");
    expect(body).toEqual({
      p_email: "anne@exemple.fr",
      p_address_key: request.addressKey,
      p_topic: "marque:n26",
      p_consent_form: "/offres/n26",
      p_consent_version: "2026-11-27",
      p_confirm_hash: request.confirmHash,
      p_link_salt: request.linkSalt,
      p_link_hash: request.linkHash,
      p_network_key: "reseau",
      p_max_per_network: 10,
      p_max_mails_per_address: 2,
      p_subject: "Confirmez votre alerte : N26",
      p_body: "Texte",
      p_unsubscribe_url: null,
      p_mailbox_key: request.mailboxKey,
      p_share_key: "fournisseur",
      p_max_pending_per_share: 3,
    });
    expect(woken).toBe(1);
    expectServiceRole(standIn.received);

    standIn.respond(200, "rate_limited");
    expect(await store(() => (woken += 1)).request(request)).toBe("rate_limited");
    expect(woken).toBe(1);
  });

  it("read the addresses due an e-mail, with their news, and queue each e-mail", async () => {
    const news = [
      { id: "7", slug: "n26", recordedAt: "2026-11-27T08:00:00+00:00", change: "improved", before: {}, after: {} },
    ];
    standIn.respond(200, [
      {
        subscriber_id: 3,
        email: "anne@exemple.fr",
        link_salt: "c".repeat(32),
        up_to: "2026-11-27T08:05:00+00:00",
        news,
      },
    ]);
    const [due] = await store().claimDigests("instance-a", 50, 120, 240);
    expect(due).toEqual({
      subscriberId: 3,
      email: "anne@exemple.fr",
      linkSalt: "c".repeat(32),
      upTo: "2026-11-27T08:05:00+00:00",
      news: [{ ...news[0], id: 7 }],
    });
    expect(standIn.only().body).toEqual({
      p_claimer: "instance-a",
      p_limit: 50,
      p_lease_seconds: 120,
      p_delay_seconds: 240,
    });

    standIn.received.length = 0;
    standIn.respond(200, true);
    const mail = { subject: "Publicité - Offre améliorée : N26", body: "Texte", unsubscribeUrl: "https://x/y" };
    expect(await store().queueDigest(3, "instance-a", "2026-11-27T08:05:00+00:00", mail)).toBe(true);
    const { request, body } = standIn.only();
    expect(request.url).toBe("/rest/v1/rpc/queue_alert_digest");
    expect(body).toEqual({
      p_subscriber_id: 3,
      p_claimer: "instance-a",
      p_up_to: "2026-11-27T08:05:00+00:00",
      p_subject: mail.subject,
      p_body: "Texte",
      p_unsubscribe_url: "https://x/y",
    });
  });

  it("tell the owner of requests nobody confirms through alert_owner_if_requests_unconfirmed, at the hour's rate", async () => {
    const outbox = new SupabaseAlertStore(serviceClient(), 120, 30);
    standIn.respond(200, true);
    expect(await outbox.alertOwnerIfRequestsUnconfirmed({ subject: "Sujet", body: "Texte" })).toBe(true);
    const call = standIn.only();
    expect(call.request.url).toBe("/rest/v1/rpc/alert_owner_if_requests_unconfirmed");
    expect(call.body).toEqual({ p_per_hour: 30, p_subject: "Sujet", p_body: "Texte" });
    expectServiceRole(standIn.received);
  });

  it("turn a failed call into a BackendError", async () => {
    standIn.respond(500, { message: "base indisponible", code: "XX000" });
    expect(await rejection(store().followCounts())).toBeInstanceOf(BackendError);
  });

  it("send the visitors' e-mails at their own rate, and end an address refused for good", async () => {
    const outbox = new SupabaseAlertStore(serviceClient(), 120, 30);
    standIn.respond(200, []);
    expect(await outbox.dueVisitorMails(20)).toEqual([]);
    const claim = standIn.only();
    expect(claim.request.url).toBe("/rest/v1/rpc/claim_due_visitor_mails");
    expect(claim.body).toEqual({ p_claimer: outbox.claimer, p_limit: 20, p_lease_seconds: 120, p_per_hour: 30 });

    standIn.received.length = 0;
    standIn.respond(200, true);
    await outbox.markFailed("visitors", 9, {
      attempts: 1,
      error: "550 Boîte inconnue",
      givesUp: false,
      retryInSeconds: 10,
      refused: true,
    });
    const settled = standIn.only();
    expect(settled.request.url).toBe("/rest/v1/rpc/settle_visitor_mail");
    expect(settled.body).toEqual({
      p_id: 9,
      p_claimer: outbox.claimer,
      p_attempts: 1,
      p_error: "550 Boîte inconnue",
      p_gives_up: false,
      p_retry_seconds: 10,
      p_refused: true,
    });
    expectServiceRole(standIn.received);
  });
});
