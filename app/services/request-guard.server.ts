import { createHmac, randomBytes } from "node:crypto";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { FEEDBACK_MESSAGES, FEEDBACK_RULES } from "@contract/feedback-fields";
import { visitorNetwork } from "@contract/visitor-network";
import { getConfig } from "./env.server";
import { applySecurityHeaders } from "./http-headers.server";
import { forwardedAddress, type TrustProxy } from "./trust-proxy.server";
import { VoteLimiter } from "./vote-limiter.server";

/**
 * The checks a request passes before the application sees it, shared by the two ways the site is served: server.js
 * runs them within its own guards (it sees the connection through Express), and under remix-serve, which hands every
 * request straight to Remix, `guardEveryServer` runs them all on the Node server's requests.
 */

/** Longest wait for a request's headers and body: a body trickled in at a byte a second is cut off then (408). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** A host as a Host or X-Forwarded-Host header may carry it: a name or an address, and an optional port. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export function isValidHost(value: string): boolean {
  const match = HOST.exec(value);
  return Boolean(match) && (match?.[1] === undefined || Number(match[1]) <= 65_535) && URL.canParse(`http://${value}/`);
}

/** The first value of a header a proxy may have written more than once ("a, b"). */
export const firstValue = (value: string | string[]): string => String(value).split(",")[0]?.trim() ?? "";

/** The public host of the site, from the SITE_URL variable when it is set: forms posted from there are the site's own. */
export function siteHost(siteUrl: string): string | undefined {
  return URL.canParse(siteUrl) ? new URL(siteUrl).host : undefined;
}

/**
 * Whether a POST comes from the site's own pages. Browsers send Origin with every POST; it must name the public
 * host (SITE_URL's) or, unless `publicOnly`, the host the request was sent to. Without Origin, Sec-Fetch-Site must
 * not say cross-site. `Origin: null` (a sandboxed frame, a redirect from elsewhere) is never the site. In production
 * with SITE_URL set, `publicOnly` holds: DNS rebinding points a name the attacker owns at the server, and the
 * browser then sends that name as both Host and Origin, which agree with each other.
 */
export function fromThisSite(
  origin: string | undefined,
  secFetchSite: string | undefined,
  requestedHost: string | undefined,
  publicHost: string | undefined,
  publicOnly = false,
): boolean {
  if (origin === undefined) return secFetchSite !== "cross-site";
  if (!URL.canParse(origin)) return false;
  const { protocol, host } = new URL(origin);
  if (protocol !== "http:" && protocol !== "https:") return false;
  if (secFetchSite === "cross-site") return false;
  if (host === publicHost) return true;
  if (publicOnly && publicHost) return false;
  // Read with the origin's scheme, so that a default port written out ("exemple.fr:443") compares equal.
  return (
    requestedHost !== undefined &&
    URL.canParse(`${protocol}//${requestedHost}`) &&
    host === new URL(`${protocol}//${requestedHost}`).host
  );
}

const VOTE_PATH = /^\/offres\/[^/]+\/avis(\.data)?\/?$/i;

/** Whether a request sends a vote: a POST to an offer's vote address, or to its data request (the page's script). */
export function sendsVote(method: string | undefined, url: string | undefined): boolean {
  return method === "POST" && VOTE_PATH.test((url ?? "").split("?")[0] ?? "");
}

/**
 * Set by the request checks on a vote they refuse (see voteRefusal): its status, then the seconds to wait if any
 * ("429 3542", "503"). The action then answers without the database, as the vote page with the French message and
 * the visitor's choice kept (a form sent without JavaScript) or as data the page's script shows in place. A copy
 * sent by the visitor is removed; one that got through would only refuse the sender's own vote.
 */
export const VOTE_REFUSED_HEADER = "x-codeparrain-vote-refused";

/** Marks a vote `voteRefusal` refuses with VOTE_REFUSED_HEADER, for the action to answer. */
export function checkVote(
  req: IncomingMessage,
  address: string,
  options: { production: boolean; trustsAProxy: boolean },
): void {
  delete req.headers[VOTE_REFUSED_HEADER];
  if (!sendsVote(req.method, req.url)) return;
  const forwardedFor = req.headers["x-forwarded-for"];
  const refusal = voteRefusal(address, forwardedFor === undefined ? undefined : String(forwardedFor), options);
  if (refusal) req.headers[VOTE_REFUSED_HEADER] = refusal;
}

/** The refusal the request checks marked a vote with, as the action answers it; undefined for a vote let through. */
export function markedVoteRefusal(headers: Headers): Refusal | undefined {
  const [status, retryAfter] = (headers.get(VOTE_REFUSED_HEADER) ?? "").split(" ");
  if (status === "503") return { status: 503, text: FEEDBACK_MESSAGES.votesOff };
  if (status !== "429") return undefined;
  return { status: 429, text: FEEDBACK_MESSAGES.rateLimited, headers: { "Retry-After": retryAfter || "3600" } };
}

/** The opaque key of a visitor at `address`: a keyed hash of their network, as the database's limits count them. */
export function visitorKey(address: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(visitorNetwork(address)).digest("hex");
}

const voteLimiter = new VoteLimiter(FEEDBACK_RULES.maxVotesPerHour, 60 * 60 * 1000);

/** Loopback and private addresses: where a reverse proxy on the same machine or network connects from. */
const NEAR = /^(?:::ffff:)?(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)|^::1$|^f[cd][0-9a-f]{2}:/i;

let warnedUntrustedProxy = false;

export interface Refusal {
  status: number;
  text: string;
  headers?: Record<string, string>;
}

/**
 * Why a vote is refused, as VOTE_REFUSED_HEADER says it, or undefined to take it: "429 {seconds}" past the hourly
 * limit (counted here, keyed as the database keys it), and, in production, "503" when the vote comes through a proxy
 * TRUST_PROXY does not name: every visitor would then be the proxy, one visitor for the whole site.
 */
function voteRefusal(
  address: string,
  forwardedFor: string | undefined,
  { production, trustsAProxy }: { production: boolean; trustsAProxy: boolean },
): string | undefined {
  if (production && !trustsAProxy && forwardedFor !== undefined && NEAR.test(address)) {
    if (!warnedUntrustedProxy) {
      warnedUntrustedProxy = true;
      console.error(
        `Avis désactivés : les requêtes arrivent par un proxy (${address}) que TRUST_PROXY ne désigne pas, et tous ` +
          "les visiteurs auraient son adresse. Définissez TRUST_PROXY (par exemple « loopback » ou « 1 »).",
      );
    }
    return "503";
  }
  const retryAfter = voteLimiter.admit(visitorKey(address));
  return retryAfter === undefined ? undefined : `429 ${retryAfter}`;
}

/** Answers `refusal` with a short French text and the security headers of every answer of the site. */
export function answerRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal, https: boolean): void {
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    ...refusal.headers,
  });
  const view = { method: req.method ?? "GET", url: `${https ? "https" : "http"}://localhost/`, headers: new Headers() };
  applySecurityHeaders(headers, view, randomBytes(16).toString("base64"), getConfig().nodeEnv === "production");
  const body = Buffer.from(refusal.text);
  headers.set("Content-Length", String(body.byteLength));
  res.writeHead(refusal.status, Object.fromEntries(headers));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The header that carries the visitor's address from the guard to the application under remix-serve. */
export const VISITOR_ADDRESS_HEADER = "x-codeparrain-visitor";

const GUARDED = Symbol.for("codeparrain.guarded-servers");
/** Set by server.js before it loads the build: it runs these checks within its own. */
export const SERVER_JS = Symbol.for("codeparrain.server-js");
/** The methods the site answers at all; any other gets a 405. */
export const METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether `guardEveryServer` runs in this process: only then is VISITOR_ADDRESS_HEADER the guard's own. */
export function guardsEveryServer(): boolean {
  return Boolean((globalThis as { [GUARDED]?: boolean })[GUARDED]);
}

/** Whether the connection's peer is a proxy TRUST_PROXY believes. */
function trustsPeer(trust: TrustProxy, peer: string): boolean {
  if (trust.kind === "addresses") return trust.trusted(peer);
  return trust.kind !== "none";
}

/** server.js's checks, for a request a server hands straight to the application; true when it answered. */
function refuseOrPass(req: IncomingMessage, res: ServerResponse): boolean {
  const { trustProxy, nodeEnv } = getConfig();
  const production = nodeEnv === "production";
  const peer = req.socket.remoteAddress ?? "";
  const trusted = trustsPeer(trustProxy, peer);
  const https = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  const refuse = (status: number, text: string, headers?: Record<string, string>) => {
    answerRefusal(req, res, { status, text, headers }, https);
    return true;
  };

  if (!METHODS.has(req.method ?? "")) return refuse(405, "Méthode non autorisée.", { Allow: "GET, HEAD, POST" });
  if (!req.url?.startsWith("/")) return refuse(400, "Adresse mal formée.");
  const host = req.headers.host;
  if (host === undefined || !isValidHost(host)) {
    return refuse(400, "Requête mal formée : l'en-tête Host n'est pas un nom d'hôte.");
  }
  const forwardedHost = req.headers["x-forwarded-host"];
  if (forwardedHost !== undefined && !trusted) delete req.headers["x-forwarded-host"];
  else if (forwardedHost !== undefined) {
    if (!isValidHost(firstValue(forwardedHost))) {
      return refuse(400, "Requête mal formée : l'en-tête X-Forwarded-Host n'est pas un nom d'hôte.");
    }
    req.headers["x-forwarded-host"] = firstValue(forwardedHost);
  }
  const forwardedFor = req.headers["x-forwarded-for"];
  const address =
    (trusted && forwardedAddress(forwardedFor === undefined ? null : String(forwardedFor), trustProxy)) || peer;
  delete req.headers[VISITOR_ADDRESS_HEADER];

  if (UNSAFE.has(req.method ?? "")) {
    const requested = trusted && req.headers["x-forwarded-host"] ? String(req.headers["x-forwarded-host"]) : host;
    const publicHost = siteHost(process.env.SITE_URL ?? "");
    const origin = req.headers.origin;
    const secFetchSite = req.headers["sec-fetch-site"];
    const fetchSite = typeof secFetchSite === "string" ? secFetchSite : undefined;
    if (!fromThisSite(origin, fetchSite, requested, publicHost, production)) {
      return refuse(403, "Envoi refusé : ce formulaire n'a pas été envoyé depuis ce site.");
    }
    // Checked here, with SITE_URL; Remix's own check would answer a mismatch with a bare 500.
    delete req.headers.origin;
  }
  checkVote(req, address, { production, trustsAProxy: trustProxy.kind !== "none" });
  req.headers[VISITOR_ADDRESS_HEADER] = address;
  return false;
}

/** How long the requests under way may take to finish once the process is told to stop. */
const STOP_GRACE_MS = 5_000;

/**
 * Runs the request checks on every request of every HTTP server in this process, before it reaches its handler,
 * and bounds the time a request may take to arrive: what server.js does, for a server (remix-serve) that gives the
 * application nothing but the request. Node's Server is patched, as no other hook comes before the handler. On
 * SIGTERM or SIGINT the servers stop taking requests, those under way get STOP_GRACE_MS to finish, then `stop`
 * runs (it closes the database) and the process exits: remix-serve alone would wait for every idle connection.
 */
export function guardEveryServer(stop: () => Promise<void>): void {
  if (guardsEveryServer()) return;
  (globalThis as { [GUARDED]?: boolean })[GUARDED] = true;
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
          .catch((error: unknown) => console.error("Arrêt de la base de données impossible :", error))
          .finally(() => process.exit(0));
      };
      finish();
    });
  }
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function guardedEmit(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "listening") {
      servers.add(this);
      // Read when the server starts checking its connections, which it does on this event.
      this.requestTimeout = REQUEST_TIMEOUT_MS;
      this.headersTimeout = Math.min(this.headersTimeout, REQUEST_TIMEOUT_MS);
      (this as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = 1_000;
    }
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      if (stopping) res.setHeader("Connection", "close");
      underWay += 1;
      res.once("close", () => (underWay -= 1));
      try {
        if (refuseOrPass(req, res)) return true;
      } catch (error) {
        console.error(error);
        if (!res.headersSent) answerRefusal(req, res, { status: 500, text: "Erreur interne." }, false);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
}
