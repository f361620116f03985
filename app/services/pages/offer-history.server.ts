import { changesSince, type OfferHistoryEntry } from "~/catalogue/history";
import { getBackend } from "../backend/index.server";
import { log } from "../log.server";
import type { CachedBackend } from "../backend/cached-backend.server";
import type { ReferralOffer } from "~/catalogue/types";

/**
 * The offers' history, recorded from the merged offers: each time this instance merges new brands over the bundled
 * offers (at start, after the back office, an import, another instance or the SQL editor changed a brand), what
 * visitors see of each offer is compared with its last recorded snapshot. One comparison runs at a time; offers merged
 * meanwhile are compared once it ends.
 */
let running: Promise<void> | undefined;
let waiting: readonly ReferralOffer[] | undefined;

export function recordOfferChanges(backend: CachedBackend, offers: readonly ReferralOffer[]): void {
  waiting = offers;
  running ??= compareWaiting(backend).finally(() => {
    running = undefined;
  });
}

async function compareWaiting(backend: CachedBackend): Promise<void> {
  const history = backend.history();
  while (history && waiting) {
    const offers = waiting;
    waiting = undefined;
    try {
      const changes = changesSince(await history.snapshots(), offers);
      if (changes.length > 0) await history.record(changes);
    } catch (error) {
      log.error("Historique des offres non enregistré :", error);
    }
  }
  waiting = undefined;
}

/** An offer's last changes, newest first; none when the history cannot be read (the failure is logged). */
export async function offerHistory(slug: string, limit: number): Promise<OfferHistoryEntry[]> {
  try {
    return (await (await getBackend()).history()?.entries(slug, limit)) ?? [];
  } catch (error) {
    log.error("Lecture de l'historique de l'offre impossible :", error);
    return [];
  }
}
