import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SHARED_PAGE_CACHE } from "~/services/http/headers.server";
import { FORGET_INTERVAL_MS, PageCache, pageShowsOffer } from "~/services/http/page-cache.server";
import type { RoutePolicy } from "~/services/http/route-policy.server";

/** What a vote on an offer does to the kept pages: the pages showing it go, at most once per interval. */

const NONCE = "bm9uY2UtZGUtdGVzdA==";
/** What each page shows, as its route's row says (route-policy.server.ts). */
const SHOWS: Record<string, RoutePolicy["shows"]> = {
  "/offres/binance": "its offer",
  "/offres/binance/avis": "its offer",
  "/offres/coinbase": "its offer",
  "/offres/coinbase/avis": "its offer",
  "/offres/bitpanda": "its offer",
  "/contact": "no offer",
  "/mentions-legales": "no offer",
  "/comment-sont-recueillis-les-avis": "no offer",
  "/marques/b": "no offer",
};
const showsOf = (key: string) => SHOWS[key.split("?")[0] ?? key];

const keep = (cache: PageCache, key: string) =>
  cache.prepare(key, Buffer.from(`<html><body nonce="${NONCE}">${key}</body></html>`), NONCE, {
    status: 200,
    cacheControl: SHARED_PAGE_CACHE,
    shows: showsOf(key),
  });

/** Pages that show the binance offer: its brand page and vote page, every listing, searches and the home page. */
const SHOWING_BINANCE = [
  "/offres/binance",
  "/offres/binance/avis",
  "/offres",
  "/codes",
  "/",
  "/offres?q=bin",
  "/offres?cat=crypto",
  "/codes?cat=crypto&q=b",
];
/** Pages that do not: other brands' pages, and the pages of text. */
const NOT_SHOWING_BINANCE = [
  "/offres/coinbase",
  "/offres/coinbase/avis",
  "/offres/bitpanda",
  "/contact",
  "/mentions-legales",
  "/comment-sont-recueillis-les-avis",
  "/marques/b",
];
const ALL = [...SHOWING_BINANCE, ...NOT_SHOWING_BINANCE];

const kept = (cache: PageCache) => ALL.filter((key) => cache.get(key) !== undefined);

describe("the pages showing an offer", () => {
  it("are its brand page, the listings, the home page and the pages with a query; not other brands' pages nor text", () => {
    for (const key of SHOWING_BINANCE) expect(pageShowsOffer(key, showsOf(key), "binance"), key).toBe(true);
    for (const key of NOT_SHOWING_BINANCE) expect(pageShowsOffer(key, showsOf(key), "binance"), key).toBe(false);
  });
});

describe("forgetting the pages after a vote", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-21T10:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("drops the offer's brand page, the listings, the home page and the query pages at once, and keeps the others", () => {
    const cache = new PageCache(600_000);
    for (const key of ALL) keep(cache, key);
    expect(kept(cache)).toEqual(ALL);

    cache.forgetPagesShowing("binance");
    expect(kept(cache)).toEqual(NOT_SHOWING_BINANCE);
  });

  it("gathers a burst of votes within the interval and drops the pages once more, at the interval's end", () => {
    const cache = new PageCache(600_000);
    for (const key of ALL) keep(cache, key);
    cache.forgetPagesShowing("binance");
    expect(kept(cache)).toEqual(NOT_SHOWING_BINANCE);

    // Visitors open the pages again, and keep voting on binance and coinbase within the interval.
    for (const key of ALL) keep(cache, key);
    for (let vote = 0; vote < 40; vote += 1) {
      vi.advanceTimersByTime((FORGET_INTERVAL_MS - 100) / 40);
      cache.forgetPagesShowing(vote % 2 ? "binance" : "coinbase");
      // Between the votes, every page stays kept.
      expect(kept(cache), `vote ${vote}`).toEqual(ALL);
    }
    vi.advanceTimersByTime(99);
    expect(kept(cache)).toEqual(ALL);

    // At the interval's end the pages of both offers go, together.
    vi.advanceTimersByTime(1);
    expect(kept(cache)).toEqual([
      "/offres/bitpanda",
      "/contact",
      "/mentions-legales",
      "/comment-sont-recueillis-les-avis",
      "/marques/b",
    ]);

    // Nothing more is dropped without a new vote.
    for (const key of ALL) keep(cache, key);
    vi.advanceTimersByTime(10 * FORGET_INTERVAL_MS);
    expect(kept(cache)).toEqual(ALL);
  });

  it("acts at once again after a quiet interval, and keeps to one drop per interval under a steady stream of votes", () => {
    const cache = new PageCache(600_000);
    const drops: number[] = [];
    const start = Date.now();
    for (const key of ALL) keep(cache, key);
    // One vote every 100 ms for 20 s; each time the brand page is missing, the next visitor renders it again.
    for (let elapsed = 0; elapsed < 20_000; elapsed += 100) {
      cache.forgetPagesShowing("binance");
      if (cache.get("/offres/binance") === undefined) {
        drops.push(Date.now() - start);
        keep(cache, "/offres/binance");
      }
      vi.advanceTimersByTime(100);
    }
    expect(drops[0]).toBe(0);
    expect(drops.length).toBeLessThanOrEqual(20_000 / FORGET_INTERVAL_MS + 1);
    for (let index = 1; index < drops.length; index += 1) {
      expect((drops[index] ?? 0) - (drops[index - 1] ?? 0)).toBeGreaterThanOrEqual(FORGET_INTERVAL_MS);
    }

    // After a quiet interval, the next vote drops the pages at once.
    vi.advanceTimersByTime(2 * FORGET_INTERVAL_MS);
    keep(cache, "/offres/binance");
    cache.forgetPagesShowing("binance");
    expect(cache.get("/offres/binance")).toBeUndefined();
  });
});

describe("a page rendered while pages were forgotten", () => {
  const render = (cache: PageCache, key: string, renderedFrom: number) =>
    cache.prepare(key, Buffer.from(`<html><body nonce="${NONCE}">${key}</body></html>`), NONCE, {
      status: 200,
      cacheControl: SHARED_PAGE_CACHE,
      renderedFrom,
    });

  it("is answered but not kept: its data may predate the change", () => {
    const cache = new PageCache(60_000);
    const started = cache.generation;
    cache.forgetAll();
    const page = render(cache, "/offres/lime", started);
    expect(page.withNonce(NONCE).toString()).toContain("/offres/lime");
    expect(cache.get("/offres/lime")).toBeUndefined();
    // Rendered from the current generation, it is kept.
    render(cache, "/offres/lime", cache.generation);
    expect(cache.get("/offres/lime")).toBeDefined();
  });

  it("whatever forgot them: some paths, or the pages showing an offer after a vote", () => {
    const cache = new PageCache(60_000);
    let started = cache.generation;
    cache.forgetPaths(["/"]);
    render(cache, "/offres/lime", started);
    expect(cache.get("/offres/lime")).toBeUndefined();
    started = cache.generation;
    cache.forgetPagesShowing("binance");
    render(cache, "/offres/lime", started);
    expect(cache.get("/offres/lime")).toBeUndefined();
  });
});
