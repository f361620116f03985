import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_DRAWING_SHARE } from "~/services/share-image/share-image.server";
import { improveN26, OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS, SITE_STOP_MS, TEST_MS } from "../support/timeouts";
import { newVisitors, ownNetworkAddress } from "../support/visitor-addresses";
import { until } from "../support/wait";

/**
 * The image a shared brand page or category listing shows (og:image, twitter:image): drawn by the site, named by a
 * hash of what it draws, so that a new bonus gives a new address that crawlers have not cached.
 */
const folder = makeTempDir("share-images");
let site: RunningSite;

beforeAll(async () => {
  site = await startSite({ DATA_DIR: folder.dir, TRUST_PROXY: "loopback", OWNER_PASSWORD });
}, SITE_SET_UP_MS);
afterAll(async () => {
  await site?.stop();
  folder.cleanup();
}, SITE_STOP_MS);

/** The page's og:image and twitter:image, which must agree, as a path from the site's root. */
async function imageOf(path: string): Promise<string> {
  const html = await (await fetch(`${site.url}${path}`)).text();
  const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
  const twitter = /<meta name="twitter:image" content="([^"]+)"/.exec(html)?.[1];
  expect(twitter, `${path}: twitter:image`).toBe(og);
  expect(html).toMatch(/<meta property="og:image:width" content="1200"/);
  return new URL(og).pathname;
}

/** A PNG's size, read from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Each image asked from a network of its own, unless told: one network's drawing budget is small. */
const nextAddress = newVisitors(100);

async function fetchImage(path: string, address = nextAddress()) {
  const response = await fetch(`${site.url}${path}`, { redirect: "manual", headers: { "X-Forwarded-For": address } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The site's own share image, which answers past the drawing budget. */
const DEFAULT_IMAGE = readFileSync("public/og-image.png");
const DRAWN = "public, max-age=31536000, immutable";

/** Every share image the site names: each brand page's and each category listing's. */
async function everyImage(): Promise<string[]> {
  const listing = await (await fetch(`${site.url}/offres`)).text();
  const slugs = [...new Set([...listing.matchAll(/href="\/offres\/([a-z0-9-]+)"/g)].map((match) => match[1]))];
  const menu = [...new Set([...listing.matchAll(/href="\/codes\?cat=([a-z]+)"/g)].map((match) => match[1]))];
  return Promise.all([
    ...slugs.map((slug) => imageOf(`/offres/${slug}`)),
    ...menu.map((category) => imageOf(`/codes?cat=${category}`)),
  ]);
}

/** How long the drawing of an answer held the server (its Server-Timing), or null for an image kept or refused. */
function drawingMs(response: Response): number | null {
  const duration = /(?:^|,)\s*draw;dur=([\d.]+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1];
  return duration === undefined ? null : Number(duration);
}

/** How long the site's drawing budget takes to come back from spending `ms` past it. */
const backAfter = (ms: number) => ms / SITE_DRAWING_SHARE.share;

/** How long a test may wait for the site's budget to draw an image: a drawing of 1 s on a busy machine paid back. */
const DRAWING_WAIT_MS = backAfter(1_000) + 5_000;

/** An image asked again, from a new network each time, until the site's budget lets it be drawn (or kept). */
const drawnImage = (path: string) =>
  until(
    () => fetchImage(path),
    ({ response }) => response.headers.get("Cache-Control") === DRAWN,
    { what: `${path} dessinée`, timeoutMs: DRAWING_WAIT_MS },
  );

describe("share images asked faster than the site draws them, on a site that has drawn none yet", () => {
  it(
    "draws the site's share of its time, answers its default image past it (kept a minute), then draws again",
    async () => {
      const images = await everyImage();
      // Every image at once, as a crawler of every card would ask, each from a network of its own.
      const startedAt = Date.now();
      const burst = await Promise.all(images.map((image) => fetchImage(image)));
      const elapsed = Date.now() - startedAt;
      expect(burst.map(({ response }) => response.status)).toEqual(images.map(() => 200));
      const drawings = burst.map(({ response }) => drawingMs(response)).filter((ms) => ms !== null);
      const longest = Math.max(...drawings);
      console.info(`${drawings.length} images dessinées sur ${images.length} : ${drawings.join(", ")} ms`);
      // The budget's burst and what came back meanwhile; a drawing admitted on the last of it runs past it, and the
      // time reserved for a drawing is what the longest of the last ones took, which the next may exceed.
      const budget = SITE_DRAWING_SHARE.burstMs + elapsed * SITE_DRAWING_SHARE.share;
      expect(drawings.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(budget + 2 * longest);
      const fallbacks = burst.filter(({ response }) => response.headers.get("Cache-Control") !== DRAWN);
      expect(fallbacks.length).toBeGreaterThan(images.length / 2);
      for (const { response, bytes } of fallbacks) {
        expect(response.headers.get("Content-Type")).toBe("image/png");
        expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
        expect(drawingMs(response)).toBeNull();
        expect(bytes.equals(DEFAULT_IMAGE)).toBe(true);
      }
      // The site's budget comes back: an image refused is drawn when asked again a little later.
      const refused = images[burst.indexOf(fallbacks[0]!)]!;
      const again = await until(
        () => fetchImage(refused),
        ({ response }) => response.headers.get("Cache-Control") === DRAWN,
        { what: "l'image dessinée une fois le budget revenu", timeoutMs: backAfter(2 * longest) + 5_000 },
      );
      expect(pngSize(again.bytes)).toEqual({ width: 1200, height: 630 });
      expect(drawingMs(again.response)).toBeGreaterThan(0);
    },
    TEST_MS + DRAWING_WAIT_MS,
  );
});

describe("a brand page's share image", () => {
  it(
    "is a PNG of 1200 × 630 under 300 KB, its own for each brand, kept a year, whatever the query",
    async () => {
      const n26 = await imageOf("/offres/n26");
      const boursobank = await imageOf("/offres/boursobank");
      expect(n26).toMatch(/^\/partage\/offres\/n26\/[0-9a-f]{12}\.png$/);
      expect(boursobank).not.toBe(n26);

      const first = await drawnImage(n26);
      expect(first.response.status).toBe(200);
      expect(first.response.headers.get("Content-Type")).toBe("image/png");
      expect(first.response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(pngSize(first.bytes)).toEqual({ width: 1200, height: 630 });
      expect(first.bytes.length).toBeLessThanOrEqual(300 * 1024);

      const other = await drawnImage(boursobank);
      expect(pngSize(other.bytes)).toEqual({ width: 1200, height: 630 });
      expect(other.bytes.equals(first.bytes)).toBe(false);

      const withQuery = await fetchImage(`${n26}?utm_source=whatsapp&x=1`);
      expect(withQuery.response.status).toBe(200);
      expect(withQuery.bytes.equals(first.bytes)).toBe(true);
    },
    TEST_MS + 2 * DRAWING_WAIT_MS,
  );

  it("takes a new address when the bonus changes; the old one leads to the new", async () => {
    const before = await imageOf("/offres/n26");
    const owner = { "X-Forwarded-For": ownNetworkAddress(7) };
    const cookie = await signIn(site, owner);
    expect((await improveN26(site, { ...owner, Cookie: cookie }, "N26IMAGE")).status).toBe(303);
    const after = await imageOf("/offres/n26");
    expect(after).not.toBe(before);
    const old = await fetchImage(before);
    expect(old.response.status).toBe(301);
    expect(old.response.headers.get("Location")).toBe(after);
    expect((await fetchImage(after)).response.status).toBe(200);
  });

  it("is a 404 for a brand that does not exist, and the site's default image stays on other pages", async () => {
    expect((await fetchImage("/partage/offres/inconnue/000000000000.png")).response.status).toBe(404);
    expect((await fetchImage("/partage/autre/n26/000000000000.png")).response.status).toBe(404);
    expect(await imageOf("/")).toBe("/og-image.png");
    expect(await imageOf("/codes")).toBe("/og-image.png");
  });
});

describe("a category listing's share image", () => {
  it(
    "names the category, on every page and order of its listing",
    async () => {
      const crypto = await imageOf("/codes?cat=crypto");
      expect(crypto).toMatch(/^\/partage\/codes\/crypto\/[0-9a-f]{12}\.png$/);
      expect(await imageOf("/codes?cat=crypto&tri=montant")).toBe(crypto);
      expect(await imageOf("/codes?cat=betting")).not.toBe(crypto);
      const image = await drawnImage(crypto);
      expect(pngSize(image.bytes)).toEqual({ width: 1200, height: 630 });
    },
    TEST_MS + DRAWING_WAIT_MS,
  );
});

describe("a guide's share image", () => {
  it(
    "names the guide, takes a new address when its title changes, and is a 404 once it is unpublished",
    async () => {
      const owner = { "X-Forwarded-For": ownNetworkAddress(8) };
      const cookie = await signIn(site, owner);
      const guide = { title: "Les primes des banques", slug: "", summary: "", category: "finance", body: "Texte." };
      const published = await postForm(
        site,
        "/gestion/guides/nouveau",
        { ...guide, intent: "publier" },
        {
          ...owner,
          Cookie: cookie,
        },
      );
      expect(published.status).toBe(303);
      const editPath = published.headers.get("Location") ?? "";
      await published.arrayBuffer();
      const before = await imageOf("/guides/les-primes-des-banques");
      expect(before).toMatch(/^\/partage\/guides\/les-primes-des-banques\/[0-9a-f]{12}\.png$/);
      const image = await drawnImage(before);
      expect(pngSize(image.bytes)).toEqual({ width: 1200, height: 630 });

      const form = await (await fetch(`${site.url}${editPath}`, { headers: { ...owner, Cookie: cookie } })).text();
      const version = /name="version" value="(\d+)"/.exec(form)?.[1] ?? "";
      const retitled = { ...guide, title: "Les primes des banques en ligne", slug: "les-primes-des-banques", version };
      const saved = await postForm(site, editPath, { ...retitled, intent: "publier" }, { ...owner, Cookie: cookie });
      expect(saved.status).toBe(303);
      await saved.arrayBuffer();
      const after = await imageOf("/guides/les-primes-des-banques");
      expect(after).not.toBe(before);
      expect((await fetchImage(before)).response.headers.get("Location")).toBe(after);

      const unpublished = await postForm(
        site,
        editPath,
        { ...retitled, version: String(Number(version) + 1), intent: "depublier" },
        {
          ...owner,
          Cookie: cookie,
        },
      );
      expect(unpublished.status).toBe(303);
      await unpublished.arrayBuffer();
      expect((await fetchImage(after)).response.status).toBe(404);
    },
    TEST_MS + DRAWING_WAIT_MS,
  );
});

describe("share images under a crawler", () => {
  /** The home page's timings, in ms, asked one after another while `clients` run for `ms`. */
  async function homeTimingsWhile(ms: number, clients: Array<() => Promise<unknown>>): Promise<number[]> {
    const end = performance.now() + ms;
    const loop = async (ask: () => Promise<unknown>) => {
      while (performance.now() < end) await ask();
    };
    const timings: number[] = [];
    await Promise.all([
      ...clients.map(loop),
      loop(async () => {
        const started = performance.now();
        await (await fetch(`${site.url}/`)).arrayBuffer();
        timings.push(performance.now() - started);
      }),
    ]);
    return timings;
  }

  const p95 = (timings: number[]) =>
    [...timings].sort((a, b) => a - b)[Math.floor(timings.length * 0.95)] ?? Number.POSITIVE_INFINITY;

  /** A client that asks `images` one after another, round and round, from its own network; it counts drawings. */
  const cycling = (images: string[], drawn: number[]) => {
    const address = nextAddress();
    let next = 0;
    return async () => {
      const { response } = await fetchImage(images[next++ % images.length]!, address);
      const ms = drawingMs(response);
      if (ms !== null) drawn.push(ms);
    };
  };

  it(
    "four clients cycling every image for 8 s slow the cached home page no more than four cycling five drawn ones",
    async () => {
      const images = await everyImage();
      // Five the tests above had drawn, still kept.
      const five: string[] = [];
      for (const image of images) {
        const { response } = await fetchImage(image);
        if (response.headers.get("Cache-Control") === DRAWN) five.push(image);
        if (five.length === 5) break;
      }
      expect(five).toHaveLength(5);
      // Four rounds of 2 s each way, side by side: the machine's pace drifts (other files' sites run beside this
      // one), and two figures taken seconds apart compare the clients, not the minutes.
      const calm: number[] = [];
      const crawled: number[] = [];
      const drawn: number[] = [];
      const calmClients = [1, 2, 3, 4].map(() => cycling(five, drawn));
      const crawlers = [1, 2, 3, 4].map(() => cycling(images, drawn));
      for (let round = 0; round < 4; round += 1) {
        calm.push(...(await homeTimingsWhile(2_000, calmClients)));
        crawled.push(...(await homeTimingsWhile(2_000, crawlers)));
      }
      console.info(
        `Page d'accueil, p95 : ${p95(calm).toFixed(1)} ms (5 images, ${calm.length} pages), ` +
          `${p95(crawled).toFixed(1)} ms (toutes, ${crawled.length} pages ; ${drawn.length} réponses ont attendu un dessin : ${drawn.join(", ")} ms)`,
      );
      expect(p95(crawled)).toBeLessThanOrEqual(p95(calm) * 1.5 + 10);
    },
    TEST_MS + 30_000,
  );
});
