import { checkOfferAlerts } from "~/catalogue/alerts";
import { getConfig } from "../config/env.server";
import { log, passAsked, passDone } from "../log.server";
import { loadOffers } from "../pages/offers.server";
import type { CachedBackend } from "../backend/cached-backend.server";

/**
 * Checked this often besides: the expiry dates, offers whose recovery has held long enough, alerts held past the
 * hourly ceiling that a digest may now carry.
 */
const CHECK_EVERY_MS = 10 * 60 * 1000;
/** Checks asked for while one runs are gathered into one more, at most this often. */
const RECHECK_AFTER_MS = 1_000;
/** A check that could not read the votes or queue its alerts is tried again this much later. */
const RETRY_AFTER_MS = 30_000;

/**
 * The owner's alerts (SMTP_URL only): checked when the catalogue's votes or brands change, and every few minutes.
 * Each check reads the votes once, from the backend itself: a read that fails is an error, tried again later, never
 * taken for "no votes" (which would mark every reported offer recovered). What to send is the database's to decide
 * (queue_owner_alerts). Gives the function that asks for a check; a check never throws, its failure is logged.
 */
export function watchOwnerAlerts(backend: CachedBackend): () => void {
  const config = getConfig();
  if (!config.mail) return () => undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let asked = 0;
  const check = (): void => {
    passAsked("owner-alerts", (asked += 1));
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      const startedAt = Date.now();
      const covers = asked;
      const { offers, today } = await loadOffers();
      const counts = await backend.listFeedback();
      const votes = new Map(counts.map((count) => [count.offerSlug, count]));
      const alerts = checkOfferAlerts(offers, votes, today, config.siteUrl);
      const queued = await backend.queueAlerts(alerts);
      passDone("owner-alerts", startedAt, { queued, covers });
    })()
      .catch((error: unknown) => {
        log.error("Vérification des alertes impossible, nouvel essai dans 30 s :", error);
        setTimeout(check, RETRY_AFTER_MS).unref();
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          setTimeout(check, RECHECK_AFTER_MS).unref();
        }
      });
  };
  setInterval(check, CHECK_EVERY_MS).unref();
  check();
  return check;
}
