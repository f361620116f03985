import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { OWNER_PASSWORD, signIn } from "../support/back-office";
import { startSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { withSiteStarts } from "../support/timeouts";
import { inOneNetwork, ownNetworkAddress } from "../support/visitor-addresses";

/**
 * The audience counts against the production build: what counts once, what counts not at all, what the follow
 * redirect refuses, and that nothing counted is lost when the server stops, under server.js and remix-serve. The
 * totals are read from the data folder once the server has stopped.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const folders: (() => void)[] = [];
afterAll(() => folders.forEach((cleanup) => cleanup()));

interface Totals {
  views: number;
  copies: number;
  follows: number;
}

/** Runs `visit` against a fresh site, stops it (SIGTERM) at once, and gives the stored totals per offer. */
async function countsAfter(
  visit: (
    get: (path: string, from: string, headers?: Record<string, string>) => Promise<Response>,
    url: string,
  ) => Promise<void>,
  server: "server.js" | "remix-serve" = "server.js",
): Promise<Record<string, Totals>> {
  const temp = makeTempDir("audience");
  folders.push(temp.cleanup);
  const site = await startSite({ DATA_DIR: temp.dir, TRUST_PROXY: "loopback" }, { server });
  try {
    // The database is ready before anything is counted.
    expect((await fetch(`${site.url}/offres`)).status).toBe(200);
    await visit(
      (path, from, headers = {}) =>
        fetch(`${site.url}${path}`, {
          redirect: "manual",
          headers: { "User-Agent": BROWSER, "X-Forwarded-For": from, Origin: site.url, ...headers },
          method: path.endsWith("/copie") ? "POST" : "GET",
        }),
      site.url,
    );
  } finally {
    await site.stop();
  }
  const db = await PGlite.create(`${temp.dir}/pgdata`);
  try {
    const { rows } = await db.query<Totals & { offer_slug: string }>(
      "select offer_slug, views, copies, follows from public.offer_daily_counts",
    );
    return Object.fromEntries(rows.map(({ offer_slug, ...totals }) => [offer_slug, totals]));
  } finally {
    await db.close();
  }
}

describe("the audience counts", () => {
  it(
    "count a follow, a copy and a view once per network and day; bots and prefetches not at all",
    { timeout: withSiteStarts(1) },
    async () => {
      const counts = await countsAfter(async (get) => {
        // A follow: a 302 to the offer's own link, never stored, never indexed.
        const follow = await get("/offres/bolt/lien", ownNetworkAddress(1));
        expect(follow.status).toBe(302);
        expect(follow.headers.get("Location")).toBe("https://bolt.eu/fr-fr/");
        expect(follow.headers.get("Cache-Control")).toContain("no-store");
        expect(follow.headers.get("X-Robots-Tag")).toBe("noindex");
        // The same visitor again, and a neighbour in the same /48: one network, counted once.
        await get("/offres/bolt/lien", ownNetworkAddress(1));
        await get("/offres/binance/lien", inOneNetwork("2001:db8:5", 1));
        await get("/offres/binance/lien", inOneNetwork("2001:db8:5", 2));
        await get("/offres/binance/lien", ownNetworkAddress(2));
        // A copy, twice from one network.
        expect((await get("/offres/bolt/copie", ownNetworkAddress(3))).status).toBe(204);
        await get("/offres/bolt/copie", ownNetworkAddress(3));
        // Bots and prefetches count nothing.
        await get("/offres/coinbase/lien", ownNetworkAddress(4), {
          "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
        });
        await get("/offres/coinbase/vue", ownNetworkAddress(5), { "Sec-Purpose": "prefetch;prerender" });
        await get("/offres/coinbase/lien", ownNetworkAddress(6), { Purpose: "prefetch" });
        // Nor a client that says nothing of itself, nor a data request no page of the site makes.
        expect((await get("/offres/coinbase/lien", ownNetworkAddress(7), { "User-Agent": "" })).status).toBe(302);
        expect((await get("/offres/coinbase/lien.data", ownNetworkAddress(8))).status).toBe(404);
        expect((await get("/offres/coinbase/vue", ownNetworkAddress(9), { "User-Agent": " " })).status).toBe(200);
      });
      expect(counts).toEqual({
        bolt: { views: 0, copies: 1, follows: 1 },
        binance: { views: 0, copies: 0, follows: 2 },
      });
    },
  );

  it("count two views of a page served twice from the page cache", { timeout: withSiteStarts(1) }, async () => {
    const counts = await countsAfter(async (get) => {
      for (const visitor of [10, 11]) {
        const page = await get("/offres/fortuneo", ownNetworkAddress(visitor));
        expect(page.status).toBe(200);
        // The view is the image the page asks for by itself: never stored, so a cached page still counts.
        const pixel = /<img src="(\/offres\/fortuneo\/vue)"/.exec(await page.text())?.[1] ?? "";
        const image = await get(pixel, ownNetworkAddress(visitor));
        expect(image.headers.get("Content-Type")).toBe("image/gif");
        expect(image.headers.get("Cache-Control")).toContain("no-store");
      }
    });
    expect(counts).toEqual({ fortuneo: { views: 2, copies: 0, follows: 0 } });
  });

  it(
    "redirect to the offer's own link only: no parameter, no expired or unknown offer, no other host",
    { timeout: withSiteStarts(1) },
    async () => {
      const counts = await countsAfter(async (get, url) => {
        for (const path of [
          "/offres/bolt/lien?url=https://attaquant.example",
          "/offres/revolut/lien",
          "/offres/inconnue/lien",
          "/offres/https:%2F%2Fattaquant.example/lien",
        ]) {
          const answer = await get(path, ownNetworkAddress(20));
          expect(answer.status, path).toBe(404);
          expect(answer.headers.get("Location"), path).toBeNull();
          expect(answer.headers.get("X-Robots-Tag"), path).toBe("noindex");
          // The site's 404 page, which leads back to the offer's own page when it is listed.
          const page = await answer.text();
          expect(page, path).toContain("<h1");
          expect(page, path).toContain("Offre introuvable");
          if (path === "/offres/revolut/lien") {
            expect(page).toContain("L&#x27;offre de parrainage Revolut a expiré : son lien n&#x27;est plus proposé.");
            expect(page).toContain('href="/offres/revolut"');
          }
        }
        // An address spelled otherwise is sent to the site's own canonical address first, never elsewhere.
        for (const path of ["//offres/bolt/lien", "/offres/%62olt/lien", "/OFFRES/BOLT/LIEN"]) {
          const answer = await get(path, ownNetworkAddress(21));
          expect(answer.status, path).toBe(301);
          expect(new URL(answer.headers.get("Location") ?? "", url).href, path).toBe(`${url}/offres/bolt/lien`);
        }
        expect(
          (await get("/offres/bolt/copie", ownNetworkAddress(22), { Origin: "https://attaquant.example" })).status,
        ).toBe(403);
      });
      expect(counts).toEqual({});
    },
  );

  for (const server of ["server.js", "remix-serve"] as const) {
    it(`keep what was counted when ${server} stops at once (SIGTERM)`, { timeout: withSiteStarts(1) }, async () => {
      const counts = await countsAfter(async (get) => {
        await get("/offres/boursobank/lien", ownNetworkAddress(30));
        await get("/offres/boursobank/vue", ownNetworkAddress(30));
      }, server);
      expect(counts).toEqual({ boursobank: { views: 1, copies: 0, follows: 1 } });
    });
  }

  it(
    "show the owner the counts, in figures, charts and CSV, and visitors a rounded figure",
    { timeout: withSiteStarts(2) },
    async () => {
      const temp = makeTempDir("audience-gestion");
      folders.push(temp.cleanup);
      const env = { DATA_DIR: temp.dir, TRUST_PROXY: "loopback", OWNER_PASSWORD };
      const visitor = await startSite(env);
      try {
        for (let network = 40; network < 50; network += 1) {
          for (const slug of ["bolt", "unibet"]) {
            await fetch(`${visitor.url}/offres/${slug}/lien`, {
              redirect: "manual",
              headers: { "User-Agent": BROWSER, "X-Forwarded-For": ownNetworkAddress(network) },
            });
          }
        }
        await fetch(`${visitor.url}/offres/bolt/vue`, {
          headers: { "User-Agent": BROWSER, "X-Forwarded-For": ownNetworkAddress(40) },
        });
      } finally {
        await visitor.stop();
      }
      const site = await startSite(env);
      try {
        const cookie = await signIn(site);
        const page = await (
          await fetch(`${site.url}/gestion/statistiques?periode=7&tri=follows`, { headers: { Cookie: cookie } })
        ).text();
        const bolt = page.split("<li").find((item) => item.includes(">Bolt<")) ?? "";
        expect(bolt).toMatch(/Affichages<\/dt><dd[^>]*>1<\/dd>/);
        expect(bolt).toMatch(/Clics<\/dt><dd[^>]*>10<\/dd>/);
        expect(bolt).toContain("1\u202f000\u202f%");
        expect(bolt).toContain("Clics par jour sur Bolt : 10 clics en tout, au plus 10 par jour, sur 7 jours");
        // The offer with the most follows comes first; the site's chart says the same total.
        expect(page.indexOf(">Bolt<")).toBeLessThan(page.indexOf(">Binance<"));
        expect(page).toContain("Clics par jour sur tout le site : 20 clics en tout");
        const csv = await fetch(`${site.url}/gestion/statistiques.csv?periode=7`, { headers: { Cookie: cookie } });
        expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
        expect(await csv.text()).toMatch(/^"\d{4}-\d{2}-\d{2}","bolt","Bolt","1","0","10"\r$/m);
        // Visitors see the rounded figure on the card and the brand page; never on a betting offer.
        for (const path of ["/offres/bolt", "/offres?q=bolt"]) {
          expect(await (await fetch(`${site.url}${path}`)).text(), path).toContain(
            "Lien suivi 10 fois ces 30 derniers jours",
          );
        }
        expect(await (await fetch(`${site.url}/offres/unibet`)).text()).not.toContain("Lien suivi");
        // "À compléter" on the back office's first page: the one viewed offer first, each a link to its edit page.
        const home = await (await fetch(`${site.url}/gestion`, { headers: { Cookie: cookie } })).text();
        const toComplete = /<section aria-labelledby="a-completer".*?<\/section>/s.exec(home)?.[0] ?? "";
        expect(toComplete).toMatch(/^<section[^>]*><h2[^>]*>À compléter<\/h2>/);
        const first = /<li[^>]*>(.*?)<\/li>/s.exec(toComplete)?.[1] ?? "";
        expect(/href="([^"]+)"/.exec(first)?.[1]).toBe("/gestion/offres/bolt");
        expect(first.replace(/<[^>]*>/g, "")).toBe(
          "Bolt : code et lien à la place des exemples, montant, vérification · 1 vue",
        );
        // Without a session: the sign-in page, never the figures.
        const stranger = await fetch(`${site.url}/gestion/statistiques.csv`, { redirect: "manual" });
        expect(stranger.status).toBe(303);
      } finally {
        await site.stop();
      }
    },
  );
});
