import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./nonce";
import { getBackend } from "./services/backend/index.server";
import { getConfig } from "./services/env.server";
import {
  cachePolicy,
  carriesToastCookie,
  SHARED_DATA_CACHE,
  SHARED_PAGE_CACHE,
  type RequestView,
} from "./services/http-headers.server";
import { answerWithPage, PageCache, type PageAnswer } from "./services/page-cache.server";
import type { ActionFunctionArgs, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";

// Invalid configuration stops the server at start, not at the first request.
const config = getConfig();
const production = config.nodeEnv === "production";
const ABORT_DELAY = 5_000;

/** Rendered pages, read by server.js before Remix runs (see `cachedPageAnswer`); never while developing. */
const pageCache = new PageCache(config.htmlCache && production ? config.brandsCache.ttlMs : 0);

// Opens (and on first start creates) the database now rather than on the first visitor's request.
getBackend()
  .then((backend) => {
    // A vote changes the summary its offer's pages show.
    backend.onVote = (offerSlug) => pageCache.forgetPagesShowing(offerSlug);
    return backend.warmUp();
  })
  .catch((error: unknown) => console.error("Source des marques indisponible au démarrage :", error));

const newNonce = () => randomBytes(16).toString("base64");

/** The query parameters each page reads; a page's other addresses are rendered every time, never kept. */
const PAGE_PARAMETERS: Record<string, readonly string[]> = { "/offres": ["q", "cat"], "/codes": ["q", "cat"] };

/**
 * The key of a page in the cache, for anonymous GETs only: its path and query, never the host. A query is kept only
 * when it holds nothing but the parameters the page reads, each once, written as a form writes them: made-up
 * parameters (`?x=1`, `?x=2`...) cannot fill the cache. (The page cache gives query pages a budget of their own.)
 */
function pageCacheKey(request: RequestView): string | undefined {
  if (request.method !== "GET" || carriesToastCookie(request) || !URL.canParse(request.url)) return undefined;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || url.hash || url.username || url.password) return undefined;
  if (!url.search) return url.pathname;
  const read = PAGE_PARAMETERS[url.pathname] ?? [];
  const names = [...url.searchParams.keys()];
  const wellFormed =
    names.every((name) => read.includes(name)) &&
    new Set(names).size === names.length &&
    `?${url.searchParams.toString()}` === url.search;
  return wellFormed ? `${url.pathname}${url.search}` : undefined;
}

/** Whether a server reads the page cache: server.js does, remix-serve does not, and then nothing is kept. */
let pageCacheRead = false;

/** Answers a request from the page cache, or undefined when Remix has to render it. */
export function cachedPageAnswer(request: RequestView): PageAnswer | undefined {
  pageCacheRead = true;
  const key = pageCacheKey(request);
  const page = key ? pageCache.get(key) : undefined;
  if (!page) return undefined;
  return answerWithPage(page, { request, headers: new Headers(), nonce: newNonce(), production });
}

const BODY_END = Buffer.from("</body></html>");

/** React 18.3 pads a 2 KB buffer with zero bytes when a multi-byte character does not fit at its end. */
function withoutNulBytes(chunk: Buffer): Uint8Array {
  return chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk;
}

/**
 * The document's bytes, mending what React 18's stream writer gets wrong. React writes the doctype itself; Remix
 * renders the loader data it streams to the browser after the document's root element, so those scripts would
 * land after `</html>`: they go at the end of the body instead, where the browser would have moved them anyway
 * (React leaves extra nodes at the end of the body alone when it hydrates). And when a multi-byte character does
 * not fit at the end of one of its buffers, React 18.3 sends the whole buffer, zero padding included
 * (facebook/react#31134): HTML may not contain U+0000 at all, so every zero byte is dropped.
 */
function wellFormedDocument(chunks: Buffer[]): Buffer {
  const html = Buffer.concat(chunks.map(withoutNulBytes));
  const end = html.lastIndexOf(BODY_END);
  if (end < 0) return html;
  return Buffer.concat([html.subarray(0, end), html.subarray(end + BODY_END.length), BODY_END]);
}

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" ');
const NOT_FETCHED = Buffer.from('media="not all" ');

/**
 * Pages paint from their HTML and stylesheet alone; the scripts only hydrate them. Remix preloads every module of
 * the page with the HTML, and those downloads then compete with the first paint: `media="not all"` keeps the
 * elements React hydrates but stops the preloads, and the module script fetches the same files once the page has
 * painted (a first paint about a second sooner on a slow phone connection, interactivity a little later).
 */
function withoutModulePreloads(html: Buffer): Buffer {
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (let found = html.indexOf(MODULE_PRELOAD); found >= 0; found = html.indexOf(MODULE_PRELOAD, from)) {
    const end = found + MODULE_PRELOAD.byteLength;
    pieces.push(html.subarray(from, end), NOT_FETCHED);
    from = end;
  }
  if (!pieces.length) return html;
  pieces.push(html.subarray(from));
  return Buffer.concat(pieces);
}

function renderDocument(request: Request, remixContext: EntryContext, nonce: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // Cleared once the document is complete: a pending timer would keep each render in memory for 5 s.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Pages have no deferred data: waiting for all of it lets the answer carry an ETag and be cached.
        onAllReady() {
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(abortTimer);
            resolve(withoutModulePreloads(wellFormedDocument(chunks)));
          });
          body.on("error", reject);
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = newNonce();
  // A page answered without its offers (source down, nothing cached) says when to come back.
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", "30");
  const cacheControl = cachePolicy(request, responseStatusCode, responseHeaders);
  const key =
    pageCacheRead && cacheControl === SHARED_PAGE_CACHE && !responseHeaders.has("Set-Cookie")
      ? pageCacheKey(request)
      : undefined;
  const html = await renderDocument(request, remixContext, nonce);
  const page = pageCache.prepare(key, html, nonce, responseStatusCode, cacheControl);
  const answer = answerWithPage(page, { request, headers: responseHeaders, nonce, production });
  const body =
    answer.body && new Uint8Array(answer.body.buffer as ArrayBuffer, answer.body.byteOffset, answer.body.byteLength);
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/** Data requests of client-side navigation: never shared when they carry or clear a toast, and never sniffed. */
export const handleDataRequest: HandleDataRequestFunction = (
  response,
  { request }: LoaderFunctionArgs | ActionFunctionArgs,
) => {
  response.headers.set("X-Content-Type-Options", "nosniff");
  if (!response.headers.has("Cache-Control")) {
    const policy = cachePolicy(request, response.status, response.headers);
    response.headers.set("Cache-Control", policy === SHARED_PAGE_CACHE ? SHARED_DATA_CACHE : policy);
  }
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
