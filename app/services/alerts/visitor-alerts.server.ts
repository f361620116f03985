import { randomBytes, randomUUID } from "node:crypto";
import { ALERT_CONSENT_VERSION, topicKey, type AlertTopic } from "~/catalogue/alert-topics";
import { mailboxOf } from "~/catalogue/mailbox";
import { findOfferBySlug } from "~/catalogue/offers";
import {
  alertConfirmationMail,
  digestMail,
  RENEWAL_ASKED_DAYS_BEFORE,
  renewalMail,
  type AlertNews,
  type MailContext,
  type SubscriberLinks,
} from "~/catalogue/visitor-alerts";
import { DeliveryError } from "../backend/errors.server";
import { getBackend } from "../backend/index.server";
import { getConfig } from "../config/env.server";
import {
  ALERT_CONFIRMATIONS_PENDING_PER_NETWORK,
  ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  OUTBOX_LEASE_SECONDS,
} from "../config/values.server";
import { keyedHash, keyedHashUnder, siteSecretReplaced } from "../lifecycle/secrets.server";
import { onShutdown } from "../lifecycle/shutdown.server";
import { log, passDone } from "../log.server";
import { loadOffers } from "../pages/offers.server";
import { linkToken, linkTokenHash, newLinkToken } from "../pages/testimonials.server";
import type { DueDigest, VisitorAlertStore } from "../backend/types.server";
import type { FeedChange } from "~/catalogue/feed";

/**
 * The visitors' alerts on the server: a request (double opt-in), the links of the e-mails, and the dispatcher that
 * turns the offers' news into e-mails for the outbox. The texts are the catalogue's (`~/catalogue/visitor-alerts`);
 * the rules that must hold across instances are the database's (20250212000000_visitor_alerts.sql).
 */

/** The paths of the private links: each shows a page whose button acts; opening one changes nothing. */
export const alertPaths = {
  confirm: (token: string) => `/alertes/confirmer/${token}`,
  refuse: (token: string) => `/alertes/refuser/${token}`,
  manage: (token: string) => `/alertes/gerer/${token}`,
  unsubscribe: (token: string) => `/alertes/desabonner/${token}`,
};

/** The store of the alerts, or null when the site sends none (no SMTP_URL; Supabase without its service key). */
export async function alertStore(): Promise<VisitorAlertStore | null> {
  return (await getBackend()).visitorAlerts();
}

/**
 * The loader of an alert's private link (confirm, refuse, unsubscribe): its page, with the button that acts; a link
 * that cannot be one, or a site that sends no alerts, answers 404.
 */
export async function alertLinkLoader({ params }: { params: { token?: string } }): Promise<null> {
  linkToken(params);
  if (!(await alertStore())) throw new Response("Lien introuvable", { status: 404 });
  return null;
}

/** The secret of a subscriber's links, from its stored salt: the database alone cannot rebuild it. */
export const subscriberToken = (linkSalt: string): string => keyedHash("alertes:liens", linkSalt);

/** The links every e-mail to a subscriber carries. */
export function subscriberLinks(linkSalt: string, siteUrl = getConfig().siteUrl): SubscriberLinks {
  const token = subscriberToken(linkSalt);
  return {
    manageUrl: `${siteUrl}${alertPaths.manage(token)}`,
    unsubscribeUrl: `${siteUrl}${alertPaths.unsubscribe(token)}`,
  };
}

/** The address as one row holds it, whatever its case: the key of its row. */
export const addressKey = (email: string): string => keyedHash("alertes:adresses", email.trim().toLowerCase());

/** The same key under another secret: the previous one, to find the rows written under it (lifecycle/site-secret.server.ts). */
export const addressKeyUnder = (secret: string, email: string): string =>
  keyedHashUnder(secret, "alertes:adresses", email.trim().toLowerCase());

/**
 * The mailbox the address reaches, whatever its spelling (app/catalogue/mailbox.ts): the key of its daily cap. The
 * same as `addressKey` for an address with nothing to fold.
 */
export const mailboxKey = (email: string): string => keyedHash("alertes:adresses", mailboxOf(email));

export function mailContext(): MailContext {
  const config = getConfig();
  return { siteName: config.siteName, siteUrl: config.siteUrl, publisherName: config.publisherName };
}

/**
 * Stores a visitor's request to follow `topic` and queues its one confirmation e-mail (the database decides whether it
 * goes: not to an address that already follows the topic, nor past the address's daily share). 'rate_limited' when the
 * visitor's network asked too often.
 */
export async function requestAlert(
  store: VisitorAlertStore,
  request: {
    email: string;
    topic: AlertTopic;
    label: string;
    formPath: string;
    networkKey: string;
    /** The provider network's key (visitor.server.ts, providerKey): its share of the e-mails sent. */
    shareKey: string;
  },
): Promise<"accepted" | "rate_limited"> {
  // Keyed under a secret a rotation replaced, the row would answer none of its links once re-keyed elsewhere.
  if (siteSecretReplaced()) throw new DeliveryError("Secret de ce serveur remplacé par une rotation.");
  const config = getConfig();
  const confirm = newLinkToken();
  const linkSalt = randomBytes(16).toString("hex");
  const mail = alertConfirmationMail(
    mailContext(),
    request.label,
    `${config.siteUrl}${alertPaths.confirm(confirm.token)}`,
  );
  return store.request({
    email: request.email,
    addressKey: addressKey(request.email),
    mailboxKey: mailboxKey(request.email),
    topic: topicKey(request.topic),
    consentForm: request.formPath,
    consentVersion: ALERT_CONSENT_VERSION,
    confirmHash: confirm.hash,
    linkSalt,
    linkHash: linkTokenHash(subscriberToken(linkSalt)),
    networkKey: request.networkKey,
    shareKey: request.shareKey,
    maxPendingPerShare: ALERT_CONFIRMATIONS_PENDING_PER_NETWORK,
    maxPerNetwork: config.visitorAlerts.requestsPerNetworkPerHour,
    maxMailsPerAddress: ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY,
    // Its one-click unsubscribe refuses the request: the address is erased unless it follows something else.
    mail: {
      subject: mail.subject,
      body: mail.text,
      unsubscribeUrl: `${config.siteUrl}${alertPaths.refuse(confirm.token)}`,
    },
  });
}

/**
 * The news of a digest worth telling, newest first, one per offer: each offer as it stands now, and only while it is
 * shown (an offer removed, expired or not started since is left out).
 */
export function newsWorthTelling(
  news: readonly FeedChange[],
  offers: Parameters<typeof findOfferBySlug>[0],
  today: string,
): AlertNews[] {
  const seen = new Set<string>();
  const told: AlertNews[] = [];
  for (const change of [...news].sort((a, b) => b.recordedAt.localeCompare(a.recordedAt) || b.id - a.id)) {
    if (seen.has(change.slug)) continue;
    seen.add(change.slug);
    const offer = findOfferBySlug(offers, change.slug);
    if (offer && !(offer.validUntil && offer.validUntil < today)) told.push({ change, offer });
  }
  return told;
}

/**
 * How often an instance looks for addresses due an e-mail: a quarter of the delay, between 1 and 15 seconds, well
 * within the 5 minutes a follower waits at most.
 */
export const dispatchEveryMs = (delaySeconds: number): number =>
  Math.min(15_000, Math.max(1_000, (delaySeconds * 1000) / 4));
/** How often the retentions run (unconfirmed requests are erased after RETENTIONS.unconfirmedAlertHours). */
const TIDY_EVERY_MS = 10 * 60 * 1000;
const BATCH = 50;

/**
 * Turns the offers' news into e-mails, on every instance: each pass claims the addresses due one (the database's
 * claims keep two instances from taking the same), writes each e-mail from the offers as they stand, and queues it
 * for the outbox. Then the renewals, and now and then the retentions. A failed pass is logged and tried again.
 */
export class AlertDispatcher {
  private readonly claimer = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private lastTidy = 0;

  constructor(
    private readonly store: VisitorAlertStore,
    private readonly delaySeconds: number,
    private readonly everyMs = dispatchEveryMs(delaySeconds),
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.pass(), this.everyMs);
    this.timer.unref();
    onShutdown(() => this.stop());
    void this.pass();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; resolves when it ends, never rejects. */
  pass(): Promise<void> {
    this.running ??= this.dispatch()
      .catch((error: unknown) => log.error("Envoi des alertes aux visiteurs interrompu :", error))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async dispatch(): Promise<void> {
    const startedAt = Date.now();
    const context = mailContext();
    const due = await this.store.claimDigests(this.claimer, BATCH, OUTBOX_LEASE_SECONDS, this.delaySeconds);
    if (due.length > 0) {
      const { offers, today } = await loadOffers();
      for (const digest of due) await this.queueDigest(digest, newsWorthTelling(digest.news, offers, today), context);
    }
    const renewals = await this.store.claimRenewals(
      this.claimer,
      BATCH,
      OUTBOX_LEASE_SECONDS,
      RENEWAL_ASKED_DAYS_BEFORE,
    );
    for (const renewal of renewals) {
      const links = subscriberLinks(renewal.linkSalt, context.siteUrl);
      const mail = renewalMail(context, links);
      await this.store.queueRenewal(renewal.subscriberId, this.claimer, {
        subject: mail.subject,
        body: mail.text,
        unsubscribeUrl: links.unsubscribeUrl,
      });
    }
    if (Date.now() - this.lastTidy >= TIDY_EVERY_MS) {
      this.lastTidy = Date.now();
      const erased = await this.store.deleteExpired();
      if (erased > 0) log.info(`${erased} alerte(s) ou adresse(s) de visiteurs effacée(s) (durée de conservation).`);
    }
    passDone("visitor-alerts", startedAt, { digests: due.length, renewals: renewals.length });
  }

  private async queueDigest(digest: DueDigest, news: AlertNews[], context: MailContext): Promise<void> {
    const links = subscriberLinks(digest.linkSalt, context.siteUrl);
    const mail = news.length > 0 ? digestMail(context, news, links) : null;
    const held = await this.store.queueDigest(
      digest.subscriberId,
      this.claimer,
      digest.upTo,
      mail && { subject: mail.subject, body: mail.text, unsubscribeUrl: links.unsubscribeUrl },
    );
    if (!held) log.warn(`Alerte de l'abonné ${digest.subscriberId} : réservation perdue, une autre instance l'envoie.`);
  }
}

/** Starts the dispatcher when the site sends alerts. */
export async function startAlertDispatcher(): Promise<AlertDispatcher | null> {
  const store = await alertStore();
  if (!store) return null;
  const dispatcher = new AlertDispatcher(store, getConfig().visitorAlerts.delaySeconds);
  dispatcher.start();
  return dispatcher;
}
