import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { applySecurityHeaders, type RequestView } from "./http-headers.server";

/** Stands for the per-response nonce in pages kept in memory. */
const NONCE_SLOT = "__CSP_NONCE__";

export interface RenderedPage {
  /** The document's bytes around each place its nonce goes. */
  parts: Buffer[];
  etag: string;
  status: number;
  cacheControl: string;
}

export interface PageAnswer {
  status: number;
  headers: Headers;
  body: Buffer | null;
}

/**
 * Rendered pages of anonymous GETs, kept while the brands they show are fresh (bounded in bytes). The server
 * answers from here before Remix runs; each answer gets a new nonce, so scripts still run with a per-response one.
 */
export class PageCache {
  private readonly pages: LRUCache<string, RenderedPage> | undefined;

  constructor(ttlMs: number, maxBytes = 32 * 1024 * 1024) {
    if (ttlMs > 0) {
      this.pages = new LRUCache<string, RenderedPage>({
        ttl: ttlMs,
        maxSize: maxBytes,
        sizeCalculation: (page) => page.parts.reduce((size, part) => size + part.byteLength, 200),
      });
    }
  }

  /** Turns a rendered document into its cacheable form (nonce slotted, ETag computed) and keeps it if asked. */
  prepare(key: string | undefined, html: string, nonce: string, status: number, cacheControl: string): RenderedPage {
    const slotted = html.replaceAll(nonce, NONCE_SLOT);
    const page = {
      parts: slotted.split(NONCE_SLOT).map((part) => Buffer.from(part)),
      etag: `W/"${createHash("sha1").update(slotted).digest("base64url")}"`,
      status,
      cacheControl,
    };
    if (key && status === 200) this.pages?.set(key, page);
    return page;
  }

  get(key: string): RenderedPage | undefined {
    return this.pages?.get(key);
  }

  clear() {
    this.pages?.clear();
  }
}

/** The answer for a rendered page: 304 when the visitor's copy is current, otherwise the page with a new nonce. */
export function answerWithPage(
  page: RenderedPage,
  { request, headers, nonce, production }: { request: RequestView; headers: Headers; nonce: string; production: boolean },
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
  const nonceBytes = Buffer.from(nonce);
  const pieces = page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part]));
  return { status: page.status, headers, body: Buffer.concat(pieces) };
}
