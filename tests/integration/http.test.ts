import { readdirSync, statSync } from "node:fs";
import { EMAIL_MAX, MESSAGE_MAX, NAME_MAX } from "@contract/contact-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_OF_EACH_KIND } from "../support/pages";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";

const temp = makeTempDir("http");
let site: RunningSite;

beforeAll(async () => {
  site = await startSite({ DATA_DIR: temp.dir, SITE_URL: "https://www.exemple.fr", ...PUBLIC_IDENTITY });
});
afterAll(async () => {
  await site.stop();
  temp.cleanup();
});

const get = (path: string, init?: RequestInit) => fetch(`${site.url}${path}`, { redirect: "manual", ...init });

describe("security headers", () => {
  for (const path of PAGE_OF_EACH_KIND) {
    it(`are on the HTML answer of ${path}`, async () => {
      const response = await get(path);
      const html = await response.text();
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(response.headers.get("x-powered-by")).toBeNull();
      expect(response.headers.get("strict-transport-security")).toBeNull();
    });
  }

  it("use a new nonce for every answer, also when the page comes from the page cache", async () => {
    const nonces = new Set<string>();
    for (let index = 0; index < 3; index += 1) {
      const response = await get("/offres");
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      expect(await response.text()).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it("add no HSTS for an X-Forwarded-Proto no trusted proxy wrote (hardening-http.test.ts: with TRUST_PROXY)", async () => {
    const response = await get("/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });
});

/**
 * app/entry.server.tsx renders the document in one pass with the loader data handed to Remix's stream cache (a Remix
 * internal), splices in the offer cards it rendered once, and keeps the module preloads from competing with the
 * first paint. Each shows in the document: a Remix that changes what those rely on fails here.
 */
describe("the document as the server renders it", () => {
  const listing = async (path: string) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    return response.text();
  };

  it("carries the loader data in one script, then closes Remix's stream, at the end of the body", async () => {
    for (const path of ["/offres", "/codes?cat=crypto", "/offres/binance"]) {
      const html = await listing(path);
      const enqueued = [...html.matchAll(/window\.__remixContext\.streamController\.enqueue\((.+?)\);<\/script>/g)];
      expect(enqueued, path).toHaveLength(1);
      const data = JSON.parse(JSON.parse(enqueued[0]![1]!) as string) as unknown[];
      expect(data, path).toContain("loaderData");
      expect(html.indexOf("streamController.close();"), path).toBeGreaterThan(
        html.indexOf("streamController.enqueue("),
      );
      expect(html.startsWith("<!DOCTYPE html>"), path).toBe(true);
      expect(html.endsWith("</body></html>"), path).toBe(true);
      expect(html.match(/<\/html>/g), path).toHaveLength(1);
    }
  });

  it("holds every card of the page, rendered once and the same on every answer, with no marker left", async () => {
    const first = await listing("/offres");
    const second = await listing("/offres");
    const count = Number(/\((\d+)\)<\/span><\/h2>/.exec(first)?.[1]);
    const cards = (html: string) => html.match(/<article[\s\S]*?<\/article>/g) ?? [];
    expect(count).toBeGreaterThan(40);
    expect(cards(first)).toHaveLength(count);
    expect(cards(second)).toEqual(cards(first));
    // The markers the cards replace are comments holding the answer's nonce.
    const nonce = /<script nonce="([^"]+)"/.exec(first)?.[1] ?? "";
    expect(nonce).not.toBe("");
    expect(first).not.toContain(`<!--${nonce}-->`);
  });

  it("keeps the module preloads for hydration without fetching them before the first paint", async () => {
    const html = await listing("/offres");
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(2);
    for (const preload of preloads) expect(preload).toContain('media="not all"');
    expect(html).toMatch(/<script[^>]*type="module"[^>]*>[\s\S]*?import\("\/build\/entry\.client-/);
  });
});

describe("HTTP caching", () => {
  it("serves every file of public/ for an hour, and the build's files for a year", async () => {
    for (const file of readdirSync("public", { recursive: true, encoding: "utf8" })) {
      const path = `/${file}`;
      if (statSync(`public${path}`).isDirectory() || path.startsWith("/build/")) continue;
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("public, max-age=3600");
      await response.arrayBuffer();
    }
    const built = readdirSync("public/build").find((file) => file.endsWith(".js"));
    const asset = await get(`/build/${built}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves the larger scripts of a page with V8's compile hint, so Chromium compiles them as they download", async () => {
    const html = await (await get("/offres/binance")).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((match) => match[1] as string);
    const hinted: string[] = [];
    for (const script of new Set(scripts)) {
      const source = await (await get(script)).text();
      if (source.startsWith("//# allFunctionsCalledOnLoad\n")) hinted.push(script);
      else expect(source.length, script).toBeLessThan(4 * 1024);
    }
    // React DOM's chunk, the root and the brand page's route at least.
    expect(hinted.length).toBeGreaterThanOrEqual(3);
    expect(hinted).toContainEqual(expect.stringMatching(/^\/build\/root-/));
  });

  it("lets a CDN keep anonymous pages briefly and browsers revalidate them with an ETag (304)", async () => {
    const first = await get("/offres/binance");
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get("/offres/binance", { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // The stored copy keeps the policy whose nonce matches its scripts.
    expect(again.headers.get("content-security-policy")).toBeNull();
    const other = await get("/offres/binance", { headers: { "If-None-Match": 'W/"autre"' } });
    expect(other.status).toBe(200);
  });

  it("lets a CDN keep the data of client-side navigations briefly, never a browser's stale copy", async () => {
    const data = await get("/offres.data");
    expect(data.status).toBe(200);
    const policy = data.headers.get("cache-control") ?? "";
    expect(policy).toContain("s-maxage=60");
    expect(policy).toContain("max-age=0");
    expect(policy).not.toContain("stale-while-revalidate");
  });

  it("marks the built assets immutable for a year", async () => {
    const html = await (await get("/")).text();
    const asset = /\/build\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await get(asset ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("never shares POST answers nor answers that carry or clear the toast cookie", async () => {
    const invalid = await get("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=A&email=x&subject=&message=court",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("cache-control")).toBe("private, no-store");

    const sent = await get("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Anne",
        email: "anne@exemple.fr",
        subject: "question",
        message: "Une question générale.",
      }).toString(),
    });
    expect(sent.status).toBe(303);
    const cookie = (sent.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^cp_toast=/);
    expect(sent.headers.get("set-cookie")).toContain("Secure");

    const withToast = await get("/contact", { headers: { Cookie: cookie } });
    expect(withToast.headers.get("cache-control")).toBe("private, no-store");
    expect(withToast.headers.get("etag")).toBeNull();
    expect(await withToast.text()).toContain("Message envoyé !");
    expect(withToast.headers.get("set-cookie")).toMatch(/cp_toast=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("sets no cookie on ordinary pages", async () => {
    for (const path of ["/", "/offres", "/offres/binance", "/contact"]) {
      expect((await get(path)).headers.get("set-cookie"), path).toBeNull();
    }
  });

  it("never caches /healthz", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toContain("Disponible");
  });
});

describe("bad input", () => {
  const long = "a".repeat(10_000);
  const form = (body: string, type = "application/x-www-form-urlencoded") => ({
    method: "POST",
    headers: { "Content-Type": type },
    body,
  });
  const cases: Array<[string, RequestInit | undefined, number]> = [
    ["/offres?q=%E0%A4%A", undefined, 200],
    ["/offres?q=%", undefined, 200],
    [`/offres?q=${long}`, undefined, 200],
    [`/codes?q=${long}&cat=crypto`, undefined, 200],
    // A category the listing cannot read is left out by a 301 (never a silent default the cache would keep).
    ["/codes?cat=inconnue", undefined, 301],
    ["/codes?cat[]=crypto&q[]=bin", undefined, 200],
    ["/codes?cat=crypto&cat=finance", undefined, 301],
    ["/offres?q=<script>alert(1)</script>", undefined, 200],
    ["/offres?__proto__[x]=1", undefined, 200],
    ["/%", undefined, 400],
    ["/offres/%E0%A4%A", undefined, 400],
    ["/codes/%E0", undefined, 400],
    ["/offres/caf%C3%A9", undefined, 404],
    ["/offres/%F0%9F%98%80", undefined, 404],
    ["/offres/..%2F..%2Fetc%2Fpasswd", undefined, 404],
    // The URL standard resolves an encoded ".." like a plain one: this is the home page.
    ["/offres/%2e%2e", undefined, 200],
    ["/offres/binance%00", undefined, 404],
    ["/%00", undefined, 404],
    ["/.env", undefined, 404],
    ["/server.js", undefined, 404],
    ["/package.json", undefined, 404],
    ["/build/../server.js", undefined, 404],
    ["/offres/", undefined, 301],
    ["/offres/binance/", undefined, 301],
    ["/OFFRES", undefined, 301],
    ["/Offres/Binance", undefined, 301],
    ["/offres/cryptocom", undefined, 301],
    ["/codes/binance", undefined, 301],
    ["/offres/" + "x".repeat(2_000), undefined, 404],
    ["/offres", { method: "PUT" }, 405],
    ["/offres", { method: "DELETE" }, 405],
    ["/offres", { method: "PATCH" }, 405],
    ["/offres", { method: "OPTIONS" }, 405],
    ["/offres", form("q=bin"), 405],
    ["/", form("a=b"), 405],
    ["/contact", { method: "PUT", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=b" }, 405],
    ["/contact", form("{}", "application/json"), 415],
    ["/contact", form("<xml/>", "text/xml"), 415],
    ["/contact", { method: "POST", body: "name=Anne" }, 415],
    ["/contact", form(`message=${"x".repeat(100_000)}`), 413],
    ["/offres/binance", form(`message=${"x".repeat(100_000)}`), 413],
    ["/offres/binance", form("{}", "application/json"), 415],
    ["/offres/inconnue", form("name=Anne&email=anne@exemple.fr&message=Une question ici"), 404],
    ["/contact", form("name=%E0%A4%A&email=%&message=%%%"), 400],
    ["/contact", form("name=Anne&name=Bob&email=anne@exemple.fr&subject=question&message=Deux noms envoyés."), 400],
    ["/contact", form("", "multipart/form-data; boundary=nope"), 400],
    ["/contact", { headers: { Cookie: "cp_toast=falsifié.signature" } }, 200],
    ["/contact", { headers: { Cookie: "cp_toast=%%%%; autre=1" } }, 200],
    ["/", { headers: { "If-None-Match": "*".repeat(5_000) } }, 200],
  ];

  it(`answers each of ${cases.length} odd requests with a 4xx or the right page, never a 5xx, and stays up`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const failures: string[] = [];
    for (const [path, init, expected] of cases) {
      const response = await get(path, init);
      await response.arrayBuffer();
      if (response.status !== expected)
        failures.push(`${init?.method ?? "GET"} ${path.slice(0, 60)}: ${response.status} (attendu ${expected})`);
    }
    expect(failures).toEqual([]);
    expect(site.alive()).toBe(true);
    expect((await get("/healthz")).status).toBe(200);
  });

  it("ignores a tampered toast cookie: no toast, the cookie is cleared", async () => {
    const response = await get("/contact", { headers: { Cookie: "cp_toast=eyJ0b2FzdCI6ImhhY2sifQ.fausse-signature" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("hack");
    expect(response.headers.get("set-cookie")).toMatch(/cp_toast=;/);
  });

  it("escapes what a visitor types into the search", async () => {
    const html = await (await get("/offres?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")).text();
    expect(html).not.toContain("<script>alert(1)</script>");
  });
});

describe("message forms", () => {
  const attributesOf = (html: string, tag: string, name: string) =>
    (new RegExp(`<${tag}\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? "").toLowerCase();

  for (const path of ["/contact", "/offres/binance"]) {
    it(`on ${path} take their length limits from the message contract`, async () => {
      const page = await (await get(path)).text();
      // The message form only: a brand page has the testimonial form too, with fields of its own.
      const html = new RegExp(`<form\\b[^>]*action="${path}[#"][^>]*>[\\s\\S]*?</form>`).exec(page)?.[0] ?? "";
      expect(attributesOf(html, "input", "name")).toContain(`maxlength="${NAME_MAX}"`);
      expect(attributesOf(html, "input", "email")).toContain(`maxlength="${EMAIL_MAX}"`);
      expect(attributesOf(html, "textarea", "message")).toContain(`maxlength="${MESSAGE_MAX}"`);
    });
  }
});
