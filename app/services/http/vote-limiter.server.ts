import { LRUCache } from "lru-cache";

/**
 * The hourly vote limit kept in the server's memory, in front of the database's: a visitor past it is refused
 * before any database call, so a flood of refused votes costs no more than as many page views. The database
 * keeps its own count, shared by every instance of the site; this one only spares it the votes it would refuse.
 */
export class VoteLimiter {
  private readonly sent: LRUCache<string, number[]>;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    /** Visitors remembered at most: the least recently seen are forgotten first. */
    visitors = 20_000,
  ) {
    this.sent = new LRUCache<string, number[]>({ max: visitors, ttl: windowMs });
  }

  /**
   * Counts a vote of the visitor `key` sent at `now`, or, when they already sent `max` within the window, counts
   * nothing and gives the seconds until the oldest of those leaves it.
   */
  admit(key: string, now = Date.now()): number | undefined {
    const recent = (this.sent.get(key) ?? []).filter((at) => at > now - this.windowMs);
    const oldest = recent[0];
    if (oldest !== undefined && recent.length >= this.max) {
      return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.sent.set(key, recent);
    return undefined;
  }
}
