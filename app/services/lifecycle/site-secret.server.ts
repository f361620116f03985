/**
 * The site's secret held to the database's record of it (migration 20250216000000_site_secret_generations.sql):
 * an instance keyed with another secret than the newest one the database knows refuses to start, and the first to
 * start after a rotation (SESSION_SECRET new, SESSION_SECRET_PREVIOUS old) records it and re-keys the alert
 * subscribers in the same transaction. docs/secret-rotation.md tells the owner how.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { noteSiteSecretReplaced, secretFingerprint, siteSecretReplaced } from "./secrets.server";
import { addressKey, addressKeyUnder, subscriberToken } from "../alerts/visitor-alerts.server";
import { openDatabase, type DatabasePlace } from "../backend/database.server";
import { sessionSecret } from "../backend/index.server";
import { asRole } from "../backend/sql-roles.server";
import { getConfig } from "../config/env.server";
import { log } from "../log.server";
import { linkTokenHash } from "../pages/testimonials.server";
import { PRECEDENT_SECRET_FILE as PRECEDENT_FILE, SECRET_FILE } from "../storage/data-dir.server";
import type { SqlRunner } from "../backend/sql-session.server";

/** The instance's secret is not the site's: it must not start. */
export class SiteSecretRefused extends Error {}

const REFUSALS = {
  other:
    "SESSION_SECRET n'est pas le secret avec lequel cette base a été remplie : toutes les instances doivent avoir le " +
    "même. Pour en changer, démarrez avec le nouveau dans SESSION_SECRET et l'ancien dans SESSION_SECRET_PREVIOUS " +
    "(docs/secret-rotation.md).",
  outdated:
    "SESSION_SECRET est un ancien secret de ce site, remplacé depuis par une rotation : démarrez avec le secret " +
    "actuel (docs/secret-rotation.md).",
} as const;

type Outcome = "first" | "same" | "rotated" | keyof typeof REFUSALS;

/**
 * Checks this instance's secret against the database's, recording it on a first start or a rotation. Throws
 * SiteSecretRefused when it must not start; any other failure (the database down) is the caller's to retry.
 */
export async function checkSiteSecret(place: DatabasePlace): Promise<"first" | "same" | "rotated"> {
  const configured = getConfig().previousSessionSecret;
  let checked = await recordSecret(place, configured);
  // A database restored from before the data folder's last rotation knows only the secret it replaced (kept beside
  // the file): the rotation is made again, as if SESSION_SECRET_PREVIOUS named it.
  const precedent = place.kind === "embedded" && !configured ? precedentSecret(place.dataDir) : undefined;
  if (checked.outcome === "other" && precedent) checked = await recordSecret(place, precedent);
  const { outcome, rekeyed, previous } = checked;
  if (outcome === "other" || outcome === "outdated") throw new SiteSecretRefused(refusal(outcome, place));
  if (outcome === "rotated") log.info(`Nouveau secret enregistré : ${rekeyed} abonné(s) aux alertes re-chiffré(s).`);
  else if (previous) {
    if (rekeyed > 0) log.info(`${rekeyed} abonné(s) aux alertes encore sous l'ancien secret re-chiffré(s).`);
    log.info("SESSION_SECRET_PREVIOUS n'est plus utile une fois toutes les instances passées au nouveau secret.");
  }
  if (previous && place.kind === "embedded") keepSecretFileCurrent(place.dataDir, previous);
  return outcome;
}

/** record_site_secret with `previous`, and the re-keying it calls for, in one transaction. */
async function recordSecret(place: DatabasePlace, previous: string | undefined) {
  const db = await openDatabase(place);
  return asRole(db, "service_role", async (tx) => {
    const [row] = (
      await tx.query<{ outcome: Outcome }>("select public.record_site_secret($1, $2) as outcome", [
        secretFingerprint(sessionSecret()),
        previous ? secretFingerprint(previous) : null,
      ])
    ).rows;
    const recorded = row?.outcome ?? "other";
    // At the rotation, and at every start during it: instances still on the old secret may have written rows since.
    const stillUnderPrevious = previous && (recorded === "rotated" || recorded === "same");
    return {
      outcome: recorded,
      rekeyed: stillUnderPrevious ? await rekeySubscribers(tx, previous) : 0,
      previous: recorded === "rotated" || recorded === "same" ? previous : undefined,
    };
  });
}

/** The secret the data folder's file held before its last rotation, if it kept one. */
function precedentSecret(dataDir: string): string | undefined {
  try {
    const secret = readFileSync(path.join(dataDir, PRECEDENT_FILE), "utf8").trim();
    return secret.length >= 32 ? secret : undefined;
  } catch {
    return undefined;
  }
}

/** Why an instance is refused, naming the data folder's file when its secret came from there. */
function refusal(outcome: keyof typeof REFUSALS, place: DatabasePlace): string {
  if (place.kind !== "embedded" || getConfig().sessionSecret) return REFUSALS[outcome];
  return `${REFUSALS[outcome]} Le secret de ce serveur vient du fichier ${path.join(place.dataDir, SECRET_FILE)}.`;
}

/**
 * The subscribers whose keys are still those of the previous secret (all of them at the rotation; afterwards, those
 * an instance still on the old secret wrote): re-keyed under the new one, each keeping its former link valid
 * (previous_link_hash), and two rows of one address made one (rekey_left_alert_subscribers). Gives how many.
 */
async function rekeySubscribers(tx: SqlRunner, previous: string): Promise<number> {
  const { rows } = await tx.query<{ id: number; email: string; link_salt: string; address_key: string }>(
    "select id, email, link_salt, address_key from public.alert_subscribers",
  );
  const left = rows
    .filter((row) => row.address_key === addressKeyUnder(previous, row.email))
    .map(({ id, email, link_salt }) => ({
      id,
      address_key: addressKey(email),
      link_hash: linkTokenHash(subscriberToken(link_salt)),
    }));
  if (left.length === 0) return 0;
  const { rows: done } = await tx.query<{ rekeyed: number }>(
    "select public.rekey_left_alert_subscribers($1::jsonb) as rekeyed",
    [JSON.stringify(left)],
  );
  return Number(done[0]?.rekeyed ?? 0);
}

/**
 * On the embedded default, the data folder's secret file follows a rotation made with SESSION_SECRET: a later start
 * without the variable then reads the current secret, not the one the rotation replaced. The replaced one is kept
 * beside it (PRECEDENT_FILE), for a backup restored from before the rotation.
 */
function keepSecretFileCurrent(dataDir: string, previous: string): void {
  const current = getConfig().sessionSecret;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    if (!current || !existsSync(file) || readFileSync(file, "utf8").trim() !== previous) return;
    writeFileSync(path.join(dataDir, PRECEDENT_FILE), previous, { mode: 0o600 });
    writeFileSync(`${file}.tmp`, current, { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
    log.info(`${file} tient désormais le nouveau secret (il tenait celui que la rotation remplace).`);
  } catch (error) {
    log.error(`${file} n'a pas pu recevoir le nouveau secret : gardez SESSION_SECRET défini.`, error);
  }
}

const SECRET_WATCH_MS = 5_000;

/**
 * Looks every 5 s whether this instance's secret is still the site's newest. Once a rotation replaced it, the
 * instance writes no keyed row (an alert request is refused) and /healthz answers 503, so that the instance is
 * restarted with the new secret; it logs so once. Gives the function that stops looking.
 */
export function watchSiteSecret(place: DatabasePlace): () => Promise<void> {
  const own = secretFingerprint(sessionSecret());
  const look = async () => {
    try {
      const db = await openDatabase(place);
      const newest = await asRole(db, "service_role", async (tx) => {
        const { rows } = await tx.query<{ fingerprint: string }>(
          "select fingerprint from public.site_secret_generations order by generation desc limit 1",
        );
        return rows[0]?.fingerprint;
      });
      const now = newest !== undefined && newest !== own;
      if (now && !siteSecretReplaced()) {
        log.error(
          "Le secret de ce serveur a été remplacé par une rotation : il n'enregistre plus d'alerte et /healthz " +
            "répond 503. Redémarrez-le avec le nouveau SESSION_SECRET (docs/secret-rotation.md).",
        );
      }
      noteSiteSecretReplaced(now);
    } catch {
      // The database away: /healthz and the pages already say so.
    }
  };
  const timer = setInterval(() => void look(), SECRET_WATCH_MS);
  timer.unref();
  return async () => clearInterval(timer);
}
