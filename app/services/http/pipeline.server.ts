import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { FEEDBACK_RULES } from "@contract/feedback-fields";
import { log, newRequestId, REQUEST_ID_HEADER } from "../log.server";
import { logAs, withoutSecret } from "./access-log.server";
import { COUNT_IMAGE, COUNT_IMAGE_HEADERS } from "./count-image.server";
import {
  applySecurityHeaders,
  keptNowhere,
  NO_STORE,
  RENDERED_FROM_HEADER,
  SHARED_ANSWER_HEADER,
  SHARED_NOT_KEPT_HERE,
  sharedAnswerAllowed,
} from "./headers.server";
import { pageCache, pageCacheKey, sendCachedPage } from "./page-cache.server";
import { readSmallForm } from "./request-body.server";
import { believeForwarding, canonicalPath, fromThisSite, isValidHost } from "./request-target.server";
import { STATIC_FILES } from "./route-policy.server";
import { handlerPath, hasIndexQuery, RouteResolver, type BuildRoute } from "./routes.server";
import { visitorOf, type Visitor } from "./trust-proxy.server";
import { noteUnnamedProxy } from "./unnamed-proxy.server";
import { VoteLimiter } from "./vote-limiter.server";
import { countView } from "../audience.server";
import { OWNER_SESSION_HEADER, ownerSessionMark, SIGN_IN_PATH } from "../owner/owner-session.server";
import { VISITOR_ADDRESS_HEADER, visitorKeyForAddress } from "../visitor.server";
import { voteRefusalAnswer, type VoteRefusalKind } from "./vote-refusal.server";
import { getConfig, type Config } from "../config/env.server";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The one way through the server. Both servers hand every request to `RequestPipeline.handle` before anything else
 * (server.js from its request listener, remix-serve through remix-serve.server.ts); it refuses, redirects or answers
 * from the page cache, or passes the request on with the visitor's address. Every HTTP rule of the site is decided
 * here, in this order:
 * 1. the request target (a path), Host, and the X-Forwarded-* headers of a trusted proxy;
 * 2. undecodable paths and Remix's old `_data` requests;
 * 3. the files of public/ and of the build;
 * 4. the route, resolved with Remix's matcher, and its row in ROUTE_POLICIES: methods, canonical address (GET),
 *    origin (POST), limiter;
 * 5. whether the answer may be kept, from the row alone: a shared GET goes on with SHARED_ANSWER_HEADER, which the
 *    rendering reads; every answer of a route that must never be kept says `private, no-store`, whatever it set;
 * 6. the page cache, for the anonymous GETs of a cacheable route.
 */

/** Longest wait for a request's headers and body: a body trickled in at a byte a second is cut off then (408). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** What the pipeline decided for a request. */
export type Verdict =
  | { kind: "refuse"; status: number; text: string; headers?: Record<string, string> }
  | { kind: "redirect"; location: string }
  | { kind: "refuse-vote"; refusal: VoteRefusalKind; retryAfter?: number; slug: string; data: boolean }
  | {
      kind: "pass";
      address: string;
      /** An anonymous GET of a route that may be shared: its page cache key, or SHARED_NOT_KEPT_HERE. */
      shared?: string;
      /** A route whose answers are never kept, by anyone. */
      neverKept?: boolean;
      file?: boolean;
      loggedAs?: string;
      /** A back-office request, which goes on only with the owner's session: a page, or its data. */
      owner?: "document" | "data";
    }
  | { kind: "count-image"; address: string; slug: string };

interface Checked {
  https: boolean;
  /** Whether the request names a file of public/ or of the build rather than a page. */
  file?: boolean;
}

export interface PipelineOptions {
  routes: Readonly<Record<string, BuildRoute | undefined>>;
  /** Where the build's assets are served (build.publicPath, "/build/"). */
  assetsPath: string;
  /** The folder of the site's public files ("public"). */
  publicDir?: string;
  /** Whether this server answers anonymous GETs from the page cache (server.js), with HTML_CACHE on. */
  pageCache: boolean;
  config?: Config;
}

export class RequestPipeline {
  private readonly config: Config;
  private readonly resolver: RouteResolver;
  private readonly production: boolean;
  private readonly publicEntries: ReadonlySet<string>;
  private readonly publicFolders: ReadonlySet<string>;
  private readonly voteLimiter = new VoteLimiter(FEEDBACK_RULES.maxVotesPerHour, 60 * 60 * 1000);
  private readonly checked = new WeakMap<IncomingMessage, Checked>();

  constructor(private readonly options: PipelineOptions) {
    this.config = options.config ?? getConfig();
    this.production = this.config.nodeEnv === "production";
    this.resolver = new RouteResolver(options.routes);
    const publicDir = options.publicDir ?? "public";
    const entries = readdirSync(publicDir, { withFileTypes: true, recursive: true });
    this.publicEntries = new Set(entries.filter((entry) => entry.parentPath === publicDir).map((entry) => entry.name));
    this.publicFolders = new Set(
      entries
        .filter((entry) => entry.isDirectory())
        .map(
          (entry) => `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
        ),
    );
    if (options.pageCache && this.config.htmlCache && this.production) pageCache.enable(this.config.brandsCache.ttlMs);
  }

  /** The TRUST_PROXY test, for Express's "trust proxy" setting (req.protocol in the URL Remix builds). */
  get trustProxy() {
    return this.config.trustProxy.trusts;
  }

  /** Whether a request the pipeline passed names a file of public/ (a page is then not looked for on disk). */
  namesFile(req: IncomingMessage): boolean {
    return this.checked.get(req)?.file ?? false;
  }

  /**
   * Refuses, redirects or answers the request, or calls `next` to hand it to the application with the visitor's
   * address in VISITOR_ADDRESS_HEADER.
   */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    let verdict: Verdict;
    try {
      verdict = this.decide(req);
    } catch (error) {
      log.error("Requête mal formée", { err: error, requestId: req.headers[REQUEST_ID_HEADER] });
      verdict = { kind: "refuse", status: 400, text: "Requête mal formée." };
    }
    switch (verdict.kind) {
      case "refuse":
        this.answerText(req, res, verdict.status, verdict.text, verdict.headers);
        return;
      case "redirect":
        this.answerText(req, res, 301, `Adresse déplacée : ${verdict.location}`, {
          Location: verdict.location,
          "Cache-Control": "public, max-age=3600",
        });
        return;
      case "refuse-vote":
        this.answerVoteRefusal(req, res, verdict).catch((error: unknown) => this.failed(req, res, error));
        return;
      case "count-image":
        this.answerCountImage(req, res, verdict);
        return;
      case "pass":
        req.headers[VISITOR_ADDRESS_HEADER] = verdict.address;
        if (verdict.shared) req.headers[SHARED_ANSWER_HEADER] = verdict.shared;
        if (verdict.neverKept) keptNowhere(res);
        if (verdict.loggedAs) logAs(req, res, verdict.loggedAs);
        // Files (logos, scripts) are never read as another type than the one they are served with; pages say it too.
        if (verdict.file) res.setHeader("X-Content-Type-Options", "nosniff");
        if (verdict.owner) {
          this.passOwner(req, res, verdict.owner, next).catch((error: unknown) => this.failed(req, res, error));
          return;
        }
        if (!verdict.shared || verdict.shared === SHARED_NOT_KEPT_HERE || !pageCache.enabled) return next();
        req.headers[RENDERED_FROM_HEADER] = String(pageCache.generation);
        sendCachedPage(req, res, verdict.shared, {
          https: this.checked.get(req)?.https ?? false,
          production: this.production,
        }).then(
          (answered) => answered || next(),
          (error: unknown) => (res.headersSent ? this.failed(req, res, error) : next()),
        );
    }
  }

  /** What to do with a request; it may rewrite the headers it judged (X-Forwarded-*, Origin, the visitor's, its id). */
  decide(req: IncomingMessage): Verdict {
    req.headers[REQUEST_ID_HEADER] = newRequestId();
    delete req.headers[VISITOR_ADDRESS_HEADER];
    delete req.headers[OWNER_SESSION_HEADER];
    delete req.headers[SHARED_ANSWER_HEADER];
    delete req.headers[RENDERED_FROM_HEADER];
    const target = req.url ?? "";
    // Origin-form only: absolute-form ("http://...") and asterisk-form ("*") targets are no page of this site.
    if (!target.startsWith("/")) return { kind: "refuse", status: 400, text: "Adresse mal formée." };

    const { trustProxy, publicHost } = this.config;
    const host = req.headers.host;
    if (host === undefined && req.httpVersion === "1.0") req.headers.host = new URL(this.config.siteUrl).host;
    else if (host === undefined || !isValidHost(host)) {
      return { kind: "refuse", status: 400, text: "Requête mal formée : l'en-tête Host n'est pas un nom d'hôte." };
    }
    const forwarding = believeForwarding(req, trustProxy);
    if ("refusal" in forwarding) return { kind: "refuse", status: 400, text: forwarding.refusal };
    const { trusted, https } = forwarding;
    this.checked.set(req, { https });

    // The URL as Remix builds it from the same target: its path is the one Remix routes.
    const url = URL.canParse(`http://site${target}`) ? new URL(`http://site${target}`) : undefined;
    if (!url) return { kind: "refuse", status: 400, text: "Adresse mal formée." };
    try {
      decodeURIComponent(url.pathname);
    } catch {
      return { kind: "refuse", status: 400, text: "Adresse mal formée." };
    }
    // Remix's old data requests: this site makes none (single fetch), and Remix logs each one as an error.
    if (url.searchParams.has("_data")) return { kind: "refuse", status: 400, text: "Requête non prise en charge." };

    const method = req.method ?? "";
    const rawPath = target.split(/[?#]/, 1)[0] ?? target;
    const staticFile =
      url.pathname.startsWith(this.options.assetsPath) ||
      this.publicEntries.has(decodeURIComponent(url.pathname.split("/", 2)[1] ?? ""));
    this.checked.set(req, { https, file: staticFile });
    const dataRequest = !staticFile && url.pathname.endsWith(".data");
    const route = staticFile
      ? undefined
      : this.resolver.resolve(handlerPath(url.pathname), {
          action: method === "POST",
          indexQuery: hasIndexQuery(url.searchParams),
        });
    const policy = route?.policy ?? STATIC_FILES;

    // The back office, while it is off, is no page at all: before any other answer.
    if (policy.owner && !this.config.ownerPassword) return { kind: "refuse", status: 404, text: "Page introuvable." };
    const owner = policy.owner ? { owner: dataRequest ? ("data" as const) : ("document" as const) } : {};
    const neverKept = route !== undefined && !policy.cache;
    if (!(policy.methods as readonly string[]).includes(method)) {
      return {
        kind: "refuse",
        status: 405,
        text:
          method === "POST"
            ? "Méthode non autorisée : cette page ne reçoit pas de formulaire."
            : "Méthode non autorisée.",
        headers: { Allow: policy.methods.join(", ") },
      };
    }

    if (method === "GET" || method === "HEAD") {
      const canonical = canonicalPath(url.pathname, { lowerCase: !staticFile });
      if (canonical !== rawPath) return { kind: "redirect", location: `${canonical}${url.search}` };
      // A folder of public/ is no page: express.static would redirect it to itself with a slash.
      if (staticFile && this.publicFolders.has(canonical)) {
        return { kind: "refuse", status: 404, text: "Page introuvable." };
      }
      if (dataRequest && route?.policy.documentOnly) return { kind: "refuse", status: 404, text: "Page introuvable." };
      if (route?.policy.answer === "count-image" && method === "GET" && !url.search) {
        return { kind: "count-image", address: this.visitor(req).address, slug: route.params.slug ?? "" };
      }
      const shared =
        route?.policy.cache && sharedAnswerAllowed(req.headers.cookie)
          ? (pageCacheKey(url, route.policy) ?? SHARED_NOT_KEPT_HERE)
          : undefined;
      const loggedAs = withoutSecret(url.pathname, route);
      const address = this.visitor(req).address;
      return { kind: "pass", address, shared, neverKept, file: staticFile, loggedAs, ...owner };
    }

    if (policy.sameOrigin) {
      const requested = trusted && req.headers["x-forwarded-host"] ? String(req.headers["x-forwarded-host"]) : host;
      const secFetchSite = req.headers["sec-fetch-site"];
      const origin = req.headers.origin;
      if (!fromThisSite(origin, secFetchSite, requested, publicHost, this.production)) {
        log.warn(
          `Envoi refusé (403) : origine ${JSON.stringify(String(origin ?? "").slice(0, 200))}, hôte ` +
            `${JSON.stringify(String(requested ?? "").slice(0, 200))}. Derrière un proxy, voir « Running it for real » du README.`,
        );
        return { kind: "refuse", status: 403, text: "Envoi refusé : ce formulaire n'a pas été envoyé depuis ce site." };
      }
    }
    // Checked above, with SITE_URL, where the route asks; Remix's own check would answer a mismatch with a bare 500,
    // and a route open to every origin (one-click unsubscribe) would never be reached from one.
    delete req.headers.origin;

    const visitor = this.visitor(req);
    const address = visitor.address;
    if (policy.limiter === "votes") {
      const slug = route?.params.slug ?? "";
      const refusal = this.voteRefusal(visitor);
      if (refusal) return { kind: "refuse-vote", ...refusal, slug, data: dataRequest };
    }
    return {
      kind: "pass",
      address,
      neverKept,
      loggedAs: withoutSecret(url.pathname, route),
      ...owner,
    };
  }

  /** A back-office request goes on marked as ownerSessionMark says, or a page is sent to sign in (303). */
  private async passOwner(
    req: IncomingMessage,
    res: ServerResponse,
    request: "document" | "data",
    next: () => void,
  ): Promise<void> {
    const mark = await ownerSessionMark(req.headers.cookie, { post: req.method === "POST", data: request === "data" });
    if (mark === "sign-in") {
      this.answerText(req, res, 303, `Connexion nécessaire : ${SIGN_IN_PATH}`, {
        Location: SIGN_IN_PATH,
        "Cache-Control": NO_STORE,
      });
      return;
    }
    if (mark) req.headers[OWNER_SESSION_HEADER] = mark;
    next();
  }

  /**
   * Why a vote is refused, or undefined to take it: past the hourly limit (counted here, keyed as the database keys
   * it, so that a visitor past it costs no database call), and, in production, when the vote comes through a proxy
   * TRUST_PROXY does not name: every visitor would then be the proxy, one visitor for the whole site.
   */
  private voteRefusal({
    address,
    unnamedProxy,
  }: Visitor): { refusal: VoteRefusalKind; retryAfter?: number } | undefined {
    if (unnamedProxy) return { refusal: "votes-off" };
    const retryAfter = this.voteLimiter.admit(visitorKeyForAddress(address));
    return retryAfter === undefined ? undefined : { refusal: "rate-limited", retryAfter };
  }

  /** The request's visitor (trust-proxy.server.ts); a request through a proxy nobody named is noted. */
  private visitor(req: IncomingMessage): Visitor {
    const visitor = visitorOf(req, this.config.trustProxy, this.production);
    if (visitor.unnamedProxy) noteUnnamedProxy(visitor.unnamedProxy);
    return visitor;
  }

  private securityHeaders(req: IncomingMessage, headers: Headers): void {
    const https = this.checked.get(req)?.https ?? false;
    const view = { method: req.method ?? "GET", url: `${https ? "https" : "http"}://site/`, headers: new Headers() };
    applySecurityHeaders(headers, view, randomBytes(16).toString("base64"), this.production);
  }

  private send(req: IncomingMessage, res: ServerResponse, status: number, headers: Headers, body: Buffer): void {
    headers.set("Content-Length", String(body.byteLength));
    res.writeHead(status, Object.fromEntries(headers));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** A refusal or a redirect: a short French text with the security headers of every answer of the site. */
  private answerText(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    text: string,
    extra: Record<string, string> = {},
  ): void {
    const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra });
    this.securityHeaders(req, headers);
    this.send(req, res, status, headers, Buffer.from(text));
  }

  /** The transparent image a brand page asks for: answered at once, the view counted beside it. */
  private answerCountImage(
    req: IncomingMessage,
    res: ServerResponse,
    { address, slug }: Extract<Verdict, { kind: "count-image" }>,
  ): void {
    const header = (name: string) => [req.headers[name.toLowerCase()] ?? []].flat().join(", ") || undefined;
    countView(slug, header, address).catch((error: unknown) => log.error("Mesure d'audience impossible :", error));
    res.writeHead(200, COUNT_IMAGE_HEADERS);
    res.end(COUNT_IMAGE);
  }

  private async answerVoteRefusal(
    req: IncomingMessage,
    res: ServerResponse,
    verdict: Extract<Verdict, { kind: "refuse-vote" }>,
  ): Promise<void> {
    const answer = await voteRefusalAnswer(verdict.refusal, {
      body: await readSmallForm(req),
      slug: verdict.slug,
      data: verdict.data,
      siteName: this.config.siteName,
    });
    const headers = new Headers({ "Cache-Control": "no-store", "Content-Type": answer.contentType });
    if (verdict.retryAfter !== undefined) headers.set("Retry-After", String(verdict.retryAfter));
    if (verdict.data) {
      headers.set("X-Remix-Response", "yes");
      headers.set("X-Content-Type-Options", "nosniff");
    } else this.securityHeaders(req, headers);
    this.send(req, res, answer.status, headers, answer.body);
  }

  private failed(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    log.error("Requête en échec", { err: error, requestId: req.headers[REQUEST_ID_HEADER] });
    if (!res.headersSent) this.answerText(req, res, 500, "Erreur interne.");
    else res.destroy();
  }
}
