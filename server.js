// The production server: request checks, static files, the page cache, then Remix (npm start).
process.env.NODE_ENV ??= "production";
// The build then leaves the request checks to this server, which runs them with its own (see request-guard.server.ts).
globalThis[Symbol.for("codeparrain.server-js")] = true;

import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import { promisify } from "node:util";
import { setFlagsFromString } from "node:v8";
import { gzip } from "node:zlib";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady } from "@remix-run/node";
import compression from "compression";
import express from "express";

// Under load V8 let the heap grow to up to 4 times its live objects and kept it afterwards: 460-500 MB resident after
// `npm run bench:scale`'s load runs. Doubling them at most: 330-360 MB, for the same requests per second (half would
// hold 300-330 MB but serve cached pages 15 % slower; README, Performance). Read by V8 at each full collection, so it
// can be set once the process runs.
setFlagsFromString("--heap-growing-percent=100");

const build = await import("./build/index.js");
/** @type {typeof import("./app/entry.server")} */
const entry = build.entry.module;
const guard = entry.requestGuard;
const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);

const app = express();
app.disable("x-powered-by");
/**
 * TRUST_PROXY as Express wants it, read as app/services/trust-proxy.server.ts reads it: true, false and hop counts
 * as such (Express would take the string "1" for the address 0.0.0.1 and refuse "true"), else a list of addresses.
 */
function trustProxySetting(raw = "") {
  const value = raw.trim();
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
// Behind a reverse proxy, TRUST_PROXY (e.g. "loopback" or a hop count) lets Express believe the X-Forwarded-*
// headers that proxy writes: req.ip is the visitor's address, req.protocol and req.hostname the public ones.
app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
/** Whether the peer of a connection is a proxy TRUST_PROXY believes (Express's own test). */
const trustedPeer = (req) => app.get("trust proxy fn")(req.socket.remoteAddress, 0);

/** The public host of the site, when SITE_URL says it: forms posted from there are the site's own. */
const siteHost = guard.siteHost(process.env.SITE_URL ?? "");
const { firstValue, isValidHost } = guard;

/** Answers a refused request with a short French text and the security headers. */
function refuse(req, res, status, text, headers) {
  guard.answerRefusal(req, res, { status, text, headers }, requestProtocol(req) === "https");
}

/**
 * Refuses, with a 400, what would otherwise make Remix fail to build the request's URL (a 500): a request target that
 * is not a path, a Host that is not a host, and X-Forwarded-Host or X-Forwarded-Proto values that are not one when a
 * trusted proxy sent them. An X-Forwarded-Host from anyone else is dropped, so nothing downstream reads it.
 */
function rejectMalformed(req, res) {
  if (!req.url?.startsWith("/")) {
    refuse(req, res, 400, "Adresse mal formée.");
    return true;
  }
  const host = req.headers.host;
  if (host !== undefined && !isValidHost(host)) {
    refuse(req, res, 400, "Requête mal formée : l'en-tête Host n'est pas un nom d'hôte.");
    return true;
  }
  const trusted = trustedPeer(req);
  const forwardedHost = req.headers["x-forwarded-host"];
  if (forwardedHost !== undefined && !trusted) delete req.headers["x-forwarded-host"];
  else if (forwardedHost !== undefined) {
    if (!isValidHost(firstValue(forwardedHost))) {
      refuse(req, res, 400, "Requête mal formée : l'en-tête X-Forwarded-Host n'est pas un nom d'hôte.");
      return true;
    }
    // Express reads the first value only; the Remix adapter would read a port further on ("a, b:99999").
    req.headers["x-forwarded-host"] = firstValue(forwardedHost);
  }
  const forwardedProto = req.headers["x-forwarded-proto"];
  if (trusted && forwardedProto !== undefined && !/^https?$/i.test(firstValue(forwardedProto))) {
    refuse(req, res, 400, "Requête mal formée : l'en-tête X-Forwarded-Proto doit valoir http ou https.");
    return true;
  }
  return false;
}

/** The request's protocol as Express's req.protocol works it out: X-Forwarded-Proto only from a trusted proxy. */
function requestProtocol(req) {
  const own = req.socket.encrypted ? "https" : "http";
  const forwarded = req.headers["x-forwarded-proto"];
  return trustedPeer(req) && forwarded !== undefined ? firstValue(forwarded).toLowerCase() : own;
}

app.use(compression());
// `redirect: false`: a folder such as /logos is not redirected to /logos/ (the canonical address drops that slash).
app.use(
  build.publicPath,
  express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", redirect: false }),
);
// Only the addresses of what public/ holds (favicons, logos, images) look on disk: a page is not a failed stat first.
const PUBLIC_ENTRIES = new Set(readdirSync("public"));
const publicFiles = express.static("public", { maxAge: "1h", redirect: false });
app.use((req, res, next) =>
  PUBLIC_ENTRIES.has(req.path.split("/", 2)[1] ?? "") ? publicFiles(req, res, next) : next(),
);

/**
 * The one address of a page: no upper case (percent escapes kept as they are), one slash between segments, none at
 * the end, and a backslash escaped: so the address always starts with exactly one "/" and stays on this site.
 */
function canonicalPath(path) {
  if (path === "/") return path;
  const canonical = path
    .replace(/%[0-9a-f]{2}|[A-Z]+/gi, (part) => (part.startsWith("%") ? part : part.toLowerCase()))
    .replaceAll("\\", "%5C")
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
  return canonical || "/";
}

/** Paths of the routes that have an action (posted forms): any other path is answered 405 to a POST. */
const ACTION_PATHS = Object.values(build.routes)
  .filter((route) => typeof route.module.action === "function" && !route.index)
  .map((route) => {
    const segments = (route.path ?? "").split("/").filter(Boolean);
    const pattern = segments.map((segment) =>
      segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    );
    return new RegExp(`^/${pattern.join("/")}/?$`, "i");
  });

/** Whether a POST to this address reaches an action: its path, or the path of its single-fetch data request. */
function reachesAction(req) {
  if (req.query.index !== undefined) return false; // no index route has an action
  const path = req.path.endsWith(".data") ? req.path.slice(0, -".data".length).replace(/^\/_root$/, "/") : req.path;
  return ACTION_PATHS.some((pattern) => pattern.test(path));
}

/**
 * The host the request was sent to: X-Forwarded-Host from a trusted proxy, else Host. Remix reads X-Forwarded-Host
 * from anyone, knows nothing of SITE_URL, and answers an Origin that does not match with a 500: the check is made
 * here (request-guard.server.ts), and Remix then no longer sees the Origin header.
 */
const requestedHost = (req) =>
  trustedPeer(req) && req.headers["x-forwarded-host"] ? firstValue(req.headers["x-forwarded-host"]) : req.headers.host;

const { METHODS } = guard;
const trustsAProxy = trustProxySetting(process.env.TRUST_PROXY) !== false;
app.use((req, res, next) => {
  if (!METHODS.has(req.method)) {
    refuse(req, res, 405, "Méthode non autorisée.", { Allow: "GET, HEAD, POST" });
    return;
  }
  try {
    decodeURIComponent(req.path);
  } catch {
    refuse(req, res, 400, "Adresse mal formée.");
    return;
  }
  // Remix's old data requests: this site makes none (single fetch), and Remix logs each one as an error.
  if (req.query._data !== undefined) {
    refuse(req, res, 400, "Requête non prise en charge.");
    return;
  }
  if (req.method === "GET" || req.method === "HEAD") {
    const canonical = canonicalPath(req.path);
    if (canonical !== req.path) {
      const queryStart = req.originalUrl.indexOf("?");
      res.set("Cache-Control", "public, max-age=3600");
      res.redirect(301, `${canonical}${queryStart >= 0 ? req.originalUrl.slice(queryStart) : ""}`);
      return;
    }
    next();
    return;
  }
  if (req.method === "POST" && !reachesAction(req)) {
    refuse(req, res, 405, "Méthode non autorisée : cette page ne reçoit pas de formulaire.", { Allow: "GET, HEAD" });
    return;
  }
  const secFetchSite = req.headers["sec-fetch-site"];
  if (!guard.fromThisSite(req.headers.origin, secFetchSite, requestedHost(req), siteHost, production)) {
    const origin = JSON.stringify(String(req.headers.origin ?? "").slice(0, 200));
    const host = JSON.stringify(String(req.hostname ?? "").slice(0, 200));
    console.warn(
      `Envoi refusé (403) : origine ${origin}, hôte ${host}. Derrière un proxy, voir « Running it for real » du README.`,
    );
    refuse(req, res, 403, "Envoi refusé : ce formulaire n'a pas été envoyé depuis ce site.");
    return;
  }
  delete req.headers.origin;
  guard.checkVote(req, req.ip ?? "", { production, trustsAProxy });
  next();
});

app.all(
  "*",
  createRequestHandler({
    build,
    getLoadContext: (req) => ({ clientAddress: req.ip ?? req.socket.remoteAddress ?? "" }),
  }),
);

const compress = promisify(gzip);

/**
 * Anonymous GETs of pages rendered a moment ago are answered here, before Express and Remix: only pages Remix
 * rendered for that very path and query are in the cache, so they already passed every check of the Express app.
 * The page is found by its path and query alone; the URL's host is a placeholder, its protocol the request's
 * (which decides HSTS).
 */
async function answerFromPageCache(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const answer = entry.cachedPageAnswer({
    method: "GET",
    url: `${requestProtocol(req)}://localhost${req.url}`,
    headers: { get: (name) => req.headers[name.toLowerCase()] ?? null },
  });
  if (!answer) return false;
  let body = answer.body;
  answer.headers.set("Vary", "Cookie, Accept-Encoding");
  if (body && app.request.acceptsEncodings.call(req, "gzip", "identity") === "gzip") {
    body = await compress(body);
    answer.headers.set("Content-Encoding", "gzip");
  }
  if (body) answer.headers.set("Content-Length", String(body.byteLength));
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(req.method === "HEAD" ? undefined : (body ?? undefined));
  return true;
}

const server = createServer(
  {
    // A request's headers and body must arrive within 30 s, checked every second (Node's default: 300 s, every 30 s).
    requestTimeout: guard.REQUEST_TIMEOUT_MS,
    headersTimeout: guard.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: 1_000,
  },
  (req, res) => {
    if (rejectMalformed(req, res)) return;
    answerFromPageCache(req, res).then(
      (answered) => answered || app(req, res),
      (error) => {
        console.error(error);
        if (!res.headersSent) app(req, res);
      },
    );
  },
);
server.listen(port, process.env.HOST ?? "0.0.0.0", () => {
  console.log(`Site en ligne sur http://localhost:${port}`);
  // Under `npm run dev`, tells the Remix watcher that this build is being served.
  if (process.env.NODE_ENV === "development") broadcastDevReady(build);
});

/** Work beside the requests that must finish first (app/services/shutdown.server.ts): an e-mail, a backup. */
const shutdownHooks = () =>
  Promise.allSettled([...(globalThis[Symbol.for("codeparrain.shutdown-hooks")] ?? [])].map((hook) => hook()));

// Finish the requests under way and the work beside them (5 s at most), close the database and release its folder,
// then stop (process managers send SIGTERM).
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    const finishing = shutdownHooks();
    let stopping;
    const stop = () => {
      stopping ??= finishing
        .then(() => entry.shutdownBackend())
        .catch((error) => console.error("Arrêt de la base de données impossible :", error))
        .finally(() => process.exit(0));
    };
    server.close(stop);
    server.closeIdleConnections();
    setTimeout(stop, 5_000).unref();
    setTimeout(() => process.exit(0), 9_000).unref();
  });
}
