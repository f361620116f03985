/** The visitors' alerts as every backend keeps them: requests, subscriptions, and the e-mails due. */
import type { FeedChange } from "~/catalogue/feed";

/** A visitor's request to follow a topic, as request_alert stores it (20250213000000_alert_caps_per_mailbox.sql). */
export interface AlertRequest {
  email: string;
  addressKey: string;
  /** The key of the mailbox the address reaches, whatever its spelling: the daily cap counts per mailbox. */
  mailboxKey: string;
  topic: string;
  consentForm: string;
  consentVersion: string;
  confirmHash: string;
  linkSalt: string;
  linkHash: string;
  networkKey: string;
  /** The key of the provider network (IPv4 /24, IPv6 /32): its confirmations pending, and its share of each hour. */
  shareKey: string;
  maxPerNetwork: number;
  maxMailsPerAddress: number;
  maxPendingPerShare: number;
  mail: { subject: string; body: string; unsubscribeUrl: string | null };
}

/** What an address of a link follows. */
export interface AlertSubscription {
  subscriberId: number;
  confirmedAt: string | null;
  renewalAskedAt: string | null;
  follows: { topic: string; confirmed: boolean }[];
}

/** An address claimed for an e-mail of offers, with the news it has not heard of. */
export interface DueDigest {
  subscriberId: number;
  email: string;
  linkSalt: string;
  upTo: string;
  news: FeedChange[];
}

/** An address claimed to be asked once to confirm again. */
export interface DueRenewal {
  subscriberId: number;
  email: string;
  linkSalt: string;
}

/** Where the visitors' alerts are kept; each operation rejects with a BackendError. */
export interface VisitorAlertStore {
  /** 'accepted' (whatever became of it), or 'rate_limited' for a network past its share. */
  request(request: AlertRequest): Promise<"accepted" | "rate_limited">;
  /** The button of a confirmation link (its hash): the topic now followed, or null. */
  confirm(confirmHash: string): Promise<string | null>;
  /** The one-click unsubscribe of a confirmation e-mail: erases the waiting request; false for an unknown link. */
  refuse(confirmHash: string): Promise<boolean>;
  /** What the address of a link (its hash) follows; null for an unknown link. */
  subscription(linkHash: string): Promise<AlertSubscription | null>;
  /** Unsubscribes, stops one topic, or renews; false for an unknown link. */
  change(linkHash: string, action: "unsubscribe" | "stop" | "renew", topic?: string): Promise<boolean>;
  claimDigests(claimer: string, limit: number, leaseSeconds: number, delaySeconds: number): Promise<DueDigest[]>;
  /** Queues (or, with `mail` null, skips) the e-mail of a claimed address; false when its claim ran out. */
  queueDigest(
    subscriberId: number,
    claimer: string,
    upTo: string,
    mail: { subject: string; body: string; unsubscribeUrl: string } | null,
  ): Promise<boolean>;
  claimRenewals(claimer: string, limit: number, leaseSeconds: number, askDays: number): Promise<DueRenewal[]>;
  queueRenewal(
    subscriberId: number,
    claimer: string,
    mail: { subject: string; body: string; unsubscribeUrl: string },
  ): Promise<boolean>;
  /** The retentions of the alerts; how many addresses and requests were erased. */
  deleteExpired(): Promise<number>;
  /** The confirmed followers of each topic. */
  followCounts(): Promise<{ topic: string; followers: number }[]>;
}
