// The production server (npm start): every request through the request pipeline, then static files and Remix.
process.env.NODE_ENV ??= "production";
// The build then leaves the request pipeline to this server, which runs it with the page cache on.
globalThis[Symbol.for("codeparrain.server-js")] = true;

import { createServer } from "node:http";
import { setFlagsFromString } from "node:v8";
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
const config = entry.getConfig();

// Every rule of HTTP (methods, Host, proxies, addresses, origins, limits, the page cache) is the pipeline's.
const pipeline = new entry.RequestPipeline({ routes: build.routes, assetsPath: build.publicPath, pageCache: true });

const app = express();
app.disable("x-powered-by");
// The URL Remix builds (req.protocol, X-Forwarded-Host) believes the proxies the pipeline believes, and no other.
app.set("trust proxy", pipeline.trustProxy);
app.use(compression());
// `redirect: false`: a folder such as /logos is not redirected to /logos/ (the pipeline answers folders).
app.use(
  build.publicPath,
  express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", redirect: false }),
);
const publicFiles = express.static("public", { maxAge: "1h", redirect: false });
app.use((req, res, next) => (pipeline.namesFile(req) ? publicFiles(req, res, next) : next()));
app.all("*", createRequestHandler({ build }));

const server = createServer(
  {
    // A request's headers and body must arrive within 30 s, checked every second (Node's default: 300 s, every 30 s).
    requestTimeout: entry.REQUEST_TIMEOUT_MS,
    headersTimeout: entry.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: 1_000,
  },
  (req, res) => pipeline.handle(req, res, () => app(req, res)),
);
server.listen(config.port, config.host, async () => {
  const { port } = server.address();
  // "Site en ligne" once the first visitor is answered at once: the database open, the offers merged, and a first
  // page rendered (made-up query: the page cache keeps none of it), whatever it answers.
  await entry.applicationReady;
  await fetch(`http://127.0.0.1:${port}/?premier-rendu`, { redirect: "manual" })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
  entry.log.info(`Site en ligne sur http://localhost:${port}`);
  // Under `npm run dev`, tells the Remix watcher that this build is being served.
  if (config.nodeEnv === "development") broadcastDevReady(build);
});

// Finish the requests under way and the work beside them (an e-mail, a backup; 5 s at most), close the database and
// release its folder, then stop (process managers send SIGTERM).
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    const finishing = entry.runShutdownHooks();
    let stopping;
    const stop = () => {
      stopping ??= finishing
        .then(() => entry.shutdownBackend())
        .catch((error) => entry.log.error("Arrêt de la base de données impossible :", error))
        .finally(() => process.exit(0));
    };
    server.close(stop);
    server.closeIdleConnections();
    setTimeout(stop, 5_000).unref();
    setTimeout(() => process.exit(0), 9_000).unref();
  });
}
