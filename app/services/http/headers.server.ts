import type { ServerResponse } from "node:http";

/** The site's only cookie: a signed, short-lived flash message shown once after a form is sent (toast.server.ts). */
export const TOAST_COOKIE_NAME = "cp_toast";

/** Cache-Control of an answer that may be shared: browsers revalidate (ETag), a CDN keeps it a minute. */
export const SHARED_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const NO_STORE = "private, no-store";
/**
 * The data of client-side navigations: a CDN may keep it as it keeps pages, but a browser asks again every time.
 * With stale-while-revalidate, a browser would answer a navigation from its old copy and refresh it behind: a
 * visitor back on a listing after voting would see the summary as it was before their vote.
 */
export const SHARED_DATA_CACHE = "public, max-age=0, s-maxage=60";

/** What these helpers read of a request: a Fetch Request, or the server's lighter view of a Node request. */
export interface RequestView {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

/**
 * Whether a request may be answered with a page shared by everyone: it carries no cookie, or only the flash toast's
 * emptied by its deletion. Any other cookie (the owner's session, a toast to show, one the site never set) keeps it
 * out of every cache.
 */
export function sharedAnswerAllowed(cookie: string | null | undefined): boolean {
  if (!cookie) return true;
  return cookie.split(";").every((pair) => {
    const trimmed = pair.trim();
    return trimmed === "" || trimmed === `${TOAST_COOKIE_NAME}=`;
  });
}

/**
 * Whether the visitor reached the site over HTTPS: the protocol of the request's URL, and nothing else. server.js
 * builds that URL with Express's `req.protocol`, which believes X-Forwarded-Proto only from a proxy TRUST_PROXY
 * trusts; under remix-serve, which trusts no proxy, it is the connection's own. An X-Forwarded-Proto read here
 * could be written by anyone, and would make the site send HSTS to visitors of a plain-HTTP address.
 */
export function isHttps(request: RequestView): boolean {
  return URL.canParse(request.url) && new URL(request.url).protocol === "https:";
}

/**
 * The headers of a form page's answer (a route's `headers` export): the parent's, plus the Retry-After an action
 * returned (429, the contact-form rate limit) or the Retry-After and Allow of a Response it threw (405). Without
 * this export Remix would drop them from the document.
 */
export function formPageHeaders({
  parentHeaders,
  actionHeaders,
  errorHeaders,
}: {
  parentHeaders: Headers;
  actionHeaders: Headers;
  errorHeaders?: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  for (const source of [actionHeaders, errorHeaders]) {
    for (const name of ["Retry-After", "Allow"]) {
      const value = source?.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
}

/** The headers of a back-office page: those of a form page, and never indexed. */
export function backOfficeHeaders(args: Parameters<typeof formPageHeaders>[0]): Headers {
  const headers = formPageHeaders(args);
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return headers;
}

/**
 * Set by the request pipeline, and only by it (it drops any a client sends), on an anonymous GET or HEAD of a route
 * whose row in ROUTE_POLICIES lets it be shared: the page cache's key for the request, or SHARED_NOT_KEPT_HERE when
 * its query makes it a page the server's own cache does not keep (a CDN still may).
 */
export const SHARED_ANSWER_HEADER = "x-codeparrain-partage";
export const SHARED_NOT_KEPT_HERE = "-";

/**
 * Set by the request pipeline, and only by it, on a request it passes on to be rendered for the page cache: the
 * cache's generation then (PageCache.generation). A page whose data was read before a change the cache forgot pages
 * for is answered, not kept.
 */
export const RENDERED_FROM_HEADER = "x-codeparrain-generation";

/**
 * Who may cache an answer Remix rendered: what the pipeline decided from the route's row (SHARED_ANSWER_HEADER),
 * for a successful (or not-found, or moved) answer without Set-Cookie. Outside a running request pipeline, nobody.
 */
export function cachePolicy(request: RequestView, status: number, headers: Headers): string {
  if (!request.headers.get(SHARED_ANSWER_HEADER) || headers.has("Set-Cookie")) return NO_STORE;
  if (status === 200 || status === 404 || status === 301) return SHARED_PAGE_CACHE;
  return NO_STORE;
}

/** The security headers of every HTML answer; scripts run only with this response's nonce. */
export function applySecurityHeaders(headers: Headers, request: RequestView, nonce: string, production: boolean) {
  const https = isHttps(request);
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set(
    "Permissions-Policy",
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()",
  );
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  if (production && https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Whatever the application answers, it says `private, no-store`: for a route whose row says it is never kept. */
export function keptNowhere(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function writeNeverKept(this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    this.setHeader("Cache-Control", NO_STORE);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
