import { hash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { todayInFrance } from "~/catalogue/dates";
import { getBackend } from "./backend/index.server";
import { networkKey } from "./form-request.server";
import { networkKey as networkKeyOf } from "./http/pipeline.server";
import { offerForSlug } from "./offers.server";
import { onShutdown } from "./shutdown.server";
import type { OfferDayCount } from "./backend/types.server";

/**
 * Cookie-free audience counts: per offer and per day, views of its page, copies of its code and follows of its
 * referral link. Nothing about a visitor is written: a repeat from the same network (its /24 or /48) on the same
 * offer, of the same kind, the same day, is told apart in memory by a key hashed with a salt drawn each day, never
 * written, and forgotten at midnight (Paris). The totals are added in memory and written in batches, every few
 * seconds and when the server stops; each batch is one upsert that adds to the day's row.
 */
export type CountKind = "views" | "copies" | "follows";

/** How often the counts in memory are written. */
export const FLUSH_EVERY_MS = 5_000;
/** Repeats remembered at most; past it the oldest are forgotten (and may count again). */
const REMEMBERED = 100_000;

export class AudienceCounter {
  private day = "";
  /** When the day was last read from the clock: read at most once a second (a Paris date costs an Intl format). */
  private dayReadAt = Number.NEGATIVE_INFINITY;
  private salt = "";
  private seen = new LRUCache<string, true>({ max: REMEMBERED });
  private pending = new Map<string, OfferDayCount>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    /** Adds a batch to the stored totals; false when the backend cannot store them (then said once, dropped). */
    private readonly write: (rows: OfferDayCount[]) => Promise<boolean>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts one `kind` on `offerSlug` from the network `network` (an opaque key); false for a repeat of the day. */
  count(kind: CountKind, offerSlug: string, network: string): boolean {
    const now = this.now();
    if (Math.abs(now.getTime() - this.dayReadAt) >= 1_000) {
      this.dayReadAt = now.getTime();
      const day = todayInFrance(now);
      if (day !== this.day) {
        // Midnight: yesterday's keys cannot be matched any more, by anyone.
        this.day = day;
        this.salt = randomBytes(32).toString("base64");
        this.seen.clear();
      }
    }
    const day = this.day;
    const key = hash("sha256", `${this.salt}\u0000${kind}\u0000${offerSlug}\u0000${network}`, "base64url");
    if (this.seen.has(key)) return false;
    this.seen.set(key, true);
    const rowKey = `${day}|${offerSlug}`;
    const row = this.pending.get(rowKey) ?? { day, offerSlug, views: 0, copies: 0, follows: 0 };
    row[kind] += 1;
    this.pending.set(rowKey, row);
    return true;
  }

  /** Writes what is in memory; a failed write keeps it for the next flush. One write at a time. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.pending.size === 0) return;
      const rows = [...this.pending.values()];
      this.pending.clear();
      try {
        if (!(await this.write(rows))) this.warnOnce();
      } catch (error) {
        console.error("Enregistrement des mesures d'audience impossible, nouvel essai plus tard :", error);
        for (const row of rows) this.merge(row);
      }
    });
    return this.writing;
  }

  private merge(row: OfferDayCount): void {
    const key = `${row.day}|${row.offerSlug}`;
    const current = this.pending.get(key);
    if (!current) {
      this.pending.set(key, row);
      return;
    }
    current.views += row.views;
    current.copies += row.copies;
    current.follows += row.follows;
  }

  private warned = false;
  private warnOnce(): void {
    if (this.warned) return;
    this.warned = true;
    console.warn("Les mesures d'audience ne sont pas enregistrées : SUPABASE_SERVICE_ROLE_KEY n'est pas défini.");
  }
}

let counter: AudienceCounter | undefined;

/** The counter of this process, started on first use: written every FLUSH_EVERY_MS and when the server stops. */
export function audience(): AudienceCounter {
  if (!counter) {
    const started = new AudienceCounter(async (rows) => (await getBackend()).addOfferCounts(rows));
    setInterval(() => void started.flush(), FLUSH_EVERY_MS).unref();
    onShutdown(() => started.flush());
    counter = started;
  }
  return counter;
}

type HeaderOf = (name: string) => string | null | undefined;

/**
 * Whether a request is a visitor's own: neither a prefetch (the browser's, or a link preview) nor a bot, nor a client
 * that does not say what it is (every browser sends a User-Agent; a script that sends none is counted nothing).
 */
export function countable(header: HeaderOf): boolean {
  if (!header("User-Agent")?.trim()) return false;
  const purpose = [header("Sec-Purpose"), header("Purpose"), header("X-Purpose")].join(" ").toLowerCase();
  if (purpose.includes("prefetch") || purpose.includes("preview")) return false;
  return !isbot(header("User-Agent") ?? "");
}

/** Counts `kind` on `offerSlug` for this request, unless it is a prefetch or a bot. */
export function countFor(request: Request, kind: CountKind, offerSlug: string): void {
  if (countable((name) => request.headers.get(name))) audience().count(kind, offerSlug, networkKey(request));
}

/**
 * Counts a view of `slug`'s page, told by its count image, which the request pipeline answers itself: the slug must
 * be a listed offer's, the request a visitor's own, from `address`.
 */
export async function countView(slug: string, header: HeaderOf, address: string): Promise<void> {
  if (countable(header) && (await offerForSlug(slug))) audience().count("views", slug, networkKeyOf(address));
}
