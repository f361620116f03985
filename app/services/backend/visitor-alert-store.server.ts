import { openDatabase, type DatabasePlace } from "./database.server";
import { toBackendError } from "./errors.server";
import { asRole } from "./sql-roles.server";
import type { AlertRequest, AlertSubscription, DueDigest, DueRenewal, VisitorAlertStore } from "./types.server";
import type { SupabaseClient } from "@supabase/supabase-js";

/**
 * How the alerts' SQL functions (20250212000000_visitor_alerts.sql) are called, by name with named arguments: in
 * SQL on a database the site reaches itself, or as RPCs with hosted Supabase. Both as the service role.
 */
export interface FunctionCalls {
  /** A function that gives one value. */
  value<T>(name: string, args: Record<string, unknown>): Promise<T>;
  /** A function that gives rows. */
  rows<T>(name: string, args: Record<string, unknown>): Promise<T[]>;
}

/** The calls in SQL, named notation (`p_email => $1`), as the service role. */
export function sqlCalls(place: DatabasePlace): FunctionCalls {
  const run = async <T>(sql: (call: string) => string, name: string, args: Record<string, unknown>) => {
    const names = Object.keys(args);
    const call = `public.${name}(${names.map((arg, index) => `${arg} => $${index + 1}`).join(", ")})`;
    try {
      const db = await openDatabase(place);
      return (await asRole(db, "service_role", (tx) => tx.query<T>(sql(call), Object.values(args)))).rows;
    } catch (error) {
      throw toBackendError(error);
    }
  };
  return {
    value: async <T>(name: string, args: Record<string, unknown>) =>
      ((await run<{ result: T }>((call) => `select ${call} as result`, name, args))[0] as { result: T }).result,
    rows: <T>(name: string, args: Record<string, unknown>) => run<T>((call) => `select * from ${call}`, name, args),
  };
}

/** The calls as RPCs of hosted Supabase, with a client holding the service role's key. */
export function rpcCalls(client: SupabaseClient): FunctionCalls {
  const rpc = async (name: string, args: Record<string, unknown>) => {
    const { data, error } = await client.rpc(name, args);
    if (error) throw toBackendError(error);
    return data as unknown;
  };
  return {
    value: async <T>(name: string, args: Record<string, unknown>) => (await rpc(name, args)) as T,
    rows: async <T>(name: string, args: Record<string, unknown>) => ((await rpc(name, args)) ?? []) as T[],
  };
}

/** The visitors' alerts through the database's functions. `queued` wakes the outbox when an e-mail was queued. */
export class FunctionVisitorAlertStore implements VisitorAlertStore {
  constructor(
    private readonly calls: FunctionCalls,
    private readonly queued: () => void,
  ) {}

  async request(request: AlertRequest): Promise<"accepted" | "rate_limited"> {
    const outcome = await this.calls.value<string>("request_alert", {
      p_email: request.email,
      p_address_key: request.addressKey,
      p_topic: request.topic,
      p_consent_form: request.consentForm,
      p_consent_version: request.consentVersion,
      p_confirm_hash: request.confirmHash,
      p_link_salt: request.linkSalt,
      p_link_hash: request.linkHash,
      p_network_key: request.networkKey,
      p_max_per_network: request.maxPerNetwork,
      p_max_mails_per_address: request.maxMailsPerAddress,
      p_subject: request.mail.subject,
      p_body: request.mail.body,
      p_unsubscribe_url: request.mail.unsubscribeUrl,
      p_mailbox_key: request.mailboxKey,
      p_share_key: request.shareKey,
      p_max_pending_per_share: request.maxPendingPerShare,
    });
    if (outcome === "rate_limited") return "rate_limited";
    this.queued();
    return "accepted";
  }

  async confirm(confirmHash: string): Promise<string | null> {
    return (await this.calls.value<string | null>("confirm_alert", { p_confirm_hash: confirmHash })) ?? null;
  }

  async refuse(confirmHash: string): Promise<boolean> {
    return (await this.calls.value<boolean>("refuse_alert", { p_confirm_hash: confirmHash })) === true;
  }

  async subscription(linkHash: string): Promise<AlertSubscription | null> {
    const rows = await this.calls.rows<{
      subscriber_id: number;
      confirmed_at: string | null;
      renewal_asked_at: string | null;
      topic: string | null;
      follow_confirmed: boolean | null;
    }>("alert_subscription", { p_link_hash: linkHash });
    const first = rows[0];
    if (!first) return null;
    return {
      subscriberId: Number(first.subscriber_id),
      confirmedAt: first.confirmed_at,
      renewalAskedAt: first.renewal_asked_at,
      follows: rows.flatMap((row) =>
        row.topic ? [{ topic: row.topic, confirmed: row.follow_confirmed === true }] : [],
      ),
    };
  }

  async change(linkHash: string, action: "unsubscribe" | "stop" | "renew", topic?: string): Promise<boolean> {
    return (
      (await this.calls.value<boolean>("change_alert_subscription", {
        p_link_hash: linkHash,
        p_action: action,
        p_topic: topic ?? null,
      })) === true
    );
  }

  async claimDigests(claimer: string, limit: number, leaseSeconds: number, delaySeconds: number): Promise<DueDigest[]> {
    const rows = await this.calls.rows<{
      subscriber_id: number;
      email: string;
      link_salt: string;
      up_to: string;
      news: DueDigest["news"] | null;
    }>("claim_alert_digests", {
      p_claimer: claimer,
      p_limit: limit,
      p_lease_seconds: leaseSeconds,
      p_delay_seconds: delaySeconds,
    });
    return rows.map((row) => ({
      subscriberId: Number(row.subscriber_id),
      email: row.email,
      linkSalt: row.link_salt,
      upTo: row.up_to,
      news: (row.news ?? []).map((change) => ({ ...change, id: Number(change.id) })),
    }));
  }

  async queueDigest(
    subscriberId: number,
    claimer: string,
    upTo: string,
    mail: { subject: string; body: string; unsubscribeUrl: string } | null,
  ): Promise<boolean> {
    const held = await this.calls.value<boolean>("queue_alert_digest", {
      p_subscriber_id: subscriberId,
      p_claimer: claimer,
      p_up_to: upTo,
      p_subject: mail?.subject ?? null,
      p_body: mail?.body ?? null,
      p_unsubscribe_url: mail?.unsubscribeUrl ?? null,
    });
    if (held && mail) this.queued();
    return held === true;
  }

  async claimRenewals(claimer: string, limit: number, leaseSeconds: number, askDays: number): Promise<DueRenewal[]> {
    const rows = await this.calls.rows<{ subscriber_id: number; email: string; link_salt: string }>(
      "claim_alert_renewals",
      { p_claimer: claimer, p_limit: limit, p_lease_seconds: leaseSeconds, p_ask_days: askDays },
    );
    return rows.map((row) => ({ subscriberId: Number(row.subscriber_id), email: row.email, linkSalt: row.link_salt }));
  }

  async queueRenewal(
    subscriberId: number,
    claimer: string,
    mail: { subject: string; body: string; unsubscribeUrl: string },
  ): Promise<boolean> {
    const held = await this.calls.value<boolean>("queue_alert_renewal", {
      p_subscriber_id: subscriberId,
      p_claimer: claimer,
      p_subject: mail.subject,
      p_body: mail.body,
      p_unsubscribe_url: mail.unsubscribeUrl,
    });
    if (held) this.queued();
    return held === true;
  }

  async deleteExpired(): Promise<number> {
    return Number(await this.calls.value<number>("delete_expired_alerts", {}));
  }

  async followCounts(): Promise<{ topic: string; followers: number }[]> {
    const rows = await this.calls.rows<{ topic: string; followers: number | string }>("alert_follow_counts", {});
    return rows.map((row) => ({ topic: row.topic, followers: Number(row.followers) }));
  }
}
