import path from "node:path";
import { log, setLogLevel } from "../log.server";
import { envSchema } from "./env-schema.server";
import { EXAMPLE_IDENTITY, IDENTITY, IDENTITY_VARIABLES, isLocalAddress, type IdentityField } from "./values.server";
import type { TrustProxy } from "../http/trust-proxy.server";

export type BackendChoice =
  | {
      kind: "supabase";
      url: string;
      anonKey: string;
      /** Lets the back office read messages and edit brands; kept on the server. */
      serviceRoleKey: string | undefined;
    }
  | { kind: "embedded"; dataDir: string }
  | {
      kind: "postgres";
      url: string;
      /** Connections each instance keeps at most (DATABASE_POOL_SIZE). */
      poolSize: number;
      /** This instance's own folder (its backups); the data itself is the server's. */
      dataDir: string;
    };

/**
 * Where the embedded mode e-mails visitors' messages, and both modes the owner's alerts (SMTP_URL, CONTACT_TO_EMAIL,
 * CONTACT_FROM_EMAIL).
 */
export interface MailConfig {
  smtpUrl: string;
  to: string;
  from: string;
  /**
   * How long an instance holds an e-mail it claimed before another may send it (OUTBOX_LEASE_SECONDS; 120 by
   * default): above the mail server's slowest answer, or a slow send could go out twice.
   */
  leaseSeconds?: number;
  /** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY: every e-mail is then signed (nodemailer's `dkim`). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** The visitors' e-mails sent per hour at most, by every instance together (VISITOR_MAILS_PER_HOUR). */
  visitorMailsPerHour?: number;
}

export interface Config {
  nodeEnv: "development" | "production" | "test";
  /** LOG_LEVEL: the least serious lines the log writes (debug, info, warn, error); info unless told. */
  logLevel: "debug" | "info" | "warn" | "error";
  /** Where server.js listens (PORT, HOST); remix-serve reads them itself. */
  port: number;
  host: string;
  backend: BackendChoice;
  /**
   * SESSION_SECRET, when set. Otherwise the backend's start provides one (`sessionSecret()` in backend/): the
   * embedded default's, kept in its data folder.
   */
  sessionSecret: string | undefined;
  /** SESSION_SECRET_PREVIOUS: the secret a rotation replaces, still accepted for what it signed or keyed. */
  previousSessionSecret: string | undefined;
  siteName: string;
  siteUrl: string;
  /**
   * SITE_URL's host when the variable is set: forms are then taken only from there in production (see the request
   * pipeline). Unset, the site takes forms from the host they were sent to.
   */
  publicHost: string | undefined;
  publisherName: string;
  contactEmail: string;
  hostingProvider: string;
  hostingAddress: string;
  hostingPhone: string;
  /**
   * The identity values that are placeholders (EXAMPLE_IDENTITY) because their variable is not set: possible only
   * outside production on a public address. The legal notice marks them, and says it is an example.
   */
  identityPlaceholders: IdentityField[];
  /** Whether any identity value is a placeholder (identityPlaceholders is not empty). */
  identityIsExample: boolean;
  /**
   * In production on a public SITE_URL: the bundle's example codes and links are not shown (catalogue/examples.ts).
   * Elsewhere they are, marked "exemple".
   */
  examplesWithheld: boolean;
  dataDir: string;
  /**
   * Messages one sender may send per window (stored in Postgres, so shared by every server instance): per sender,
   * `max` in `windowSeconds`; per network (/24, /48), `perNetworkPerHour`.
   */
  contactRateLimit: { max: number; windowSeconds: number; perNetworkPerHour: number };
  /** Shared with send-contact-email so that it trusts the sender key the site forwards. */
  contactClientKeySecret: string | undefined;
  brandsCache: { ttlMs: number; timeoutMs: number };
  /** Rendered pages kept in memory for anonymous GETs. */
  htmlCache: boolean;
  /** Which proxies may tell the visitor's address, host and protocol in X-Forwarded-* (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /**
   * Set when SMTP_URL is: the embedded mode then e-mails every message (hosted Supabase has its own function), and
   * both modes the owner's alerts.
   */
  mail: MailConfig | undefined;
  /** The back office's password (OWNER_PASSWORD); without it every /gestion address answers 404. */
  ownerPassword: string | undefined;
  /** The visitors' e-mail alerts, offered only with `mail`. */
  visitorAlerts: { delaySeconds: number; requestsPerNetworkPerHour: number };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `- ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join("\n")}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const backend: BackendChoice =
    env.SUPABASE_URL && env.SUPABASE_ANON_KEY
      ? {
          kind: "supabase",
          url: env.SUPABASE_URL,
          anonKey: env.SUPABASE_ANON_KEY,
          serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
        }
      : env.DATABASE_URL
        ? { kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, dataDir }
        : { kind: "embedded", dataDir };
  const identity = { ...EXAMPLE_IDENTITY };
  const identityPlaceholders: IdentityField[] = [];
  for (const variable of IDENTITY_VARIABLES) {
    const { field } = IDENTITY[variable];
    const value = env[variable];
    if (value) identity[field] = value;
    else identityPlaceholders.push(field);
  }
  return {
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    port: env.PORT,
    host: env.HOST,
    backend,
    sessionSecret: env.SESSION_SECRET,
    previousSessionSecret: env.SESSION_SECRET_PREVIOUS,
    siteName: env.SITE_NAME,
    // Without SITE_URL, the address the site answers on here: its canonical links, feeds and e-mails then lead back
    // to it, whatever PORT says (0, a free port, is known only once it listens: the default's then).
    siteUrl: (source.SITE_URL?.trim() ? env.SITE_URL : `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ""),
    publicHost: source.SITE_URL?.trim() ? new URL(env.SITE_URL).host : undefined,
    ...identity,
    identityPlaceholders,
    identityIsExample: identityPlaceholders.length > 0,
    examplesWithheld: env.NODE_ENV === "production" && !isLocalAddress(env.SITE_URL),
    dataDir,
    contactRateLimit: {
      max: env.CONTACT_RATE_LIMIT_MAX,
      windowSeconds: env.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
      perNetworkPerHour: env.CONTACT_NETWORK_LIMIT_PER_HOUR,
    },
    contactClientKeySecret: env.CONTACT_CLIENT_KEY_SECRET,
    brandsCache: { ttlMs: env.BRANDS_CACHE_TTL_SECONDS * 1000, timeoutMs: env.BRANDS_TIMEOUT_MS },
    htmlCache: env.HTML_CACHE === "on",
    trustProxy: env.TRUST_PROXY,
    mail:
      env.SMTP_URL && env.CONTACT_TO_EMAIL && env.CONTACT_FROM_EMAIL
        ? {
            smtpUrl: env.SMTP_URL,
            to: env.CONTACT_TO_EMAIL,
            from: env.CONTACT_FROM_EMAIL,
            leaseSeconds: env.OUTBOX_LEASE_SECONDS,
            visitorMailsPerHour: env.VISITOR_MAILS_PER_HOUR,
            ...(env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
              ? {
                  dkim: {
                    domainName: env.DKIM_DOMAIN,
                    keySelector: env.DKIM_SELECTOR,
                    // A key given on one line, its line breaks written \n (as most hosts' settings take it).
                    privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n"),
                  },
                }
              : {}),
          }
        : undefined,
    ownerPassword: env.OWNER_PASSWORD,
    visitorAlerts: {
      delaySeconds: env.VISITOR_ALERTS_DELAY_SECONDS,
      requestsPerNetworkPerHour: env.ALERT_REQUESTS_PER_NETWORK_PER_HOUR,
    },
  };
}

let config: Config | undefined;

/** The configuration of this process, read once from its environment; reading it changes nothing. */
export function getConfig(): Config {
  if (!config) {
    const parsed = parseConfig(process.env);
    if (parsed.backend.kind === "supabase" && !parsed.contactClientKeySecret) {
      log.warn(
        "CONTACT_CLIENT_KEY_SECRET n'est pas défini : send-contact-email comptera les messages de tous les visiteurs " +
          "comme ceux du serveur du site (obligatoire en production).",
      );
    }
    config = parsed;
    setLogLevel(parsed.logLevel);
  }
  return config;
}
