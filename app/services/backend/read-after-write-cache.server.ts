import { log } from "../log.server";

/**
 * One value read from a backend and kept `ttlMs`, for many readers, that writes make stale at once:
 * - concurrent readers share one read;
 * - past `ttlMs`, readers get the kept value while one read refreshes it;
 * - after `invalidate()` (a write), readers wait for a read started after the write, so that a writer sees its write;
 * - a read under way when a write comes is never cancelled: its readers get what it read, and a read that fails
 *   falls back to the last value read, or rejects when there is none. No reader is ever handed "nothing".
 * A read that fails while a value is kept is logged (naming `what`, in French), and the kept value is not read again
 * in the background before `ttlMs` more: a backend that is down gets one read a lifetime, not one per request.
 */
export class ReadAfterWriteCache<V> {
  private kept: { value: V; readAt: number; generation: number } | undefined;
  private reading: { promise: Promise<V>; generation: number } | undefined;
  /** Counts the writes: a value read before the last one is stale. */
  private generation = 0;
  /** No background read before this time: the last one failed. */
  private pausedUntil = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly read: () => Promise<V>,
    /** What is read, for the log: "des marques". */
    private readonly what: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** A write happened: the next readers wait for a read that sees it. */
  invalidate(): void {
    this.generation += 1;
  }

  async get(): Promise<V> {
    const kept = this.kept;
    if (kept && kept.generation === this.generation) {
      const now = this.now();
      if (now - kept.readAt >= this.ttlMs && now >= this.pausedUntil) void this.refresh().catch(() => undefined);
      return kept.value;
    }
    return this.refresh();
  }

  /** A read started at the current generation, shared with the readers that ask while it runs. */
  private refresh(): Promise<V> {
    if (this.reading?.generation === this.generation) return this.reading.promise;
    const generation = this.generation;
    const promise = this.read().then(
      (value) => {
        if (!this.kept || this.kept.generation <= generation) this.kept = { value, readAt: this.now(), generation };
        return value;
      },
      (error: unknown) => {
        const kept = this.kept;
        if (!kept) throw error;
        this.pausedUntil = this.now() + this.ttlMs;
        const age = Math.round((this.now() - kept.readAt) / 1000);
        log.warn(
          `Lecture ${this.what} impossible : les valeurs lues il y a ${age} s restent servies, ` +
            `nouvel essai dans ${Math.round(this.ttlMs / 1000)} s au plus tôt.`,
          error,
        );
        return kept.value;
      },
    );
    const reading = { promise, generation };
    this.reading = reading;
    void promise.then(
      () => this.forget(reading),
      () => this.forget(reading),
    );
    return promise;
  }

  private forget(reading: NonNullable<typeof this.reading>): void {
    if (this.reading === reading) this.reading = undefined;
  }
}
