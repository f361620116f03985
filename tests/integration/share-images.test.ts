import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WAITING_DRAWINGS } from "~/services/share-image/share-image.server";
import { improveN26, OWNER_PASSWORD, signIn } from "../support/back-office";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS, SITE_STOP_MS } from "../support/timeouts";
import { ownNetworkAddress } from "../support/visitor-addresses";

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

async function fetchImage(path: string) {
  const response = await fetch(`${site.url}${path}`, { redirect: "manual" });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("a brand page's share image", () => {
  it("is a PNG of 1200 × 630 under 300 KB, its own for each brand, kept a year, whatever the query", async () => {
    const n26 = await imageOf("/offres/n26");
    const boursobank = await imageOf("/offres/boursobank");
    expect(n26).toMatch(/^\/partage\/offres\/n26\/[0-9a-f]{12}\.png$/);
    expect(boursobank).not.toBe(n26);

    const first = await fetchImage(n26);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("Content-Type")).toBe("image/png");
    expect(first.response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(pngSize(first.bytes)).toEqual({ width: 1200, height: 630 });
    expect(first.bytes.length).toBeLessThanOrEqual(300 * 1024);

    const other = await fetchImage(boursobank);
    expect(pngSize(other.bytes)).toEqual({ width: 1200, height: 630 });
    expect(other.bytes.equals(first.bytes)).toBe(false);

    const withQuery = await fetchImage(`${n26}?utm_source=whatsapp&x=1`);
    expect(withQuery.response.status).toBe(200);
    expect(withQuery.bytes.equals(first.bytes)).toBe(true);
  });

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
  it("names the category, on every page and order of its listing", async () => {
    const crypto = await imageOf("/codes?cat=crypto");
    expect(crypto).toMatch(/^\/partage\/codes\/crypto\/[0-9a-f]{12}\.png$/);
    expect(await imageOf("/codes?cat=crypto&tri=montant")).toBe(crypto);
    expect(await imageOf("/codes?cat=betting")).not.toBe(crypto);
    const image = await fetchImage(crypto);
    expect(pngSize(image.bytes)).toEqual({ width: 1200, height: 630 });
  });
});

describe("a burst of share images", () => {
  it("draws what fits in the wait, answers 503 with Retry-After past it, and draws the rest when asked again", async () => {
    const listing = await (await fetch(`${site.url}/offres`)).text();
    const slugs = [...new Set([...listing.matchAll(/href="\/offres\/([a-z0-9-]+)"/g)].map((match) => match[1]))];
    const brands = slugs.slice(0, MAX_WAITING_DRAWINGS * 2);
    expect(brands.length).toBe(MAX_WAITING_DRAWINGS * 2);
    const images = await Promise.all(brands.map((slug) => imageOf(`/offres/${slug}`)));

    // Every image at once, as a client crawling every brand's card would ask; one of them twice.
    const burst = await Promise.all([...images, images[0] ?? ""].map((image) => fetchImage(image)));
    const statuses = burst.map(({ response }) => response.status);
    expect(
      statuses.every((status) => status === 200 || status === 503),
      statuses.join(" "),
    ).toBe(true);
    const refused = burst.filter(({ response }) => response.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(MAX_WAITING_DRAWINGS);
    for (const { response } of refused) {
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }

    // Asked again one at a time, each refused image is drawn.
    for (const [index, { response }] of burst.entries()) {
      if (response.status !== 503) continue;
      const again = await fetchImage([...images, images[0] ?? ""][index] ?? "");
      expect(again.response.status).toBe(200);
      expect(pngSize(again.bytes)).toEqual({ width: 1200, height: 630 });
    }
  });
});
