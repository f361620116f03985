/**
 * The site's secret held to the database's record of it (migration 20250216000000_site_secret_generations.sql):
 * an instance keyed with another secret than the newest one the database knows refuses to start, and the first to
 * start after a rotation (SESSION_SECRET new, SESSION_SECRET_PREVIOUS old) records it and re-keys the alert
 * subscribers in the same transaction. docs/secret-rotation.md tells the owner how.
 */
import { addressKey, subscriberToken } from "./alerts/visitor-alerts.server";
import { openDatabase, type DatabasePlace } from "./backend/database.server";
import { sessionSecret } from "./backend/index.server";
import { asRole } from "./backend/sql-roles.server";
import { getConfig } from "./config/env.server";
import { log } from "./log.server";
import { linkTokenHash } from "./pages/testimonials.server";
import { secretFingerprint } from "./secrets.server";
import type { SqlRunner } from "./backend/sql-session.server";

/** The instance's secret is not the site's: it must not start. */
export class SiteSecretRefused extends Error {}

const REFUSALS = {
  other:
    "SESSION_SECRET n'est pas le secret avec lequel cette base a été remplie : toutes les instances doivent avoir le " +
    "même. Pour en changer, démarrez avec le nouveau dans SESSION_SECRET et l'ancien dans SESSION_SECRET_PREVIOUS " +
    "(docs/secret-rotation.md).",
  outdated:
    "SESSION_SECRET est un ancien secret de ce site, remplacé depuis par une rotation : démarrez avec le secret " +
    "actuel (docs/secret-rotation.md).",
} as const;

type Outcome = "first" | "same" | "rotated" | keyof typeof REFUSALS;

/**
 * Checks this instance's secret against the database's, recording it on a first start or a rotation. Throws
 * SiteSecretRefused when it must not start; any other failure (the database down) is the caller's to retry.
 */
export async function checkSiteSecret(place: DatabasePlace): Promise<"first" | "same" | "rotated"> {
  const previous = getConfig().previousSessionSecret;
  const db = await openDatabase(place);
  const outcome = await asRole(db, "service_role", async (tx) => {
    const [row] = (
      await tx.query<{ outcome: Outcome }>("select public.record_site_secret($1, $2) as outcome", [
        secretFingerprint(sessionSecret()),
        previous ? secretFingerprint(previous) : null,
      ])
    ).rows;
    if (row?.outcome === "rotated") await rekeySubscribers(tx);
    return row?.outcome ?? "other";
  });
  if (outcome === "other" || outcome === "outdated") throw new SiteSecretRefused(REFUSALS[outcome]);
  if (outcome === "rotated") log.info("Nouveau secret enregistré : les abonnés aux alertes ont été re-chiffrés.");
  else if (previous) {
    log.info("SESSION_SECRET_PREVIOUS n'est plus utile une fois toutes les instances passées au nouveau secret.");
  }
  return outcome;
}

/** Each subscriber's keys under the new secret; its link of the old one stays valid (previous_link_hash). */
async function rekeySubscribers(tx: SqlRunner): Promise<void> {
  const { rows } = await tx.query<{ id: number; email: string; link_salt: string }>(
    "select id, email, link_salt from public.alert_subscribers",
  );
  const rekeyed = rows.map(({ id, email, link_salt }) => ({
    id,
    address_key: addressKey(email),
    link_hash: linkTokenHash(subscriberToken(link_salt)),
  }));
  await tx.query("select public.rekey_alert_subscribers($1::jsonb)", [JSON.stringify(rekeyed)]);
}
