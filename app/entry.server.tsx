import { randomBytes } from "node:crypto";
import { log, REQUEST_ID_HEADER } from "~/services/log.server";
import { getConfig } from "./services/config/env.server";
import {
  cachePolicy,
  RENDERED_FROM_HEADER,
  SHARED_DATA_CACHE,
  SHARED_PAGE_CACHE,
} from "./services/http/headers.server";
import { answerWithPage, pageCache, keptPageKey } from "./services/http/page-cache.server";
import { ROUTE_POLICIES } from "./services/http/route-policy.server";
import { startApplication } from "./services/lifecycle/start.server";
import { renderDocument } from "./services/render/document.server";
import type { ActionFunctionArgs, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";

/** Kept once the database is open and the offers merged (or that failed, and was logged). */
export const applicationReady = startApplication();

// What server.js needs of the build: the pipeline it runs every request through, when the application is ready, and
// what stops the process cleanly.
export { shutdownBackend } from "./services/backend/index.server";
export { getConfig };
export { RequestPipeline, REQUEST_TIMEOUT_MS } from "./services/http/pipeline.server";
export { runShutdownHooks } from "./services/lifecycle/shutdown.server";
export { log } from "./services/log.server";

const production = getConfig().nodeEnv === "production";

/** A page: rendered whole (pages wait for all their data anyway), kept when it may be, answered with a new nonce. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = randomBytes(16).toString("base64");
  // A page answered without its offers (source down, nothing cached) says when to come back.
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", "30");
  const cacheControl = cachePolicy(request, responseStatusCode, responseHeaders);
  const key = keptPageKey(request, cacheControl, responseHeaders);
  const html = await renderDocument(request, remixContext, nonce);
  const renderedFrom = request.headers.get(RENDERED_FROM_HEADER);
  const route = remixContext.staticHandlerContext.matches.at(-1)?.route.id ?? "root";
  const page = pageCache.prepare(key, html, nonce, {
    status: responseStatusCode,
    cacheControl,
    renderedFrom: renderedFrom === null ? undefined : Number(renderedFrom),
    shows: ROUTE_POLICIES[route]?.shows,
  });
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

/** A loader's, an action's or a render's failure, logged with the id the pipeline gave its request. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log.error("Erreur d'une page", { err: error, requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined });
}
