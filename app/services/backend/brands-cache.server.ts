import { LRUCache } from "lru-cache";
import type { BrandRow } from "~/catalogue/types";
import { BackendError, toBackendError } from "./backend-error";
import type { BrandsSource } from "./brands.server";

export interface BrandsCacheOptions {
  /** How long a read stays fresh; 0 turns the cache off. */
  ttlMs: number;
  /** Longest wait for the source before the call counts as failed. */
  timeoutMs: number;
}

/** Fails with a BackendError when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new BackendError({ message: `La source des marques n'a pas répondu en ${ms} ms.`, code: "TIMEOUT" })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The brands read, kept in memory: fresh for `ttlMs`, then served stale while one background refresh runs;
 * kept when a refresh fails, so the site stays up while its backend does not. Concurrent misses share one call.
 */
export class CachedBrandsSource implements BrandsSource {
  readonly kind: BrandsSource["kind"];
  private readonly cache: LRUCache<"brands", BrandRow[]> | undefined;
  /** The cache answers "nothing" when a refresh fails with no copy to fall back on; this says why. */
  private lastError: BackendError | undefined;

  constructor(
    private readonly source: BrandsSource,
    private readonly options: BrandsCacheOptions,
  ) {
    this.kind = source.kind;
    if (options.ttlMs > 0) {
      this.cache = new LRUCache<"brands", BrandRow[]>({
        max: 1,
        ttl: options.ttlMs,
        allowStale: true,
        noDeleteOnStaleGet: true,
        allowStaleOnFetchRejection: true,
        allowStaleOnFetchAbort: true,
        noDeleteOnFetchRejection: true,
        fetchMethod: () =>
          this.readSource().catch((error: unknown) => {
            this.lastError = toBackendError(error);
            throw error;
          }),
      });
    }
  }

  /** Fills the cache. */
  async warmUp(): Promise<void> {
    await this.listBrands();
  }

  /**
   * One read of the source, bounded by the timeout. Getting the source ready is not: on its first start the
   * embedded database takes a few seconds to create, and visitors then wait rather than get an error.
   */
  async readSource(): Promise<BrandRow[]> {
    await this.source.warmUp?.();
    return withTimeout(this.source.listBrands(), this.options.timeoutMs);
  }

  async listBrands(): Promise<BrandRow[]> {
    if (!this.cache) return this.readSource();
    const rows = await this.cache.fetch("brands");
    if (!rows) throw this.lastError ?? new BackendError({ message: "Aucune marque disponible." });
    return rows;
  }
}
