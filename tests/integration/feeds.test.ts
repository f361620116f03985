import { parseFeed } from "@rowanmanning/feed-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { improveN26, OWNER_PASSWORD, signIn } from "../support/back-office";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS, SITE_STOP_MS, TEST_MS } from "../support/timeouts";
import { ownNetworkAddress } from "../support/visitor-addresses";
import { sleep, until } from "../support/wait";

/**
 * The Atom feeds, read with a real feed parser: an offer the owner improves is an entry of the feed of all offers and
 * of its category's, not of another's; each answer names its ETag and Last-Modified, and a reader that sends them
 * back gets a 304.
 */
const folder = makeTempDir("flux");
let site: RunningSite;

beforeAll(async () => {
  site = await startSite({
    DATA_DIR: folder.dir,
    SITE_URL: "https://www.exemple.fr",
    ...PUBLIC_IDENTITY,
    SESSION_SECRET: "un-secret-pour-les-tests-des-flux-0123456789",
    TRUST_PROXY: "loopback",
    OWNER_PASSWORD,
  });
}, SITE_SET_UP_MS);
afterAll(async () => {
  await site?.stop();
  folder.cleanup();
}, SITE_STOP_MS);

const feed = (path: string, headers: Record<string, string> = {}) => fetch(`${site.url}${path}`, { headers });

/** Polls the feed until an entry's title matches; fails past a few seconds. */
async function entryTitled(path: string, title: RegExp) {
  const started = Date.now();
  for (;;) {
    const parsed = parseFeed(await (await feed(path)).text());
    const entry = parsed.items.find((item) => title.test(item.title ?? ""));
    if (entry || Date.now() - started > 5_000) return { parsed, entry };
    await sleep(100);
  }
}

describe("the Atom feeds", () => {
  it("start valid and empty: what the site showed before it kept a history is no news", async () => {
    const response = await feed("/flux/offres.atom");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const parsed = parseFeed(await response.text());
    expect(parsed.title).toBe("CodeParrain : offres nouvelles et améliorées (toutes les offres)");
    expect(parsed.self).toBe("https://www.exemple.fr/flux/offres.atom");
    expect(parsed.items).toEqual([]);
    expect((await feed("/flux/inconnue.atom")).status).toBe(404);
    expect((await feed("/flux/finance.rss")).status).toBe(404);
  });

  it(
    "list an offer the owner improves, in its category's feed and not another's, and stay valid",
    async () => {
      const cookie = await signIn(site, { "X-Forwarded-For": ownNetworkAddress(1) });
      const saved = await improveN26(site, { Cookie: cookie, "X-Forwarded-For": ownNetworkAddress(1) }, "N26FLUX");
      expect(saved.status).toBe(303);
      const { entry } = await entryTitled("/flux/offres.atom", /^Offre améliorée\s: N26/);
      expect(entry?.title).toBe("Offre améliorée : N26, 20\u00a0€");
      expect(entry?.url).toBe("https://www.exemple.fr/offres/n26");
      expect(entry?.content).toContain("20\u00a0€ (avant : 15\u00a0€)");
      expect(entry?.content).toContain("Ouverture du compte avec le code de parrainage");
      expect((await entryTitled("/flux/finance.atom", /N26/)).entry).toBeDefined();
      const crypto = parseFeed(await (await feed("/flux/crypto.atom")).text());
      expect(crypto.items.map((item) => item.title)).not.toContain(entry?.title);
    },
    TEST_MS,
  );

  it("are announced by the pages that list their offers, and linked from every page's footer", async () => {
    const alternate = async (path: string) => {
      const html = await (await fetch(`${site.url}${path}`)).text();
      return [
        ...html.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]+)" href="([^"]+)"/g),
      ].map((match) => [match[1]?.replaceAll("&#x27;", "'"), match[2]]);
    };
    const everyOffer = [
      "CodeParrain : offres nouvelles et améliorées (toutes les offres)",
      "https://www.exemple.fr/flux/offres.atom",
    ];
    expect(await alternate("/")).toEqual([everyOffer]);
    expect(await alternate("/offres")).toEqual([everyOffer]);
    expect(await alternate("/codes?cat=crypto")).toEqual([
      ["CodeParrain : offres nouvelles et améliorées (Crypto)", "https://www.exemple.fr/flux/crypto.atom"],
    ]);
    for (const [, href] of [...(await alternate("/")), ...(await alternate("/codes?cat=crypto"))]) {
      expect((await feed(new URL(href!).pathname)).status).toBe(200);
    }
    const contact = await (await fetch(`${site.url}/contact`)).text();
    expect(contact).toContain('<a href="/flux/offres.atom" type="application/atom+xml"');
  });

  it("answer a reader's current copy with a 304, by its ETag or by its date", async () => {
    const first = await feed("/flux/offres.atom");
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
    expect((await feed("/flux/offres.atom", { "If-None-Match": etag })).status).toBe(304);
    expect((await feed("/flux/offres.atom", { "If-None-Match": `"autre", W/${etag}` })).status).toBe(304);
    expect((await feed("/flux/offres.atom", { "If-Modified-Since": lastModified })).status).toBe(304);
    expect((await feed("/flux/offres.atom", { "If-None-Match": '"autre"' })).status).toBe(200);
    const older = new Date(new Date(lastModified).getTime() - 60_000).toUTCString();
    expect((await feed("/flux/offres.atom", { "If-Modified-Since": older })).status).toBe(200);
  });

  it(
    "move Last-Modified forward, never back, when an entry leaves, so that a reader sending only the date hears of it",
    async () => {
      const owner = { Cookie: await signIn(site, { "X-Forwarded-For": ownNetworkAddress(2) }) };
      expect((await improveN26(site, owner, "N26FLUX")).status).toBe(303);
      await entryTitled("/flux/offres.atom", /^Offre améliorée\s: N26/);
      const before = await feed("/flux/offres.atom");
      const lastModified = before.headers.get("last-modified") ?? "";
      await before.arrayBuffer();
      // The owner withdraws the offer until next year: its entry leaves the feed.
      const withdraw = (startsOn: string) => improveN26(site, owner, "N26FLUX", { starts_on: startsOn });
      try {
        expect((await withdraw(`${new Date().getFullYear() + 1}-01-01`)).status).toBe(303);
        const after = await until(
          async () => {
            const answer = await feed("/flux/offres.atom", { "If-Modified-Since": lastModified });
            return {
              status: answer.status,
              modified: answer.headers.get("last-modified") ?? "",
              xml: await answer.text(),
            };
          },
          (answer) => answer.status === 200 && !answer.xml.includes("N26"),
          { what: "le flux sans l'offre retirée, pour un lecteur qui n'envoie que la date" },
        );
        expect(Date.parse(after.modified)).toBeGreaterThan(Date.parse(lastModified));
      } finally {
        expect((await withdraw("")).status).toBe(303);
      }
    },
    TEST_MS,
  );
});
