import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENDERED_FROM_HEADER, SHARED_ANSWER_HEADER } from "~/services/http/headers.server";
import { RequestPipeline } from "~/services/http/pipeline.server";
import { ROUTE_POLICIES } from "~/services/http/route-policy.server";
import { RouteResolver, type BuildRoute } from "~/services/http/routes.server";
import { REQUEST_ID_HEADER } from "~/services/log.server";
import { OWNER_SESSION_HEADER } from "~/services/owner/owner-session.server";
import { VISITOR_ADDRESS_HEADER } from "~/services/visitor.server";
import { OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { mainText } from "../support/oversized-forms";
import { rawBytes, type RawHead } from "../support/raw-request";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import type { IncomingMessage } from "node:http";

/**
 * One request pipeline for both servers: the same odd requests, sent byte for byte over a raw socket to server.js and
 * to remix-serve, get the same status and the same security headers from each. Both run in production without
 * TRUST_PROXY, so that a request from loopback carrying X-Forwarded-For comes through a proxy nobody named: votes are
 * then turned off, whatever the spelling of their address.
 */
const serverJsTemp = makeTempDir("pipeline-server-js");
const remixServeTemp = makeTempDir("pipeline-remix-serve");
let serverJs: RunningSite;
let remixServe: RunningSite;
beforeAll(async () => {
  [serverJs, remixServe] = await Promise.all([
    startSite({ DATA_DIR: serverJsTemp.dir, OWNER_PASSWORD }),
    startSite({ DATA_DIR: remixServeTemp.dir, OWNER_PASSWORD }, { server: "remix-serve" }),
  ]);
});
afterAll(async () => {
  await Promise.all([serverJs?.stop(), remixServe?.stop()]);
  serverJsTemp.cleanup();
  remixServeTemp.cleanup();
});

const CRLF = "\r\n";
/** An HTTP/1.1 request for Host `localhost`, closed after its answer. */
const request = (line: string, headers: string[] = [], body = "") =>
  [line, "Host: localhost", "Connection: close", ...headers, `Content-Length: ${Buffer.byteLength(body)}`].join(CRLF) +
  CRLF +
  CRLF +
  body;
const form = (line: string, body: string, headers: string[] = []) =>
  request(line, ["Content-Type: application/x-www-form-urlencoded", ...headers], body);
/** A form the site's own page would send (Origin of the Host it was sent to), through a proxy TRUST_PROXY does not name. */
const proxiedVote = (target: string) =>
  form(`POST ${target} HTTP/1.1`, "worked=non&reason=code-refuse", [
    "Origin: http://localhost",
    "X-Forwarded-For: 203.0.113.60",
  ]);

/** [name, the bytes sent, the status both servers answer]. */
const CASES: [name: string, bytes: string, status: number][] = [
  ["a page", request("GET / HTTP/1.1"), 200],
  ["HEAD of a brand page", request("HEAD /offres/binance HTTP/1.1"), 200],
  ["a search", request("GET /offres?q=bin HTTP/1.1"), 200],
  ["HTTP/1.0 without Host", `GET / HTTP/1.0${CRLF}${CRLF}`, 200],
  ["HTTP/1.1 without Host (Node's own 400)", `GET / HTTP/1.1${CRLF}Connection: close${CRLF}${CRLF}`, 400],
  ["a Host that is no host", `GET / HTTP/1.1${CRLF}Host: exemple fr${CRLF}Connection: close${CRLF}${CRLF}`, 400],
  ["a Host with a port out of range", `GET / HTTP/1.1${CRLF}Host: exemple.fr:99999${CRLF}${CRLF}`, 400],
  ["an X-Forwarded-Host nobody trusted", request("GET /contact HTTP/1.1", ["X-Forwarded-Host: evil.example"]), 200],
  ["Remix's old data request", request("GET /?_data=root HTTP/1.1"), 400],
  ["an old data request to a form", form("POST /contact?_data=routes%2Fcontact HTTP/1.1", "a=b"), 400],
  ["a protocol-relative path", request("GET //evil.example/ HTTP/1.1"), 301],
  ["a backslash path", request("GET /\\evil.example HTTP/1.1"), 301],
  ["a trailing slash", request("GET /offres/ HTTP/1.1"), 301],
  ["upper case", request("GET /OFFRES/Binance HTTP/1.1"), 301],
  ["a percent-escaped letter", request("GET /%6Ffres HTTP/1.1"), 301],
  ["an absolute-form target", request("GET http://evil.example/ HTTP/1.1"), 400],
  ["an asterisk target", request("OPTIONS * HTTP/1.1"), 400],
  ["a traversal", request("GET /../../etc/passwd HTTP/1.1"), 301],
  ["an escaped traversal", request("GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1"), 301],
  ["a traversal out of the assets", request("GET /build/../package.json HTTP/1.1"), 301],
  ["an undecodable path", request("GET /offres/%ZZ HTTP/1.1"), 400],
  ["an overlong UTF-8 slash", request("GET /%C0%AF HTTP/1.1"), 400],
  [
    "Content-Length and Transfer-Encoding together (Node's own 400)",
    `POST /contact HTTP/1.1${CRLF}Host: localhost${CRLF}Content-Length: 4${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}0${CRLF}${CRLF}`,
    400,
  ],
  ["a folder of public/", request("GET /logos HTTP/1.1"), 404],
  ["a folder of public/ with its slash", request("GET /logos/ HTTP/1.1"), 301],
  ["a logo", request("GET /logos/binance.svg HTTP/1.1"), 200],
  ["PUT to a form", form("PUT /contact HTTP/1.1", "a=b"), 405],
  ["DELETE of the home page", request("DELETE / HTTP/1.1"), 405],
  ["a method HTTP does not know (Node's own 400)", request("BREW / HTTP/1.1"), 400],
  ["a method the site does not answer", request("PATCH /offres HTTP/1.1"), 405],
  ["POST to a page without a form", form("POST /offres HTTP/1.1", "a=b", ["Origin: http://localhost"]), 405],
  ["POST to an index route", form("POST /contact?index HTTP/1.1", "a=b", ["Origin: http://localhost"]), 405],
  ["POST to a file", form("POST /favicon.ico HTTP/1.1", "a=b", ["Origin: http://localhost"]), 405],
  ["a form from another site", form("POST /contact HTTP/1.1", "a=b", ["Origin: https://evil.example"]), 403],
  ["a form from a sandboxed frame", form("POST /contact HTTP/1.1", "a=b", ["Origin: null"]), 403],
  ["a cross-site form without Origin", form("POST /contact HTTP/1.1", "a=b", ["Sec-Fetch-Site: cross-site"]), 403],
  [
    // RFC 8058: a mailbox posts the one-click unsubscribe from its own origin; the route takes any (404: no alerts).
    "a one-click unsubscribe from a mailbox's origin",
    form(`POST /alertes/desabonner/${"ab".repeat(32)} HTTP/1.1`, "List-Unsubscribe=One-Click", [
      "Origin: https://mail.exemple.net",
    ]),
    404,
  ],
  ["the back office in upper case", request("GET /GESTION HTTP/1.1"), 301],
  ["the guides' list", request("GET /guides HTTP/1.1"), 200],
  ["a guide that does not exist", request("GET /guides/pas-de-guide HTTP/1.1"), 404],
  ["a guide's address in upper case", request("GET /Guides/Un-Guide HTTP/1.1"), 301],
  [
    "a share image of a guide that does not exist",
    request("GET /partage/guides/pas-de-guide/0123abcd.png HTTP/1.1"),
    404,
  ],
  ["a site text's form without a session", request("GET /gestion/textes/accueil-faq HTTP/1.1"), 303],
  [
    "a site text's form posted from another site",
    form("POST /gestion/textes/accueil-faq HTTP/1.1", "a=b", ["Origin: https://evil.example"]),
    403,
  ],
  ["PUT to a site text's form", form("PUT /gestion/textes/accueil-faq HTTP/1.1", "a=b"), 405],
  ["a form posted to the texts' list", form("POST /gestion/textes HTTP/1.1", "a=b", ["Origin: http://localhost"]), 405],
  ["the back office with an escape", request("GET /%67estion/offres HTTP/1.1"), 301],
  ["a vote", proxiedVote("/offres/binance/avis"), 503],
  ["a vote's data request", proxiedVote("/offres/binance/avis.data"), 503],
  ["a vote with a trailing slash", proxiedVote("/offres/binance/avis/"), 503],
  ["a vote's data request after a slash", proxiedVote("/offres/binance/avis/.data"), 503],
  ["a vote in upper case", proxiedVote("/OFFRES/Binance/AVIS"), 503],
  ["a vote with escaped letters", proxiedVote("/offres/%62inance/%61vis"), 503],
  ["a vote with a fragment in the request line", proxiedVote("/offres/binance/avis#x"), 503],
  ["a vote with a query", proxiedVote("/offres/binance/avis?x=1"), 503],
  ["a vote with a dot segment", proxiedVote("/offres/binance/./avis"), 503],
  ["a vote with a fragment in a data request", proxiedVote("/offres/binance/avis.data#x"), 503],
];

/** The headers every answer must carry alike from both servers (the nonce of the policy aside). */
const COMPARED = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "strict-transport-security",
  "cache-control",
  "location",
  "allow",
  "content-type",
];
const compared = (head: RawHead) =>
  Object.fromEntries(COMPARED.map((name) => [name, head.headers[name]?.replace(/'nonce-[^']+'/, "'nonce-…'")]));

/**
 * Differences that must stay, each with its reason: the name of a case and the header that differs. remix-serve's
 * Express serves public/ with its own Cache-Control and type for files, which the pipeline lets through untouched.
 */
const KEPT_DIFFERENCES: { case: string; header: string; reason: string }[] = [];

describe("both servers, one pipeline", () => {
  it(`holds at least 30 odd requests`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(KEPT_DIFFERENCES.length).toBeLessThanOrEqual(3);
  });

  for (const [name, bytes, status] of CASES) {
    it(`${name}: ${status} from both, with the same security headers`, async () => {
      const [fromServerJs, fromRemixServe] = [await rawBytes(serverJs, bytes), await rawBytes(remixServe, bytes)];
      expect(fromServerJs.status, "server.js").toBe(status);
      expect(fromRemixServe.status, "remix-serve").toBe(status);
      const kept = new Set(KEPT_DIFFERENCES.filter((row) => row.case === name).map((row) => row.header));
      const [ours, theirs] = [compared(fromServerJs), compared(fromRemixServe)];
      for (const header of kept) [ours[header], theirs[header]] = [undefined, undefined];
      expect(ours).toEqual(theirs);
      // Node answers a request it cannot parse before any server sees it, with no header of ours.
      if (!name.includes("Node's own")) {
        expect(fromServerJs.headers["x-content-type-options"], "nosniff").toBe("nosniff");
      }
    });
  }

  it("redirects odd spellings to the one canonical address, on this site", async () => {
    const location = async (target: string) =>
      (await rawBytes(serverJs, request(`GET ${target} HTTP/1.1`))).headers.location;
    expect(await location("//evil.example/")).toBe("/evil.example");
    expect(await location("/\\evil.example")).toBe("/evil.example");
    expect(await location("/offres/?q=bin")).toBe("/offres?q=bin");
    expect(await location("/%67estion/offres")).toBe("/gestion/offres");
    expect(await location("/../../etc/passwd")).toBe("/etc/passwd");
    expect(await location("/Offres/Binance")).toBe("/offres/binance");
  });

  it("writes a private link's secret in no log line of either server, remix-serve's access log included", async () => {
    const token = randomBytes(32).toString("hex");
    for (const link of ["effacer", "confirmer"]) {
      for (const site of [serverJs, remixServe]) {
        await (await fetch(`${site.url}/temoignages/${link}/${token}`)).arrayBuffer();
        await (await postForm(site, `/temoignages/${link}/${token}`, {})).arrayBuffer();
      }
      // remix-serve logs each request once its answer has ended.
      await expect.poll(() => remixServe.output()).toContain(`POST /temoignages/${link}/…`);
      expect(remixServe.output()).toContain(`GET /temoignages/${link}/…`);
    }
    for (const site of [serverJs, remixServe]) expect(site.output()).not.toContain(token);
  });

  it("stored none of the votes sent through the unnamed proxy", async () => {
    const page = await fetch(`${serverJs.url}/offres/binance`);
    expect(mainText(await page.text())).toContain("Pas encore assez d'avis");
  });
});

/**
 * The routes of the production build, read by a process of their own (importing the build starts the application:
 * its database, its server hooks), with whether each has an action.
 */
async function buildRoutes(): Promise<Record<string, BuildRoute & { hasAction: boolean }>> {
  const script = `globalThis[Symbol.for("codeparrain.server-js")] = true;
const build = await import("./build/index.js");
const routes = Object.fromEntries(Object.entries(build.routes).map(([id, { module, ...route }]) =>
  [id, { ...route, hasAction: typeof module.action === "function" }]));
process.stdout.write("\\nroutes " + JSON.stringify(routes) + "\\n");
process.exit(0);`;
  // A backend it cannot reach: loading the build opens no database, so nothing is left writing after the exit.
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      SUPABASE_URL: "http://127.0.0.1:9",
      SUPABASE_ANON_KEY: "cle-publique",
      SESSION_SECRET: "un-secret-pour-lire-les-routes-0123456789",
      CONTACT_CLIENT_KEY_SECRET: "un-secret-pour-lire-les-routes-0123456789",
    },
  });
  // The build's own log lines (JSON) share the output: the routes' line is marked.
  const line = stdout.split("\n").find((candidate) => candidate.startsWith("routes ")) ?? "";
  return JSON.parse(line.slice("routes ".length)) as Record<string, BuildRoute & { hasAction: boolean }>;
}

describe("the route table", () => {
  it("has a row for every route of the build, and a form only where a route has an action", async () => {
    const routes = await buildRoutes();
    expect(Object.keys(routes).length).toBeGreaterThan(10);
    expect(() => new RouteResolver(routes)).not.toThrow();
    for (const [id, route] of Object.entries(routes)) {
      expect(ROUTE_POLICIES[id]?.methods.includes("POST"), id).toBe(route.hasAction);
    }
  });

  it("refuses to start with a route it has no row for", () => {
    expect(() => new RouteResolver({ "routes/nouvelle": { id: "routes/nouvelle", path: "nouvelle" } })).toThrow(
      /routes\/nouvelle/,
    );
  });
});

describe("the headers the pipeline writes for the application", () => {
  it("replaces a request id a client sent, and drops the visitor's address, session and cache marks it sent", async () => {
    const pipeline = new RequestPipeline({ routes: await buildRoutes(), assetsPath: "/build/", pageCache: false });
    const forged: Record<string, string> = {
      [REQUEST_ID_HEADER]: "id-choisi-par-le-client",
      [VISITOR_ADDRESS_HEADER]: "203.0.113.9",
      [OWNER_SESSION_HEADER]: "oui",
      [SHARED_ANSWER_HEADER]: "/gestion",
      [RENDERED_FROM_HEADER]: "7",
    };
    const ids = new Set<string>();
    for (let request = 0; request < 3; request += 1) {
      const req = {
        url: "/offres",
        method: "GET",
        httpVersion: "1.1",
        headers: { host: "localhost:3000", ...forged },
        socket: { remoteAddress: "127.0.0.1" },
      } as unknown as IncomingMessage;
      expect(pipeline.decide(req).kind).toBe("pass");
      const id = req.headers[REQUEST_ID_HEADER];
      expect(id).toMatch(/^[0-9a-f]{12}$/);
      ids.add(String(id));
      for (const header of [VISITOR_ADDRESS_HEADER, OWNER_SESSION_HEADER, SHARED_ANSWER_HEADER, RENDERED_FROM_HEADER]) {
        expect(req.headers[header], header).not.toBe(forged[header]);
      }
    }
    expect(ids.size).toBe(3);
  });
});

describe("the page cache and the owner's pages", () => {
  const OWNER_MARK = "Se déconnecter";
  const spellings = [
    "/gestion",
    "/gestion/offres",
    "/%67estion/offres",
    "/GESTION",
    "//gestion",
    "/gestion/",
    "/gestion%2Foffres",
    "/gestion.data",
    "/gestion/offres.data",
    "/gestion;x=1",
    "/gestion/offres;jsessionid=1",
  ];

  it("keeps no owner's page, whatever its spelling, and an anonymous visitor then gets none", async () => {
    const cookie = await signIn(serverJs);
    const owner = await fetch(`${serverJs.url}/gestion/offres`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(owner.status).toBe(200);
    expect(await owner.text()).toContain(OWNER_MARK);
    expect(owner.headers.get("cache-control")).toContain("no-store");
    for (const path of spellings) {
      const answer = await fetch(`${serverJs.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      await answer.arrayBuffer();
      expect(answer.headers.get("cache-control") ?? "", path).not.toContain("public, max-age=0");
    }
    for (const path of spellings) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const anonymous = await fetch(`${serverJs.url}${path}`, { redirect: "manual" });
        const text = await anonymous.text();
        expect(text, path).not.toContain(OWNER_MARK);
      }
    }
  });

  it("shares no page asked for with a cookie, and keeps none for later visitors", async () => {
    for (const cookie of ["autre=1", "cp_toast=abc", "cp_toast=; autre=1"]) {
      const answer = await fetch(`${serverJs.url}/offres`, { headers: { Cookie: cookie } });
      await answer.arrayBuffer();
      expect(answer.headers.get("cache-control"), cookie).toBe("private, no-store");
    }
    // The emptied toast cookie (its deletion) counts as none.
    const emptied = await fetch(`${serverJs.url}/offres`, { headers: { Cookie: "cp_toast=" } });
    await emptied.arrayBuffer();
    expect(emptied.headers.get("cache-control")).toContain("public");
  });

  it("keeps a listing's orders apart: each ?tri= is a page of its own, and an unknown one leads to the page without", async () => {
    const firstCard = async (path: string) => {
      const answer = await fetch(`${serverJs.url}${path}`);
      expect(answer.headers.get("cache-control"), path).toContain("public");
      return /<h3><a href="\/offres\/([^"]+)"/.exec(await answer.text())?.[1];
    };
    // Each asked twice: the second answer is the kept page.
    for (let round = 0; round < 2; round += 1) {
      expect(await firstCard("/offres")).toBe("binance");
      expect(await firstCard("/offres?tri=montant")).toBe("boursobank");
      expect(await firstCard("/offres?cat=finance&tri=montant&page=1")).toBe("boursobank");
    }
    // What the listing cannot read is left out by a 301, never a page of its own the cache would keep.
    for (const [from, to] of [
      ["/offres?tri=prix", "/offres"],
      ["/offres?tri=", "/offres"],
      ["/offres?q=bin&tri=populaires", "/offres?q=bin"],
      ["/codes?cat=assurance&tri=montant", "/codes?tri=montant"],
      ["/codes/crypto", "/codes?cat=crypto"],
      ["/codes/paris", "/codes?cat=betting"],
      ["/codes/binance", "/offres/binance"],
    ]) {
      const answer = await fetch(`${serverJs.url}${from}`, { redirect: "manual" });
      await answer.arrayBuffer();
      expect({ status: answer.status, location: answer.headers.get("location") }, from).toEqual({
        status: 301,
        location: to,
      });
    }
  });

  it("decides from the route's row alone: a sharing header sent by a client is dropped", async () => {
    const forged = { "x-codeparrain-partage": "/gestion/connexion" };
    for (const path of ["/gestion/connexion", "/offres/binance/temoignage", "/healthz"]) {
      const answer = await fetch(`${serverJs.url}${path}`, { headers: forged, redirect: "manual" });
      await answer.arrayBuffer();
      expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const shared = await fetch(`${serverJs.url}/offres?autre=x`, { headers: { "x-codeparrain-partage": "-" } });
    await shared.arrayBuffer();
    // A query the row does not read: shared by a CDN, never kept by the server's own page cache.
    expect(shared.headers.get("cache-control")).toContain("public");
  });
});

/**
 * Behind a proxy that writes the client's port after its address (Azure App Service, IIS/ARR), each connection
 * carries another spelling of one address: both servers count it as one visitor, and one network.
 */
describe("an address a trusted proxy writes with its port", () => {
  const temps = [makeTempDir("pipeline-port-server-js"), makeTempDir("pipeline-port-remix-serve")];
  const sites: RunningSite[] = [];
  beforeAll(async () => {
    const env = (dir: string) => ({ DATA_DIR: dir, TRUST_PROXY: "loopback", HTML_CACHE: "off" });
    sites.push(
      ...(await Promise.all([startSite(env(temps[0]!.dir)), startSite(env(temps[1]!.dir), { server: "remix-serve" })])),
    );
  });
  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    for (const temp of temps) temp.cleanup();
  });

  const voteFrom = (site: RunningSite, slug: string, forwardedFor: string) =>
    postForm(site, `/offres/${slug}/avis`, { worked: "oui" }, { "X-Forwarded-For": forwardedFor });
  const summaryOn = async (site: RunningSite, slug: string) =>
    /\d+\s%\sde réussite sur \d+ avis|Pas encore assez d'avis/.exec(
      mainText(await (await fetch(`${site.url}/offres/${slug}`)).text()),
    )?.[0];

  for (const [index, server] of ["server.js", "remix-serve"].entries()) {
    it(`${server}: three connections of one address are one vote, IPv4 or IPv6; three addresses are three`, async () => {
      const site = sites[index]!;
      for (const port of [1000, 1001, 1002]) {
        expect((await voteFrom(site, "bolt", `198.19.7.7:${port}`)).status).toBe(303);
        expect((await voteFrom(site, "wise", `[2001:db8:77::1]:${port}`)).status).toBe(303);
      }
      expect(await summaryOn(site, "bolt")).toBe("Pas encore assez d'avis");
      expect(await summaryOn(site, "wise")).toBe("Pas encore assez d'avis");
      // The same three votes from three networks make a rate: what was refused above is the port alone.
      for (const address of ["198.19.8.7:1000", "198.19.9.7:1000", "[2001:db8:78::1]:1000"]) {
        expect((await voteFrom(site, "n26", address)).status).toBe(303);
      }
      expect((await summaryOn(site, "n26"))?.replace(/\s/g, " ")).toBe("100 % de réussite sur 3 avis");
    });
  }
});
