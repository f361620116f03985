// The production server: static files, the page cache, then Remix (npm start).
process.env.NODE_ENV ??= "production";

import { createServer } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady } from "@remix-run/node";

const build = await import("./build/index.js");
/** @type {typeof import("./app/entry.server")} */
const entry = build.entry.module;
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
// Behind a reverse proxy, TRUST_PROXY (e.g. "loopback" or a hop count) lets req.ip be the visitor's address.
app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
app.use((req, res, next) => {
  if (!METHODS.has(req.method)) {
    res.set("Allow", "GET, HEAD, POST").status(405).type("text/plain").send("Méthode non autorisée.");
    return;
  }
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).type("text/plain").send("Adresse mal formée.");
    return;
  }
  // One address per page: no upper case, no trailing slash.
  const canonical =
    req.path.length > 1 ? req.path.replace(/%[0-9a-f]{2}|[A-Z]+/gi, (part) => (part.startsWith("%") ? part : part.toLowerCase())).replace(/\/+$/, "") : req.path;
  if ((req.method === "GET" || req.method === "HEAD") && canonical !== req.path) {
    const queryStart = req.originalUrl.indexOf("?");
    res.redirect(301, `${canonical || "/"}${queryStart >= 0 ? req.originalUrl.slice(queryStart) : ""}`);
    return;
  }
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
 * rendered for that very address are in the cache, so they already passed every check above.
 */
async function answerFromPageCache(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const answer = entry.cachedPageAnswer({
    method: "GET",
    url: `http://${req.headers.host ?? "localhost"}${req.url}`,
    headers: { get: (name) => req.headers[name.toLowerCase()] ?? null },
  });
  if (!answer) return false;
  let body = answer.body;
  answer.headers.set("Vary", "Cookie, Accept-Encoding");
  if (body && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    body = await compress(body);
    answer.headers.set("Content-Encoding", "gzip");
  }
  if (body) answer.headers.set("Content-Length", String(body.byteLength));
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(req.method === "HEAD" ? undefined : body ?? undefined);
  return true;
}

const server = createServer((req, res) => {
  answerFromPageCache(req, res).then(
    (answered) => answered || app(req, res),
    (error) => {
      console.error(error);
      if (!res.headersSent) app(req, res);
    },
  );
});
server.listen(port, process.env.HOST ?? "0.0.0.0", () => {
  console.log(`Site en ligne sur http://localhost:${port}`);
  // Under `npm run dev`, tells the Remix watcher that this build is being served.
  if (process.env.NODE_ENV === "development") broadcastDevReady(build);
});

// Finish the requests under way, then stop (process managers send SIGTERM).
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
