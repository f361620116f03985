import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { applySecurityHeaders, type RequestView } from "./http-headers.server";

export interface RenderedPage {
  etag: string;
  status: number;
  cacheControl: string;
  /** The document's bytes with the given nonce in every place its own nonce was. */
  withNonce(nonce: string): Buffer;
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
  private readonly pages: LRUCache<string, RenderedPage> | undefined;
  private readonly queryPages: LRUCache<string, RenderedPage> | undefined;

  constructor(ttlMs: number, maxBytes = 32 * 1024 * 1024, maxQueryBytes = 4 * 1024 * 1024) {
    if (ttlMs > 0) {
      this.pages = new LRUCache<string, RenderedPage>({ ttl: ttlMs, maxSize: maxBytes });
      this.queryPages = new LRUCache<string, RenderedPage>({ ttl: ttlMs, maxSize: maxQueryBytes });
    }
  }

  private budgetOf(key: string) {
    return key.includes("?") ? this.queryPages : this.pages;
  }

  /**
   * Turns a document rendered with `nonce` into a page (its ETag ignores the nonce) and keeps it if asked. A page
   * answered once is sent as it was rendered; a kept one gets each later answer's nonce in place of its own.
   */
  prepare(key: string | undefined, html: Buffer, nonce: string, status: number, cacheControl: string): RenderedPage {
    const parts = splitAround(html, Buffer.from(nonce));
    const hash = createHash("sha1");
    for (const part of parts) hash.update(part).update("\0");
    const page = { etag: `W/"${hash.digest("base64url")}"`, status, cacheControl };
    const pages = key ? this.budgetOf(key) : undefined;
    if (!key || status !== 200 || !pages) return { ...page, withNonce: () => html };
    const kept: RenderedPage = {
      ...page,
      withNonce: (next) => {
        const nonceBytes = Buffer.from(next);
        return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
      },
    };
    pages.set(key, kept, { size: html.byteLength + 200 });
    return kept;
  }

  get(key: string): RenderedPage | undefined {
    return this.budgetOf(key)?.get(key);
  }
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
