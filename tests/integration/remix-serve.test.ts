import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENCODINGS, FORM_PATHS, mainText, oversizedInit } from "../support/oversized-forms";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";

/**
 * The same build served by `remix-serve ./build/index.js` instead of server.js: Remix's own Express server, with
 * no load context (so no visitor address), no page cache and none of server.js's guards.
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
      ["/", "Les offres populaires"],
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
    ["/offres/binance", { name: "Paul Durand", email: "paul@exemple.fr", message: "Le code est-il encore valable ?" }],
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
      expect(withoutScripts).toMatch(/role="status"[^>]*>[\s\S]*Message envoyé !/);
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

  it("gives every visitor one shared rate-limit budget: a made-up X-Forwarded-For does not escape it", async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= RATE_LIMIT + 1 && !statuses.includes(429); index += 1) {
      const answer = await fetch(
        `${site.url}/contact`,
        form(contactFields(), { "X-Forwarded-For": `203.0.113.${index}` }),
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

  it("counts each visitor by the address the proxy added, whatever the visitor wrote before it", async () => {
    for (let index = 0; index < RATE_LIMIT; index += 1) {
      expect(await post(`198.51.100.${index}, 192.0.2.7`)).toBe(303);
    }
    expect(await post("198.51.100.99, 192.0.2.7")).toBe(429);
    expect(await post("192.0.2.8")).toBe(303);
  });
});
