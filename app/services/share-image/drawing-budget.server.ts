import { LRUCache } from "lru-cache";

/** A rate: `burst` at once, then one more every `everyMs`. */
export interface Rate {
  burst: number;
  everyMs: number;
}

/** A token bucket: full at `burst`, one token back every `everyMs`. */
class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: Rate,
    now: number,
  ) {
    this.tokens = rate.burst;
    this.at = now;
  }

  has(now: number): boolean {
    this.tokens = Math.min(this.rate.burst, this.tokens + (now - this.at) / this.rate.everyMs);
    this.at = now;
    return this.tokens >= 1;
  }

  take(): void {
    this.tokens -= 1;
  }
}

/**
 * How many share images the site may draw, for the whole site and for each network: a drawing holds the main
 * thread 50 to 125 ms, so a client that asks every image in a loop (no cache of a bounded size holds them all) must
 * not draw faster than the budget; past it the route answers the site's default image. Networks are remembered in
 * an LRU of `networks` entries: a network forgotten comes back with a full burst, which the site's budget bounds.
 */
export class DrawingBudget {
  private readonly site: Bucket;
  private readonly perNetwork: LRUCache<string, Bucket>;

  constructor(
    private readonly siteRate: Rate,
    private readonly networkRate: Rate,
    now = Date.now(),
    networks = 10_000,
  ) {
    this.site = new Bucket(siteRate, now);
    this.perNetwork = new LRUCache({ max: networks });
  }

  /** Spends one drawing for `network` when both its budget and the site's allow it: whether it did. */
  take(network: string, now = Date.now()): boolean {
    let bucket = this.perNetwork.get(network);
    if (!bucket) this.perNetwork.set(network, (bucket = new Bucket(this.networkRate, now)));
    if (!bucket.has(now) || !this.site.has(now)) return false;
    bucket.take();
    this.site.take();
    return true;
  }
}
