import * as z from "zod";

/**
 * The values the configuration (env.server.ts) checks its variables against: the legal notice's identity and its
 * placeholders, what makes an address local, a mailbox, a mail server's or a Postgres server's address, and the
 * defaults the README names.
 */

/**
 * The variables naming the publisher and the host, which the legal notice must show (LCEN, article 6): the Config
 * field each fills, why the notice needs it, and the placeholder shown when it is not set outside production on a
 * public address.
 */
export const IDENTITY = {
  PUBLISHER_NAME: { field: "publisherName", reason: "le nom de l'éditeur", example: "L'éditeur du site (particulier)" },
  CONTACT_EMAIL: {
    field: "contactEmail",
    reason: "l'adresse e-mail à laquelle les visiteurs exercent leurs droits sur leurs données",
    example: "contact@example.org",
  },
  HOSTING_PROVIDER: {
    field: "hostingProvider",
    reason: "le nom de l'hébergeur",
    example: "Hébergement personnel de l'éditeur",
  },
  HOSTING_ADDRESS: {
    field: "hostingAddress",
    reason: "l'adresse postale de l'hébergeur",
    example: "Adresse communiquée sur simple demande",
  },
  HOSTING_PHONE: {
    field: "hostingPhone",
    reason: "le numéro de téléphone de l'hébergeur",
    example: "Téléphone non renseigné",
  },
} as const;
export type IdentityVariable = keyof typeof IDENTITY;
export const IDENTITY_VARIABLES = Object.keys(IDENTITY) as IdentityVariable[];

export type IdentityField = (typeof IDENTITY)[IdentityVariable]["field"];

/** What the legal notice shows for a value not set, outside production on a public address. */
export const EXAMPLE_IDENTITY = Object.fromEntries(
  Object.values(IDENTITY).map(({ field, example }) => [field, example]),
) as Record<IdentityField, string>;

/**
 * Whether a site address is this machine's own (localhost, 127.x.x.x, ::1): a local run, not the public site. A
 * malformed address counts as local here: its own issue already stops the start.
 */
export function isLocalAddress(siteUrl: string): boolean {
  if (!URL.canParse(siteUrl)) return true;
  const host = new URL(siteUrl).hostname.toLowerCase().replace(/\.$/, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** An address as a From header may carry it: `adresse@domaine.fr` or `Nom <adresse@domaine.fr>`. */
export const MAILBOX = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/;
export const isEmail = (value: string) => z.email().safeParse(value).success;

/** Whether SMTP_URL names a mail server nodemailer can reach: smtp:// or smtps://, with a host. */
export function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
}

/**
 * How long an instance holds the e-mails it claimed, by default: longer than sending one takes (the mail server's
 * slowest answer is given 30 s), short enough that the e-mails of an instance that died go out soon after from
 * another (OUTBOX_LEASE_SECONDS).
 */
export const OUTBOX_LEASE_SECONDS = 120;

/** postgres:// or postgresql://, naming a host (or a socket folder, `?host=/run/postgresql`). */
export function isPostgresUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "postgres:" || url.protocol === "postgresql:") &&
    (url.hostname !== "" || url.searchParams.has("host"))
  );
}

/**
 * Connections per instance: Postgres's default of 100 shared by several instances and psql, and a page needs one
 * connection at a time (its reads go out together): 10 serve hundreds of requests a second (README, Plusieurs
 * instances).
 */
export const DEFAULT_POOL_SIZE = 10;

/**
 * How long an offer's first news waits before its followers are e-mailed (VISITOR_ALERTS_DELAY_SECONDS, 300 at
 * most): changes the owner makes together go out in one e-mail. With the dispatcher's look every 15 seconds and the
 * outbox's send, a follower hears of it within 5 minutes.
 */
export const VISITOR_ALERTS_DELAY_SECONDS = 240;

/**
 * The visitors' e-mails sent per hour by all instances together (VISITOR_MAILS_PER_HOUR): under the mail server's
 * quota, so that the owner's own alerts and the visitors' messages still go through.
 */
export const VISITOR_MAILS_PER_HOUR = 100;

/** Alert requests one network (/24, /48) may make per hour (ALERT_REQUESTS_PER_NETWORK_PER_HOUR). */
export const ALERT_REQUESTS_PER_NETWORK_PER_HOUR = 10;

/** Confirmation e-mails one address gets per day at most, whatever the networks that ask. */
export const ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY = 2;

/**
 * Confirmation e-mails waiting to be sent for one provider network (IPv4 /24, IPv6 /32) at most: a few networks
 * cannot fill the queue the others' wait in (migration 20250217000000_visitor_mails_shared_fairly.sql).
 */
export const ALERT_CONFIRMATIONS_PENDING_PER_NETWORK = 3;

/**
 * The longest a statement of the site may run on a Postgres server: a table locked by someone else (a maintenance, a
 * stuck session) then fails one request with the usual error, instead of holding every connection of the pool until
 * the lock goes. The migrations and the daily retentions lift it for their own work.
 */
export const STATEMENT_TIMEOUT_MS = 5_000;
