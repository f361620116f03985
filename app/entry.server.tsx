import { randomBytes } from "node:crypto";
import { RemixServer } from "@remix-run/react";
import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import { RenderOnceContext, type RenderOnce } from "./components/rendered-once";
import { NonceProvider } from "./nonce";
import { getBackend, shutdownBackend } from "./services/backend/index.server";
import { getConfig } from "./services/env.server";
import { cachePolicy, sharedAnswerAllowed, SHARED_DATA_CACHE, SHARED_PAGE_CACHE } from "./services/http/headers.server";
import { answerWithPage, pageCache } from "./services/http/page-cache.server";
import { pageCacheKey } from "./services/http/pipeline.server";
import { runEveryServerThroughThePipeline } from "./services/http/remix-serve.server";
import { routePolicyOf } from "./services/http/routes.server";
import { watchOwnerAlerts } from "./services/owner-alerts.server";
import { runShutdownHooks } from "./services/shutdown.server";
import type { ActionFunctionArgs, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";

// Invalid configuration stops the server at start, not at the first request.
const config = getConfig();
const production = config.nodeEnv === "production";

/** Set by server.js before it loads the build: it runs the request pipeline itself, with the page cache on. */
const SERVER_JS = Symbol.for("codeparrain.server-js");
// What server.js needs of the build: the pipeline it runs every request through, and what stops the process cleanly.
export { RequestPipeline, REQUEST_TIMEOUT_MS } from "./services/http/pipeline.server";
export { getConfig, runShutdownHooks, shutdownBackend };
// Under any other server (remix-serve), the same pipeline runs from here; an e-mail being sent or a backup being
// written finish before the database closes.
if (!(globalThis as { [SERVER_JS]?: boolean })[SERVER_JS]) {
  runEveryServerThroughThePipeline(() => runShutdownHooks().then(shutdownBackend));
}

// Opens (and on first start creates) the database now rather than on the first visitor's request.
getBackend()
  .then((backend) => {
    // A vote changes the summary its offer's pages show.
    const checkAlerts = watchOwnerAlerts(backend);
    backend.onVote = (offerSlug) => {
      pageCache.forgetPagesShowing(offerSlug);
      checkAlerts();
    };
    // A brand changed in the back office may show on any page.
    backend.onBrandsChanged = () => {
      pageCache.forgetAll();
      checkAlerts();
    };
    return backend.warmUp();
  })
  .catch((error: unknown) => console.error("Source des marques indisponible au démarrage :", error));

/** The HTML of pieces of pages that depend only on their data (offer cards), by its JSON: a few hundred at most. */
const renderedOnce = new LRUCache<string, Buffer>({ max: 1_000 });

const newNonce = () => randomBytes(16).toString("base64");

/**
 * The page cache's key for a page Remix rendered, when it may be kept: a public answer, without Set-Cookie, to a
 * request without cookies, for a route whose row allows it (see pageCacheKey).
 */
function keptPageKey(request: Request, cacheControl: string, headers: Headers): string | undefined {
  if (!pageCache.enabled || request.method !== "GET" || cacheControl !== SHARED_PAGE_CACHE) return undefined;
  if (headers.has("Set-Cookie") || !sharedAnswerAllowed(request.headers.get("Cookie"))) return undefined;
  const url = new URL(request.url);
  const policy = routePolicyOf(url, request.method);
  return policy ? pageCacheKey(url, policy) : undefined;
}

/**
 * The page's loader data, which Remix streams to the browser after the document (single fetch): read whole before
 * rendering and handed to Remix's own stream cache, so that the document renders in one synchronous pass, scripts
 * included. The pages have no deferred data to stream.
 */
async function readLoaderData(remixContext: EntryContext): Promise<void> {
  const stream = remixContext.serverHandoffStream;
  if (!stream) return;
  // Remix internals (tests/integration/http.test.ts checks the document they give): without them the document
  // would render without its data, so a Remix that changes them stops here rather than serving broken pages.
  if (!remixContext.renderMeta) {
    throw new Error(
      "Remix ne fournit plus renderMeta : la mise en cache des données de la page (streamCache) est à revoir.",
    );
  }
  const decoder = new TextDecoder();
  let value = "";
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    value += decoder.decode(read.value, { stream: true });
  }
  value += decoder.decode();
  reader.releaseLock();
  const result = { done: true, value };
  remixContext.renderMeta.streamCache = { 0: Object.assign(Promise.resolve(), { result }) };
}

/** Where a piece rendered once goes: a comment React cannot write for a visitor, with a nonce new to the request. */
const pieceMarker = (nonce: string) => `<!--${nonce}-->`;

const DOCTYPE = Buffer.from("<!DOCTYPE html>");
const BODY_END = Buffer.from("</body></html>");
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" ');
const MODULE_PRELOAD_NOT_FETCHED = Buffer.from('<link rel="modulepreload" media="not all" ');

/** Every place of `needle` in `bytes` before `end`, each with what goes there instead. */
function occurrences(bytes: Buffer, needle: Buffer, end: number, replacement: (index: number) => Uint8Array) {
  const found: { at: number; length: number; bytes: Uint8Array }[] = [];
  for (let at = bytes.indexOf(needle); at >= 0 && at < end; at = bytes.indexOf(needle, at + needle.byteLength)) {
    found.push({ at, length: needle.byteLength, bytes: replacement(found.length) });
  }
  return found;
}

/**
 * The document's bytes as React rendered them, put right in one copy:
 * - HTML may not contain U+0000 at all, and React writes what a visitor typed as it came (a form answered with its
 *   errors keeps the values): every NUL is dropped;
 * - React renders the document without its doctype;
 * - the pieces rendered once replace their markers, in the order they were rendered;
 * - pages paint from their HTML and stylesheet alone, the scripts only hydrate them: Remix preloads every module of
 *   the page with the HTML, and those downloads would compete with the first paint, so `media="not all"` keeps the
 *   elements React hydrates but stops the preloads (the module script fetches the same files once the page has
 *   painted: a first paint about a second sooner on a slow phone connection, interactivity a little later);
 * - Remix renders the loader data's scripts after the document's root element, so they would land after `</html>`:
 *   they go at the end of the body instead, where the browser would have moved them anyway (React leaves extra nodes
 *   at the end of the body alone when it hydrates).
 */
function assembleDocument(html: string, pieces: readonly Buffer[], nonce: string): Buffer {
  const bytes = Buffer.from(html.includes("\0") ? html.replaceAll("\0", "") : html);
  const bodyEnd = bytes.lastIndexOf(BODY_END);
  const end = bodyEnd < 0 ? bytes.byteLength : bodyEnd;
  const replaced = [
    ...occurrences(bytes, Buffer.from(pieceMarker(nonce)), end, (index) => {
      const piece = pieces[index];
      if (!piece) throw new Error(`Morceau ${index} absent de la page rendue.`);
      return piece;
    }),
    ...occurrences(bytes, MODULE_PRELOAD, end, () => MODULE_PRELOAD_NOT_FETCHED),
  ].sort((a, b) => a.at - b.at);
  const parts: Uint8Array[] = [DOCTYPE];
  let from = 0;
  for (const { at, length, bytes: replacement } of replaced) {
    parts.push(bytes.subarray(from, at), replacement);
    from = at + length;
  }
  parts.push(bytes.subarray(from, end));
  if (bodyEnd >= 0) parts.push(bytes.subarray(bodyEnd + BODY_END.byteLength), BODY_END);
  return Buffer.concat(parts);
}

/**
 * The whole document at once: pages wait for all their data anyway (so that each answer carries an ETag and can be
 * kept), and rendering to a string spares the stream writer's encoding of each small piece of HTML.
 */
async function renderDocument(request: Request, remixContext: EntryContext, nonce: string): Promise<Buffer> {
  await readLoaderData(remixContext);
  // A piece rendered once goes into the document as a marker, and its bytes replace the marker afterwards: React
  // neither joins nor encodes them again.
  const pieces: Buffer[] = [];
  const renderOnce: RenderOnce = (data, element) => {
    const key = JSON.stringify(data);
    let piece = renderedOnce.get(key);
    if (!piece) {
      // renderToString is re-entrant: rendering here, from within a render, leaves the outer one as it was.
      piece = Buffer.from(renderToString(element));
      renderedOnce.set(key, piece);
    }
    pieces.push(piece);
    return pieceMarker(nonce);
  };
  const html = renderToString(
    <RenderOnceContext.Provider value={renderOnce}>
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>
    </RenderOnceContext.Provider>,
  );
  return assembleDocument(html, pieces, nonce);
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
  const key = keptPageKey(request, cacheControl, responseHeaders);
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
