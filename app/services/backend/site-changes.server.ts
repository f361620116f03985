import type { SiteChange, SiteChangeListener } from "./types.server";

/**
 * The changes the database announces (migration 20250205000000_site_changes_announced.sql), read by the instances
 * that share it: on a Postgres server through LISTEN (postgres-db.server.ts), with hosted Supabase by asking
 * public.site_changes_after every second (below).
 */

/** A notice as the triggers write it, checked: anything else is ignored. */
export function toSiteChange({ event, offerSlug }: { event?: unknown; offerSlug?: unknown }): SiteChange | undefined {
  if (event === "brands-changed" || event === "writing-changed") return { event };
  if ((event === "vote-stored" || event === "testimonials-changed") && typeof offerSlug === "string")
    return { event, offerSlug };
  return undefined;
}

/** How often an instance on hosted Supabase asks for the changes: well within the 2 s an owner's edit may take. */
export const SITE_CHANGES_POLL_MS = 1_000;

/** A row of public.site_changes_after: the last notice's id alone when asked from null. */
export interface SiteChangeRow {
  id: number | string | null;
  event: string | null;
  offer_slug: string | null;
}

/**
 * Asks `read` for the notices after the last one seen, every `everyMs`, and hands them to `listener`: first from
 * null, which gives the last id only (what came before is already in what this instance reads). A failed ask is tried
 * again at the next turn; the first one to succeed after it says that changes may have been missed. The function
 * returned stops.
 */
export function pollSiteChanges(
  read: (after: number | null) => Promise<SiteChangeRow[]>,
  listener: SiteChangeListener,
  everyMs = SITE_CHANGES_POLL_MS,
): () => void {
  let after: number | null = null;
  let failed = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const turn = async () => {
    try {
      const rows = await read(after);
      if (stopped) return;
      if (after === null) {
        // A table still empty (null): every notice from the first one on is new.
        after = Number(rows[0]?.id ?? 0) || 0;
      } else {
        for (const row of rows) {
          after = Math.max(after, Number(row.id));
          const change = toSiteChange({ event: row.event, offerSlug: row.offer_slug });
          if (change) listener.changed(change);
        }
      }
      if (failed) listener.missed();
      failed = false;
    } catch {
      failed = true;
    }
    if (!stopped) {
      timer = setTimeout(() => void turn(), everyMs);
      timer.unref();
    }
  };
  void turn();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
