import { describe, expect, it } from "vitest";
import { SITEMAP_MAX_URLS, sitemapFiles, sitemapIndexXml, urlsetXml } from "~/catalogue/sitemap";

const SITE = "https://codeparrain.fr";
/** The protocol's other limit: 50 MB uncompressed per file. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

describe("the sitemap", () => {
  it("is one file of every address below the protocol's limit", () => {
    const paths = Array.from({ length: SITEMAP_MAX_URLS }, (_, n) => `/offres/marque-${n}`);
    expect(sitemapFiles(paths)).toEqual([paths]);
    const xml = urlsetXml(SITE, ["/", "/offres?q=a&b"]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://codeparrain.fr/offres?q=a&amp;b</loc></url>");
  });

  it("past 50 000 addresses, is split into files within the protocol's limits, named by an index", () => {
    const paths = Array.from({ length: 100_050 }, (_, n) => `/offres/marque-synthetique-${n}`);
    const files = sitemapFiles(paths);
    expect(files.map((file) => file.length)).toEqual([50_000, 50_000, 50]);
    expect(files.flat()).toEqual(paths);
    for (const file of files) expect(Buffer.byteLength(urlsetXml(SITE, file))).toBeLessThan(MAX_FILE_BYTES);

    const index = sitemapIndexXml(SITE, files.length);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((match) => match[1])).toEqual([
      "https://codeparrain.fr/sitemap/1.xml",
      "https://codeparrain.fr/sitemap/2.xml",
      "https://codeparrain.fr/sitemap/3.xml",
    ]);
  });
});
