import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENCODINGS, FORM_PATHS, mainText, oversizedInit } from "../support/oversized-forms";
import { raw, expectBodyCutOffAfter30s, type RawAnswer } from "../support/raw-request";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { withSiteStarts } from "../support/timeouts";

/**
 * The same build served by `remix-serve ./build/index.js` instead of server.js: Remix's own Express server, with
 * no page cache. The build puts the same request pipeline in front of it (http/remix-serve.server.ts):
 * the attacks server.js refuses are refused here too, each visitor is told apart by the connection's address, and
 * SIGTERM closes the database and releases its folder.
 */
const temp = makeTempDir("remix-serve");
const RATE_LIMIT = 3;
const env = { DATA_DIR: temp.dir, CONTACT_RATE_LIMIT_MAX: String(RATE_LIMIT) };
afterAll(() => temp.cleanup());

const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers,
  redirect: "manual",
});
const contactFields = (extra: Record<string, string> = {}) => ({
  name: "Anne Martin",
  email: "anne@exemple.fr",
  subject: "question",
  message: `Une question envoyée sans JavaScript (${randomUUID()}).`,
  submissionId: randomUUID(),
  ...extra,
});

describe("remix-serve without TRUST_PROXY", () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite(env, { server: "remix-serve" });
  });
  afterAll(() => site?.stop());

  it("serves the pages with their content", async () => {
    const pages: [string, string][] = [
      ["/", "Notre sélection"],
      ["/offres", "Code parrainage Binance"],
      ["/offres/binance", "Code parrainage Binance"],
      ["/codes?cat=crypto", "Binance"],
      ["/contact", "Contactez-nous"],
    ];
    for (const [path, text] of pages) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toContain("text/html");
      expect(mainText(await response.text()), path).toContain(text);
    }
    expect((await fetch(`${site.url}/page-inconnue`)).status).toBe(404);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it("redirects /codes/binance to /offres/binance", async () => {
    const response = await fetch(`${site.url}/codes/binance`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location") ?? "", site.url).pathname).toBe("/offres/binance");
  });

  for (const [path, fields] of [
    ["/contact", contactFields()],
    ["/offres/binance", { name: "Paul Durand", email: "paul@exemple.fr", message: "Le code est-il encore valable ?" }],
  ] as const) {
    it(`takes a post to ${path} without JavaScript: 303, then the success toast in the page's HTML`, async () => {
      const sent = await fetch(`${site.url}${path}`, form(fields));
      await sent.arrayBuffer();
      expect(sent.status).toBe(303);
      expect(sent.headers.get("location")).toBe(path);
      const cookie = sent.headers.get("set-cookie")?.split(";")[0] ?? "";
      expect(cookie).toMatch(/^cp_toast=./);

      const page = await fetch(`${site.url}${path}`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      const withoutScripts = html.replace(/<script\b[\s\S]*?<\/script>/g, "");
      expect(withoutScripts).toMatch(/role="status"[^>]*>[\s\S]*Message envoyé\s!/);
    });
  }

  for (const path of FORM_PATHS) {
    for (const encoding of ENCODINGS) {
      it(`answers a 2 MB ${encoding} post to ${path} with the French 413 page`, async () => {
        const response = await fetch(`${site.url}${path}`, oversizedInit(encoding));
        expect(response.status).toBe(413);
        const html = await response.text();
        expect(mainText(html)).toContain("trop volumineux");
        expect(html).toContain("Le formulaire envoyé est trop volumineux.");
      });
    }
  }

  /** The security headers every answer of the site carries, refusals included. */
  const expectSecurityHeaders = (answer: RawAnswer, what: string) => {
    expect(answer.headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
    expect(answer.headers["x-content-type-options"], what).toBe("nosniff");
    expect(answer.headers["x-frame-options"], what).toBe("DENY");
    expect(answer.headers["content-type"], what).toBe("text/plain; charset=utf-8");
  };

  it("refuses what server.js refuses, in French and with the security headers, never a bare 500", async () => {
    const vote = "worked=non&reason=code-refuse";
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const cases: [name: string, init: Parameters<typeof raw>[2], status: number, text: string][] = [
      [
        "a cross-site POST",
        { method: "POST", headers: { ...form, Origin: "https://evil.example" }, body: vote },
        403,
        "Envoi refusé",
      ],
      ["Origin: null", { method: "POST", headers: { ...form, Origin: "null" }, body: vote }, 403, "Envoi refusé"],
      [
        "Sec-Fetch-Site: cross-site",
        { method: "POST", headers: { ...form, "Sec-Fetch-Site": "cross-site" }, body: vote },
        403,
        "Envoi refusé",
      ],
      [
        "a forged X-Forwarded-Host",
        {
          method: "POST",
          headers: { ...form, Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" },
          body: vote,
        },
        403,
        "Envoi refusé",
      ],
      ["TRACE", { method: "TRACE" }, 405, "Méthode non autorisée"],
      ["an invalid Host", { headers: { Host: "exemple fr" } }, 400, "Host"],
      ["a Host with a port too large", { headers: { Host: "exemple.fr:99999" } }, 400, "Host"],
    ];
    for (const [name, init, status, text] of cases) {
      const answer = await raw(site, "/offres/binance/avis", init);
      expect(answer.status, name).toBe(status);
      expect(answer.text, name).toContain(text);
      expectSecurityHeaders(answer, name);
    }
    // None of them was counted: the offer has no vote.
    const page = await fetch(`${site.url}/offres/binance`);
    expect(mainText(await page.text())).toContain("Pas encore assez d'avis");
    // A vote from the site's own page is taken.
    const own = await raw(site, "/offres/binance/avis", {
      method: "POST",
      headers: { ...form, Origin: site.url },
      body: "worked=oui",
    });
    expect(own.status).toBe(303);
  });

  it("cuts off a body sent a byte a second after 30 s, as server.js does", { timeout: 60_000 }, async () => {
    await expectBodyCutOffAfter30s(site, "/contact");
  });

  it("turns votes off when they come through a proxy TRUST_PROXY does not name, and says so in the log", async () => {
    const answer = await raw(site, "/offres/binance/avis", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.50" },
      body: "worked=non",
    });
    expect(answer.status).toBe(503);
    expect(answer.text).toContain("Les avis sont momentanément désactivés");
    // The server's log reaches this process on its own pipe, maybe after the answer.
    await expect.poll(() => site.output()).toContain("Définissez TRUST_PROXY");
  });

  it("keys a visitor through an unnamed proxy by the entry it wrote: entries made up before it escape nothing", async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= RATE_LIMIT + 1 && !statuses.includes(429); index += 1) {
      // The client writes what it likes; the proxy appends the address it saw.
      const answer = await fetch(
        `${site.url}/contact`,
        form(contactFields(), { "X-Forwarded-For": `203.0.113.${index}, 198.51.100.9` }),
      );
      statuses.push(answer.status);
      const html = await answer.text();
      if (answer.status === 429) expect(html).toContain("Trop de messages envoyés.");
    }
    expect(statuses).toContain(429);
  });
});

describe("remix-serve behind one proxy (TRUST_PROXY=1)", () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ ...env, TRUST_PROXY: "1" }, { server: "remix-serve" });
  });
  afterAll(() => site?.stop());

  const post = async (forwardedFor: string) => {
    const answer = await fetch(`${site.url}/contact`, form(contactFields(), { "X-Forwarded-For": forwardedFor }));
    await answer.arrayBuffer();
    return answer.status;
  };

  it("refuses the votes of a visitor past 30 an hour before the database, with the vote page and Retry-After", async () => {
    const voteFrom = (index: number) =>
      fetch(`${site.url}/offres/binance/avis`, {
        ...form({ worked: index % 2 ? "oui" : "non" }, { "X-Forwarded-For": "198.51.100.200, 192.0.2.30" }),
      });
    for (let index = 0; index < 30; index += 1) {
      const answer = await voteFrom(index);
      await answer.arrayBuffer();
      expect(answer.status, `vote ${index + 1}`).toBe(303);
    }
    const refused = await voteFrom(30);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await refused.text()).toContain("Trop d&#x27;avis envoyés en une heure. Veuillez réessayer plus tard.");
    // Another visitor still votes.
    const other = await fetch(`${site.url}/offres/binance/avis`, {
      ...form({ worked: "oui" }, { "X-Forwarded-For": "192.0.2.31" }),
    });
    expect(other.status).toBe(303);
  });

  it("counts an IPv6 visitor on their /64: a fresh address of the same network is the same sender", async () => {
    for (let host = 1; host <= RATE_LIMIT; host += 1) expect(await post(`2001:db8:1:2::${host}`)).toBe(303);
    expect(await post("2001:db8:1:2::ffff")).toBe(429);
    expect(await post("2001:db8:1:3::1")).toBe(303);
  });

  it("counts each visitor by the address the proxy added, whatever the visitor wrote before it", async () => {
    for (let index = 0; index < RATE_LIMIT; index += 1) {
      expect(await post(`198.51.100.${index}, 192.0.2.7`)).toBe(303);
    }
    expect(await post("198.51.100.99, 192.0.2.7")).toBe(429);
    expect(await post("192.0.2.8")).toBe(303);
  });
});

describe("remix-serve stopped with SIGTERM", () => {
  it(
    "closes the database, releases the data folder's lock and exits within 10 s",
    { timeout: withSiteStarts(1) },
    async () => {
      const own = makeTempDir("remix-serve-stop");
      try {
        const site = await startSite({ DATA_DIR: own.dir }, { server: "remix-serve" });
        expect((await fetch(`${site.url}/offres/binance`)).status).toBe(200);
        const lock = path.join(own.dir, "lock");
        expect(existsSync(lock)).toBe(true);

        const exited = new Promise<number | null>((resolve) => site.process.once("exit", (code) => resolve(code)));
        const started = Date.now();
        site.process.kill("SIGTERM");
        const code = await Promise.race([
          exited,
          new Promise<"alive">((resolve) => setTimeout(() => resolve("alive"), 10_000)),
        ]);
        expect(code).toBe(0);
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(existsSync(lock)).toBe(false);
        expect(site.output()).not.toContain("ERR_SERVER_NOT_RUNNING");
      } finally {
        own.cleanup();
      }
    },
  );
});
