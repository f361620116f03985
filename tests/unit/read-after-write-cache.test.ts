import { afterEach, describe, expect, it, vi } from "vitest";
import { ReadAfterWriteCache } from "~/services/backend/read-after-write-cache.server";
import { log } from "~/services/log.server";
import { sleep } from "../support/wait";

/** A cache over a source whose reads the test settles one by one (`pending`, in the order they started). */
function cacheOverControlledReads(ttlMs = 10_000, now?: () => number) {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const read = () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
  return { pending, cache: new ReadAfterWriteCache(ttlMs, read, "des nombres", now) };
}

describe("a cache that writes make stale at once", () => {
  it("shares one read among concurrent readers, and keeps its value while fresh", async () => {
    const { pending, cache } = cacheOverControlledReads();
    const readers = [cache.get(), cache.get(), cache.get()];
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(1);
    expect(await Promise.all(readers)).toEqual([1, 1, 1]);
    expect(await cache.get()).toBe(1);
    expect(pending).toHaveLength(1);
  });

  it("lets a read under way finish when a write comes, and makes later readers wait for a read after the write", async () => {
    const { pending, cache } = cacheOverControlledReads();
    const before = cache.get();
    cache.invalidate();
    const after = cache.get();
    expect(pending).toHaveLength(2);
    pending[0]!.resolve(1);
    expect(await before).toBe(1);
    pending[1]!.resolve(2);
    expect(await after).toBe(2);
    expect(await cache.get()).toBe(2);
  });

  it("keeps the newer value when an older read ends last", async () => {
    const { pending, cache } = cacheOverControlledReads();
    const older = cache.get();
    cache.invalidate();
    const newer = cache.get();
    pending[1]!.resolve(2);
    pending[0]!.resolve(1);
    expect([await older, await newer]).toEqual([1, 2]);
    expect(await cache.get()).toBe(2);
  });

  it("falls back to the last value when a read fails, and rejects only when it has none", async () => {
    const { pending, cache } = cacheOverControlledReads();
    const first = cache.get();
    pending[0]!.reject(new Error("base indisponible"));
    await expect(first).rejects.toThrow("base indisponible");
    const second = cache.get();
    pending[1]!.resolve(1);
    expect(await second).toBe(1);
    cache.invalidate();
    const third = cache.get();
    pending[2]!.reject(new Error("base indisponible"));
    expect(await third).toBe(1);
  });

  it("serves its value past its lifetime while one read refreshes it", async () => {
    let now = 0;
    const { pending, cache } = cacheOverControlledReads(1_000, () => now);
    const first = cache.get();
    pending[0]!.resolve(1);
    await first;
    now = 2_000;
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    await sleep(0);
    expect(await cache.get()).toBe(2);
  });

  it("says in the log when a refresh fails, and reads again only a lifetime later", async () => {
    const warned = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    let now = 0;
    const { pending, cache } = cacheOverControlledReads(1_000, () => now);
    const first = cache.get();
    pending[0]!.resolve(1);
    await first;
    now = 5_000;
    expect(await cache.get()).toBe(1);
    pending[1]!.reject(new Error("base indisponible"));
    await sleep(0);
    expect(warned).toHaveBeenCalledTimes(1);
    expect(warned.mock.calls[0]?.[0]).toBe(
      "Lecture des nombres impossible : les valeurs lues il y a 5 s restent servies, nouvel essai dans 1 s au plus tôt.",
    );
    // A backend that is down is not read again on every request, and the log says it once.
    now = 5_999;
    for (let reader = 0; reader < 10; reader += 1) expect(await cache.get()).toBe(1);
    expect(pending).toHaveLength(2);
    now = 6_000;
    expect(await cache.get()).toBe(1);
    expect(pending).toHaveLength(3);
    pending[2]!.resolve(2);
    await sleep(0);
    expect(await cache.get()).toBe(2);
    expect(warned).toHaveBeenCalledTimes(1);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
