import { randomBytes } from "node:crypto";
import { log } from "../log.server";
import { CachedBackend } from "./cached-backend.server";
import { getConfig, type Config } from "../config/env.server";
import { embeddedSessionSecret, lockDataDir } from "../storage/data-dir.server";
import { describeWriteFailure, isNoSpaceError } from "../storage/disk-space.server";
import type { Backend } from "./types.server";

/**
 * The backend the configuration names: hosted Supabase when SUPABASE_URL and SUPABASE_ANON_KEY are set, a Postgres
 * server when DATABASE_URL is, the embedded database in DATA_DIR otherwise. Each is loaded only when chosen.
 */
async function createBackend({
  backend,
  contactRateLimit,
  contactClientKeySecret,
  mail,
}: Pick<Config, "backend" | "contactRateLimit" | "contactClientKeySecret" | "mail">): Promise<Backend> {
  if (backend.kind === "supabase") {
    if (mail) {
      log.info(
        backend.serviceRoleKey
          ? "Avec Supabase, SMTP_URL sert aux alertes sur les offres ; la fonction send-contact-email envoie les messages."
          : "SMTP_URL ne sert pas sans SUPABASE_SERVICE_ROLE_KEY : les alertes sur les offres ne sont pas envoyées.",
      );
    }
    const { SupabaseBackend } = await import("./supabase.server");
    return new SupabaseBackend({
      url: backend.url,
      anonKey: backend.anonKey,
      defaultRetryAfterSeconds: contactRateLimit.windowSeconds,
      clientKeySecret: contactClientKeySecret,
      serviceRoleKey: backend.serviceRoleKey,
      mail,
    });
  }
  if (!mail) {
    log.info(
      "SMTP_URL n'est pas défini : les messages des visiteurs sont seulement enregistrés (npm run messages pour les lire).",
    );
  }
  const { SqlBackend } = await import("./sql-backend.server");
  return new SqlBackend(backend, contactRateLimit, { mail, backups: true });
}

let secret: string | undefined;

/**
 * The backend's start, before any request: with the embedded database it takes the data folder for this process
 * (a second server on the same folder stops here with DataDirLockedError) and reads, or on first start writes, the
 * session secret kept there. Runs once; later calls only give the secret.
 */
export function startBackend(): { sessionSecret: string } {
  if (!secret) {
    const { backend, sessionSecret: configured } = getConfig();
    try {
      if (backend.kind === "embedded") lockDataDir(backend.dataDir);
      secret =
        configured ??
        (backend.kind === "embedded" ? embeddedSessionSecret(backend.dataDir) : randomBytes(32).toString("hex"));
    } catch (error) {
      // A data folder on a full disk cannot take its lock: say so, and where, rather than a bare ENOSPC.
      if (backend.kind !== "embedded" || !isNoSpaceError(error)) throw error;
      throw new Error(`Démarrage impossible : ${describeWriteFailure(error, backend.dataDir)}`, { cause: error });
    }
  }
  return { sessionSecret: secret };
}

/**
 * The secret that signs the cookies and keys the visitors: SESSION_SECRET (required with DATABASE_URL, so that every
 * instance has the same), else the embedded default's (outside production with Supabase, one for this process only).
 */
export const sessionSecret = (): string => startBackend().sessionSecret;

let current: Promise<CachedBackend> | undefined;

/**
 * Closes the database this process opened, before it ends: the embedded one, releasing its data folder, or the pool
 * of a Postgres server.
 */
export async function shutdownBackend(): Promise<void> {
  const { kind } = getConfig().backend;
  if (kind === "embedded") {
    const { closeEmbeddedDatabases } = await import("./embedded-db.server");
    await closeEmbeddedDatabases();
  } else if (kind === "postgres") {
    const { closePostgresDatabases } = await import("./postgres-db.server");
    await closePostgresDatabases();
  }
}

/** The configured backend behind the brands cache, created once per process: the site's one way to its data. */
export function getBackend(): Promise<CachedBackend> {
  if (!current) {
    startBackend();
    const config = getConfig();
    current = createBackend(config).then((backend) => new CachedBackend(backend, config.brandsCache));
  }
  return current;
}
