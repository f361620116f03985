import { checkOfferAlerts } from "~/catalogue/alerts";
import { getConfig } from "../env.server";
import { loadCatalogue } from "../offers.server";
import type { CachedBackend } from "../backend/brands-cache.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Checks asked for while one runs are gathered into one more, at most this often. */
const RECHECK_AFTER_MS = 1_000;

/**
 * The owner's alerts (SMTP_URL only): checked when the catalogue's votes or brands change, and once a day for the
 * expiry dates. Gives the function that asks for a check; a check never throws, its failure is logged.
 */
export function watchOwnerAlerts(backend: CachedBackend): () => void {
  const config = getConfig();
  if (!config.mail) return () => undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const check = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      const { offers, votes, today } = await loadCatalogue();
      await backend.queueAlerts(checkOfferAlerts(offers, votes, today, config.siteUrl));
    })()
      .catch((error: unknown) => console.error("Vérification des alertes impossible :", error))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          setTimeout(check, RECHECK_AFTER_MS).unref();
        }
      });
  };
  setInterval(check, DAY_MS).unref();
  check();
  return check;
}
