import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { gzipAround } from "./gzip-around.server";
import {
  applySecurityHeaders,
  SHARED_ANSWER_HEADER,
  SHARED_NOT_KEPT_HERE,
  SHARED_PAGE_CACHE,
  type RequestView,
} from "./headers.server";
import { acceptsGzip, firstHeader } from "./request-body.server";
import { canonicalPath } from "./request-target.server";
import type { RoutePolicy } from "./route-policy.server";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface RenderedPage {
  etag: string;
  status: number;
  cacheControl: string;
  /** The offers it shows (its route's row), which a vote on one of them makes stale. */
  shows?: RoutePolicy["shows"];
  /** The document's bytes with the given nonce in every place its own nonce was. */
  withNonce(nonce: string): Buffer;
  /** The same, gzipped from parts compressed once, for a kept page (undefined when it cannot be). */
  gzipWithNonce?(nonce: string): Buffer | undefined;
}

export interface PageAnswer {
  status: number;
  headers: Headers;
  body: Buffer | null;
}

/**
 * Rendered pages of anonymous GETs, kept while the brands they show are fresh (bounded in bytes). The server
 * answers from here before Remix runs; each answer gets a new nonce, so scripts still run with a per-response one.
 * Pages with a query (searches: anyone can make up new ones) have a small budget of their own, so that however many
 * searches come in, the pages without one (the home page, the listings, the brand pages) stay.
 */
export class PageCache {
  private pages: LRUCache<string, RenderedPage> | undefined;
  private queryPages: LRUCache<string, RenderedPage> | undefined;
  private forgotten = 0;

  constructor(
    ttlMs = 0,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxQueryBytes = 4 * 1024 * 1024,
  ) {
    this.enable(ttlMs);
  }

  /** Starts keeping pages for `ttlMs` (nothing is kept at 0): a server that reads the cache switches it on. */
  enable(ttlMs: number): void {
    if (ttlMs <= 0 || this.pages) return;
    this.pages = new LRUCache<string, RenderedPage>({ ttl: ttlMs, maxSize: this.maxBytes });
    this.queryPages = new LRUCache<string, RenderedPage>({ ttl: ttlMs, maxSize: this.maxQueryBytes });
  }

  get enabled(): boolean {
    return this.pages !== undefined;
  }

  private budgetOf(key: string) {
    return key.includes("?") ? this.queryPages : this.pages;
  }

  /**
   * Turns a document rendered with `nonce` into a page (its ETag ignores the nonce) and keeps it if asked. A page
   * answered once is sent as it was rendered; a kept one gets each later answer's nonce in place of its own.
   */
  /**
   * How many times pages were forgotten so far. A request passed on to be rendered carries the figure of its start
   * (RENDERED_FROM_HEADER): a page whose data may predate a change is not kept, or it would outlive the change.
   */
  get generation(): number {
    return this.forgotten;
  }

  prepare(
    key: string | undefined,
    html: Buffer,
    nonce: string,
    {
      status,
      cacheControl,
      renderedFrom = this.forgotten,
      shows,
    }: { status: number; cacheControl: string; renderedFrom?: number; shows?: RoutePolicy["shows"] },
  ): RenderedPage {
    const parts = splitAround(html, Buffer.from(nonce));
    const hash = createHash("sha1");
    for (const part of parts) hash.update(part).update("\0");
    const page = { etag: `W/"${hash.digest("base64url")}"`, status, cacheControl, shows };
    const pages = key ? this.budgetOf(key) : undefined;
    const keptNow = key && status === 200 && pages && renderedFrom === this.forgotten;
    if (!keptNow) return { ...page, withNonce: () => html };
    const gzip = gzipAround(parts, Buffer.byteLength(nonce));
    const kept: RenderedPage = {
      ...page,
      withNonce: (next) => {
        const nonceBytes = Buffer.from(next);
        return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
      },
      gzipWithNonce: (next) => gzip?.withGap(Buffer.from(next)),
    };
    pages.set(key, kept, { size: html.byteLength + (gzip?.compressedBytes ?? 0) + 200 });
    return kept;
  }

  get(key: string): RenderedPage | undefined {
    return this.budgetOf(key)?.get(key);
  }

  /** Drops every kept page at once: after the owner changed a brand, which any page may show. */
  forgetAll(): void {
    this.forgotten += 1;
    this.pages?.clear();
    this.queryPages?.clear();
  }

  /** Drops at once the kept pages of these paths, whatever their query. */
  forgetPaths(paths: readonly string[]): void {
    this.forgetWhere((key) => paths.includes(key.split("?")[0] ?? key));
  }

  /** Drops the kept pages that `forgotten` says, from their key and what they show. */
  private forgetWhere(forgotten: (key: string, page: RenderedPage) => boolean): void {
    this.forgotten += 1;
    for (const pages of [this.pages, this.queryPages]) {
      for (const [key, page] of [...(pages?.entries() ?? [])]) if (forgotten(key, page)) pages?.delete(key);
    }
  }

  private readonly offersToForget = new Set<string>();
  private nextForgetAt = 0;
  private forgetTimer: NodeJS.Timeout | undefined;

  /**
   * Drops the kept pages that show `offerSlug` (after a vote on it), so the next visitor sees the new summary. The
   * first call acts at once; later calls within `FORGET_INTERVAL_MS` are gathered and acted on together at its end:
   * however many votes come in, pages are dropped at most once per interval, and caching holds for everyone else.
   */
  forgetPagesShowing(offerSlug: string, now = Date.now()): void {
    if (!this.pages) return;
    this.offersToForget.add(offerSlug);
    if (this.forgetTimer) return;
    const wait = this.nextForgetAt - now;
    if (wait <= 0) {
      this.forgetNow(now);
      return;
    }
    this.forgetTimer = setTimeout(() => {
      this.forgetTimer = undefined;
      this.forgetNow(Date.now());
    }, wait);
    this.forgetTimer.unref();
  }

  private forgetNow(now: number): void {
    const slugs = [...this.offersToForget];
    this.offersToForget.clear();
    this.nextForgetAt = now + FORGET_INTERVAL_MS;
    this.forgetWhere((key, page) => slugs.some((slug) => pageShowsOffer(key, page.shows, slug)));
  }
}

/**
 * The page cache of this process: off until a server that answers from it turns it on (server.js, through its
 * request pipeline); the application stores the pages it renders there only then.
 */
export const pageCache = new PageCache();

/** Pages are dropped after a vote at most this often (see `forgetPagesShowing`). */
export const FORGET_INTERVAL_MS = 5_000;

/**
 * Whether the kept page `key` (path and query), which shows what its route's row says, shows the offer `offerSlug`:
 * a brand's page shows its own (its address's second segment), a page of text none, any other page any.
 */
export function pageShowsOffer(key: string, shows: RoutePolicy["shows"], offerSlug: string): boolean {
  if (shows === "no offer") return false;
  if (shows === "its offer") return (key.split("?")[0] ?? key).split("/")[2] === offerSlug;
  return true;
}

/** The bytes of `whole` around each occurrence of `separator` (views, not copies). */
function splitAround(whole: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let found = whole.indexOf(separator); found >= 0; found = whole.indexOf(separator, start)) {
    parts.push(whole.subarray(start, found));
    start = found + separator.byteLength;
  }
  parts.push(whole.subarray(start));
  return parts;
}

/** The answer for a rendered page: 304 when the visitor's copy is current, otherwise the page with a new nonce. */
export function answerWithPage(
  page: RenderedPage,
  {
    request,
    headers,
    nonce,
    production,
  }: { request: RequestView; headers: Headers; nonce: string; production: boolean },
): PageAnswer {
  headers.set("Cache-Control", page.cacheControl);
  headers.set("Vary", "Cookie");
  const shared = !page.cacheControl.includes("no-store");
  if (shared) headers.set("ETag", page.etag);
  // A 304 must not carry a new Content-Security-Policy: the stored copy keeps the one matching its nonce.
  if (shared && request.headers.get("If-None-Match") === page.etag) {
    return { status: 304, headers, body: null };
  }
  applySecurityHeaders(headers, request, nonce, production);
  headers.set("Content-Type", "text/html; charset=utf-8");
  return { status: page.status, headers, body: page.withNonce(nonce) };
}

/**
 * The key of a page in the page cache: its canonical path, with its query only when it holds nothing but the
 * parameters the route reads, each once, written as a form writes them: made-up parameters (`?x=1`, `?x=2`...)
 * cannot fill the cache. Undefined for a page that is never kept.
 */
export function pageCacheKey(url: URL, policy: RoutePolicy): string | undefined {
  if (!policy.cache || url.pathname.endsWith(".data") || canonicalPath(url.pathname) !== url.pathname) return undefined;
  if (!url.search) return url.pathname;
  const read = policy.cache.query;
  const names = [...url.searchParams.keys()];
  const wellFormed =
    names.every((name) => read.includes(name)) &&
    new Set(names).size === names.length &&
    `?${url.searchParams.toString()}` === url.search;
  return wellFormed ? `${url.pathname}${url.search}` : undefined;
}

/**
 * The page cache's key for a page Remix rendered, when it may be kept: the cache is on, the answer is public and
 * without Set-Cookie, and the pipeline gave the request a key (SHARED_ANSWER_HEADER, see pageCacheKey).
 */
export function keptPageKey(request: Request, cacheControl: string, headers: Headers): string | undefined {
  if (!pageCache.enabled || request.method !== "GET" || cacheControl !== SHARED_PAGE_CACHE) return undefined;
  const key = request.headers.get(SHARED_ANSWER_HEADER);
  return headers.has("Set-Cookie") || !key || key === SHARED_NOT_KEPT_HERE ? undefined : key;
}

const compress = promisify(gzip);

/**
 * Answers an anonymous GET from the page cache, or says there was nothing to answer with: only pages Remix rendered
 * for that very canonical path and query are there, rendered for a request that passed the pipeline's same checks.
 */
export async function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  { https, production }: { https: boolean; production: boolean },
): Promise<boolean> {
  const page = pageCache.get(key);
  if (!page) return false;
  const request = {
    method: "GET",
    url: `${https ? "https" : "http"}://site${key}`,
    headers: { get: (name: string) => firstHeader(req.headers[name.toLowerCase()]) },
  };
  const nonce = randomBytes(16).toString("base64");
  const answer = answerWithPage(page, { request, headers: new Headers(), nonce, production });
  let body = answer.body;
  answer.headers.set("Vary", "Cookie, Accept-Encoding");
  if (body && acceptsGzip(req.headers["accept-encoding"])) {
    // Compressed beforehand, but for the nonce: a twentieth of the time compressing the page again takes.
    body = page.gzipWithNonce?.(nonce) ?? (await compress(body));
    answer.headers.set("Content-Encoding", "gzip");
  }
  if (body) answer.headers.set("Content-Length", String(body.byteLength));
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(req.method === "HEAD" ? undefined : (body ?? undefined));
  return true;
}
