import { RemixServer } from "@remix-run/react";
import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import { RenderOnceContext, type RenderOnce } from "~/components/rendered-once";
import { NonceProvider } from "~/nonce";
import type { EntryContext } from "@remix-run/node";

/**
 * How a page's document is rendered: three devices on top of Remix's own rendering, each one depending on how
 * Remix REMIX_VERSION renders a document. package.json pins every @remix-run/* package to that version, and
 * tests/integration/render-devices.test.ts renders real pages and checks what each device puts in the bytes served,
 * so that an upgrade that breaks one fails there:
 * - the loader data read whole before rendering and handed to Remix's stream cache (one synchronous render, the
 *   data inline at the end of the body);
 * - pieces rendered once (the offer cards), by their data;
 * - module preloads kept for hydration but not fetched before the first paint (`media="not all"`).
 */
export const REMIX_VERSION = "2.17.5";

/**
 * The HTML of pieces of pages that depend only on their data (offer cards), by its JSON: the cards of the pages most
 * asked for (the home page, the first pages of each listing). At 10 000 offers, more would only hold memory.
 */
const renderedOnce = new LRUCache<string, Buffer>({ max: 500 });

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
      "Remix ne fournit plus renderMeta : la mise en cache des données de la page (streamCache) est à revoir.",
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
  // Searched in the bytes: a page's string holds two-byte characters (€, …), which String#includes reads slowly.
  const encoded = Buffer.from(html);
  const bytes = encoded.includes(0) ? Buffer.from(html.replaceAll("\0", "")) : encoded;
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
export async function renderDocument(request: Request, remixContext: EntryContext, nonce: string): Promise<Buffer> {
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
