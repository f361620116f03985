import { openDatabase, type DatabasePlace } from "./database.server";
import { toBackendError } from "./errors.server";
import { asRole } from "./sql-roles.server";
import type { SqlRunner } from "./sql-session.server";
import type { AlertRequest, AlertSubscription, DueDigest, DueRenewal, VisitorAlertStore } from "./types.server";

/**
 * The visitors' alerts on a Postgres database the site reaches itself, as the service role, through the functions of
 * 20250212000000_visitor_alerts.sql. `queued` wakes the outbox when an e-mail was queued.
 */
export class SqlVisitorAlertStore implements VisitorAlertStore {
  constructor(
    private readonly place: DatabasePlace,
    private readonly queued: () => void,
  ) {}

  private async call<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    try {
      const work = (tx: SqlRunner) => tx.query<T>(sql, params);
      return (await asRole(await openDatabase(this.place), "service_role", work)).rows;
    } catch (error) {
      throw toBackendError(error);
    }
  }

  async request(request: AlertRequest): Promise<"accepted" | "rate_limited"> {
    const [row] = await this.call<{ outcome: string }>(
      `select public.request_alert($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) as outcome`,
      [
        request.email,
        request.addressKey,
        request.topic,
        request.consentForm,
        request.consentVersion,
        request.confirmHash,
        request.linkSalt,
        request.linkHash,
        request.networkKey,
        request.maxPerNetwork,
        request.maxMailsPerAddress,
        request.mail.subject,
        request.mail.body,
        request.mail.unsubscribeUrl,
      ],
    );
    if (row?.outcome === "rate_limited") return "rate_limited";
    this.queued();
    return "accepted";
  }

  async confirm(confirmHash: string): Promise<string | null> {
    const [row] = await this.call<{ topic: string | null }>("select public.confirm_alert($1) as topic", [confirmHash]);
    return row?.topic ?? null;
  }

  async subscription(linkHash: string): Promise<AlertSubscription | null> {
    const rows = await this.call<{
      subscriber_id: number;
      confirmed_at: string | null;
      renewal_asked_at: string | null;
      topic: string | null;
      follow_confirmed: boolean | null;
    }>("select * from public.alert_subscription($1)", [linkHash]);
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
    const [row] = await this.call<{ found: boolean }>("select public.change_alert_subscription($1, $2, $3) as found", [
      linkHash,
      action,
      topic ?? null,
    ]);
    return row?.found === true;
  }

  async claimDigests(claimer: string, limit: number, leaseSeconds: number, delaySeconds: number): Promise<DueDigest[]> {
    const rows = await this.call<{
      subscriber_id: number;
      email: string;
      link_salt: string;
      up_to: string;
      news: DueDigest["news"] | null;
    }>(
      "select subscriber_id, email, link_salt, to_json(up_to)#>>'{}' as up_to, news from public.claim_alert_digests($1, $2, $3, $4)",
      [claimer, limit, leaseSeconds, delaySeconds],
    );
    return rows.map((row) => ({
      subscriberId: Number(row.subscriber_id),
      email: row.email,
      linkSalt: row.link_salt,
      upTo: row.up_to,
      news: row.news ?? [],
    }));
  }

  async queueDigest(
    subscriberId: number,
    claimer: string,
    upTo: string,
    mail: { subject: string; body: string; unsubscribeUrl: string } | null,
  ): Promise<boolean> {
    const [row] = await this.call<{ held: boolean }>(
      "select public.queue_alert_digest($1, $2, $3, $4, $5, $6) as held",
      [subscriberId, claimer, upTo, mail?.subject ?? null, mail?.body ?? null, mail?.unsubscribeUrl ?? null],
    );
    if (row?.held && mail) this.queued();
    return row?.held === true;
  }

  async claimRenewals(claimer: string, limit: number, leaseSeconds: number, askDays: number): Promise<DueRenewal[]> {
    const rows = await this.call<{ subscriber_id: number; email: string; link_salt: string }>(
      "select * from public.claim_alert_renewals($1, $2, $3, $4)",
      [claimer, limit, leaseSeconds, askDays],
    );
    return rows.map((row) => ({ subscriberId: Number(row.subscriber_id), email: row.email, linkSalt: row.link_salt }));
  }

  async queueRenewal(
    subscriberId: number,
    claimer: string,
    mail: { subject: string; body: string; unsubscribeUrl: string },
  ): Promise<boolean> {
    const [row] = await this.call<{ held: boolean }>("select public.queue_alert_renewal($1, $2, $3, $4, $5) as held", [
      subscriberId,
      claimer,
      mail.subject,
      mail.body,
      mail.unsubscribeUrl,
    ]);
    if (row?.held) this.queued();
    return row?.held === true;
  }

  async deleteExpired(): Promise<number> {
    const [row] = await this.call<{ erased: number }>("select public.delete_expired_alerts() as erased");
    return Number(row?.erased ?? 0);
  }

  async followCounts(): Promise<{ topic: string; followers: number }[]> {
    const rows = await this.call<{ topic: string; followers: number | string }>(
      "select * from public.alert_follow_counts()",
    );
    return rows.map((row) => ({ topic: row.topic, followers: Number(row.followers) }));
  }
}
