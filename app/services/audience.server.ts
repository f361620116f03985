import { hash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { todayInFrance } from "~/catalogue/dates";
import { getBackend } from "./backend/index.server";
import { onShutdown } from "./lifecycle/shutdown.server";
import { log, passDone } from "./log.server";
import { offerForSlug } from "./pages/offers.server";
import { networkKey, networkKeyForAddress } from "./visitor.server";
import type { AudienceEvent, AudienceKind, AudienceSalt } from "./backend/types.server";

/**
 * Cookie-free audience counts: per offer and per day, views of its page, copies of its code and follows of its
 * referral link. Nothing about a visitor is written: a repeat from the same network (its /24 or /48) on the same
 * offer, of the same kind, the same day, is told apart by a key hashed with a salt drawn each day. Each instance
 * first tells its own repeats apart in memory, with a salt of its own; what it saw first goes out in batches, every
 * few seconds and when the server stops, keyed with the day's salt all instances share, and the database counts
 * each key once a day whichever instance saw it (add_audience_events). The shared salt and the keys are erased the
 * next day.
 */
export type CountKind = AudienceKind;

/** How often the counts in memory are written. */
export const FLUSH_EVERY_MS = 5_000;
/** Repeats remembered at most; past it the oldest are forgotten (and may count again). */
const REMEMBERED = 100_000;

/** A first sighting in this instance, until its batch goes out: the network is its keyed hash, never an address. */
interface Sighting {
  day: string;
  offerSlug: string;
  kind: CountKind;
  network: string;
}

const keyOf = (salt: string, kind: CountKind, offerSlug: string, network: string) =>
  hash("sha256", `${salt}\u0000${kind}\u0000${offerSlug}\u0000${network}`, "base64url");

export class AudienceCounter {
  private day = "";
  /** When the day was last read from the clock: read at most once a second (a Paris date costs an Intl format). */
  private dayReadAt = Number.NEGATIVE_INFINITY;
  private salt = "";
  private seen = new LRUCache<string, true>({ max: REMEMBERED });
  private pending: Sighting[] = [];
  private shared: AudienceSalt | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: {
      /** Today's salt shared by every instance; null when the backend cannot store counts. */
      salt: () => Promise<AudienceSalt | null>;
      /** Adds a batch to the stored totals; false when the backend cannot store them (then said once, dropped). */
      write: (events: AudienceEvent[]) => Promise<boolean>;
    },
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
    const key = keyOf(this.salt, kind, offerSlug, network);
    if (this.seen.has(key)) return false;
    this.seen.set(key, true);
    this.pending.push({ day: this.day, offerSlug, kind, network });
    return true;
  }

  /** Writes what is in memory; a failed write keeps it for the next flush. One write at a time. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const startedAt = Date.now();
      const sightings = this.pending;
      try {
        await this.write(sightings);
      } finally {
        passDone("audience", startedAt, { sightings: sightings.length });
      }
    });
    return this.writing;
  }

  private async write(sightings: Sighting[]): Promise<void> {
    if (sightings.length === 0) return;
    this.pending = [];
    try {
      const shared = await this.sharedSalt();
      if (!shared) {
        this.warnOnce();
        return;
      }
      // A sighting of a day whose salt is gone (it crossed midnight in memory) is counted without a key.
      const events = sightings.map(({ day, offerSlug, kind, network }) => ({
        day,
        offerSlug,
        kind,
        key: day === shared.day ? keyOf(shared.salt, kind, offerSlug, network) : null,
      }));
      if (!(await this.store.write(events))) this.warnOnce();
    } catch (error) {
      log.error("Enregistrement des mesures d'audience impossible, nouvel essai plus tard :", error);
      // Kept for the next flush, within the bound of what memory holds while the database is away.
      this.pending = [...sightings, ...this.pending].slice(-REMEMBERED);
    }
  }

  /** The day's shared salt, asked again when the day in memory is not its day. */
  private async sharedSalt(): Promise<AudienceSalt | null> {
    if (this.shared?.day === this.day) return this.shared;
    const salt = await this.store.salt();
    if (salt) this.shared = salt;
    return salt;
  }

  private warned = false;
  private warnOnce(): void {
    if (this.warned) return;
    this.warned = true;
    log.warn("Les mesures d'audience ne sont pas enregistrées : SUPABASE_SERVICE_ROLE_KEY n'est pas défini.");
  }
}

let counter: AudienceCounter | undefined;

/** The counter of this process, started on first use: written every FLUSH_EVERY_MS and when the server stops. */
export function audience(): AudienceCounter {
  if (!counter) {
    const started = new AudienceCounter({
      salt: async () => (await getBackend()).audienceSalt(),
      write: async (events) => (await getBackend()).addAudienceEvents(events),
    });
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
  if (countable(header) && (await offerForSlug(slug))) audience().count("views", slug, networkKeyForAddress(address));
}
