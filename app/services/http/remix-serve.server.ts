import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { log } from "../log.server";
import { RequestPipeline, REQUEST_TIMEOUT_MS } from "./pipeline.server";
import type { ServerBuild } from "@remix-run/node";

/**
 * remix-serve hands every request straight to its Express app, and the build cannot give it a listener of its own:
 * so, when the build runs under a server other than server.js, every request of every HTTP server of the process
 * goes through the request pipeline first (Node's Server is patched: no other hook comes before the handler). The
 * pipeline decides; nothing is decided here. On SIGTERM or SIGINT the servers stop taking requests, those under
 * way get STOP_GRACE_MS to finish, then `stop` runs (it closes the database) and the process exits: remix-serve
 * alone would wait for every idle connection.
 */

/** How long the requests under way may take to finish once the process is told to stop. */
const STOP_GRACE_MS = 5_000;

type ExpressLike = ((req: IncomingMessage, res: ServerResponse) => void) & {
  set?: (name: string, value: unknown) => void;
};

export function runEveryServerThroughThePipeline(stop: () => Promise<void>): void {
  // The whole server build is this one module file: its exports are the build remix-serve loaded.
  const pipeline: Promise<RequestPipeline> = import(/* @vite-ignore */ import.meta.url).then(
    (build: ServerBuild) =>
      new RequestPipeline({ routes: build.routes, assetsPath: build.publicPath, pageCache: false }),
  );
  let ready: RequestPipeline | undefined;
  pipeline.then(
    (created) => (ready = created),
    (error: unknown) => log.error("Démarrage de la chaîne de requêtes impossible :", error),
  );

  const servers = new Set<Server>();
  let underWay = 0;
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stopping = true;
      // After the server's own handler (remix-serve closes its server itself).
      setImmediate(() => {
        for (const server of servers) {
          if (server.listening) server.close();
          server.closeIdleConnections();
        }
      });
      const deadline = Date.now() + STOP_GRACE_MS;
      const finish = () => {
        if (underWay > 0 && Date.now() < deadline) return void setTimeout(finish, 50);
        stop()
          .catch((error: unknown) => log.error("Arrêt de la base de données impossible :", error))
          .finally(() => process.exit(0));
      };
      finish();
    });
  }

  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function throughThePipeline(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "listening") {
      servers.add(this);
      // Read when the server starts checking its connections, which it does on this event.
      this.requestTimeout = REQUEST_TIMEOUT_MS;
      this.headersTimeout = Math.min(this.headersTimeout, REQUEST_TIMEOUT_MS);
      (this as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = 1_000;
      // remix-serve's Express app builds the URL Remix sees (req.protocol): it trusts the proxies the pipeline trusts.
      pipeline.then(
        (created) => {
          for (const listener of this.listeners("request") as ExpressLike[])
            listener.set?.("trust proxy", created.trustProxy);
        },
        () => undefined,
      );
    }
    if (event !== "request") return emit.call(this, event, ...args);
    const [req, res] = args as [IncomingMessage, ServerResponse];
    if (stopping) res.setHeader("Connection", "close");
    underWay += 1;
    res.once("close", () => (underWay -= 1));
    const pass = () => void emit.call(this, event, req, res);
    if (ready) ready.handle(req, res, pass);
    else
      pipeline.then(
        (created) => created.handle(req, res, pass),
        () => res.writeHead(503).end(),
      );
    return true;
  };
}
