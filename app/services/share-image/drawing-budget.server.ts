import { LRUCache } from "lru-cache";

/** A rate: `burst` at once, then one more every `everyMs`. */
export interface Rate {
  burst: number;
  everyMs: number;
}

/** A share of the main thread: `burstMs` of drawing at once, then `share` of the time that passes. */
export interface ThreadShare {
  burstMs: number;
  share: number;
}

/** A token bucket: full at `capacity`, refilled by `perMs` tokens each millisecond; it may be spent below zero. */
class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perMs: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.at = now;
  }

  /** What is left at `now`. */
  left(now: number): number {
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.at) * this.perMs);
    this.at = now;
    return this.tokens;
  }

  spend(amount: number): void {
    this.tokens -= amount;
  }
}

/** The drawings measured last: the longest of them is what the next one is expected to take. */
const MEASURED_KEPT = 8;
/** What a drawing is expected to take before any is measured: the longest measured when the drawing was built. */
const FIRST_EXPECTED_MS = 125;

/**
 * How many share images the site may draw. A drawing holds the main thread (50 to 125 ms on the machines measured,
 * more on a busy one), so the site's budget is a share of that thread's time, not a number of images: a slower
 * machine draws fewer. A drawing is admitted while the site's budget is above zero, reserving what the longest of
 * the last drawings took; once drawn, what it really took is counted instead. Each network (its /24 or /48) has a
 * budget of its own in images, so that one client cannot take all of the site's; networks are remembered in an LRU
 * of `networks` entries: one forgotten comes back with a full burst, which the site's budget bounds.
 */
export class DrawingBudget {
  private readonly site: Bucket;
  private readonly perNetwork: LRUCache<string, Bucket>;
  /** The last drawings' durations, in ms. */
  private readonly measured: number[] = [];

  constructor(
    siteShare: ThreadShare,
    private readonly networkRate: Rate,
    now = Date.now(),
    networks = 10_000,
  ) {
    this.site = new Bucket(siteShare.burstMs, siteShare.share, now);
    this.perNetwork = new LRUCache({ max: networks });
  }

  /** What the next drawing is expected to take, in ms. */
  get expectedMs(): number {
    return this.measured.length > 0 ? Math.max(...this.measured) : FIRST_EXPECTED_MS;
  }

  /**
   * Spends one drawing for `network` when both its budget and the site's allow it: the time reserved (to hand back
   * to `drawn`), or null when refused.
   */
  take(network: string, now = Date.now()): number | null {
    let bucket = this.perNetwork.get(network);
    if (!bucket) {
      bucket = new Bucket(this.networkRate.burst, 1 / this.networkRate.everyMs, now);
      this.perNetwork.set(network, bucket);
    }
    if (bucket.left(now) < 1 || this.site.left(now) <= 0) return null;
    const reserved = this.expectedMs;
    bucket.spend(1);
    this.site.spend(reserved);
    return reserved;
  }

  /** A drawing admitted with `reserved` ms took `tookMs`: the site's budget counts what it really took. */
  drawn(reserved: number, tookMs: number): void {
    this.site.spend(tookMs - reserved);
    this.measured.push(tookMs);
    if (this.measured.length > MEASURED_KEPT) this.measured.shift();
  }
}
