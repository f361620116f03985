/**
 * One value read from a backend and kept `ttlMs`, for many readers, that writes make stale at once:
 * - concurrent readers share one read;
 * - past `ttlMs`, readers get the kept value while one read refreshes it;
 * - after `invalidate()` (a write), readers wait for a read started after the write, so that a writer sees its write;
 * - a read under way when a write comes is never cancelled: its readers get what it read, and a read that fails
 *   falls back to the last value read, or rejects when there is none. No reader is ever handed "nothing".
 */
export class ReadAfterWriteCache<V> {
  private kept: { value: V; readAt: number; generation: number } | undefined;
  private reading: { promise: Promise<V>; generation: number } | undefined;
  /** Counts the writes: a value read before the last one is stale. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly read: () => Promise<V>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A write happened: the next readers wait for a read that sees it. */
  invalidate(): void {
    this.generation += 1;
  }

  async get(): Promise<V> {
    const kept = this.kept;
    if (kept && kept.generation === this.generation) {
      if (this.now() - kept.readAt >= this.ttlMs) void this.refresh().catch(() => undefined);
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
        if (this.kept) return this.kept.value;
        throw error;
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
