import { expect, test } from "@playwright/test";
import { PROMISED_BRAND_SLUGS, SERVER_HTML_ONLY, sitemapPaths } from "./helpers";
import { BROWSER_TEST_MS } from "../support/timeouts";

/** Runs `task` over `items`, a few at a time. */
async function inBatches<T>(items: readonly T[], size: number, task: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(task));
  }
}

const decodeHtml = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** The href of every <a> element of an HTML document. */
function anchorHrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => decodeHtml(match[1]!));
}

test(
  "every address of the sitemap answers, and every brand page has its heading",
  SERVER_HTML_ONLY,
  async ({ request, baseURL }) => {
    test.setTimeout(90_000);
    const paths = await sitemapPaths(request, baseURL!);
    expect(paths).toEqual(expect.arrayContaining(["/", "/offres", "/codes", "/contact"]));
    // Every brand the site promises a page for is listed.
    for (const slug of PROMISED_BRAND_SLUGS)
      expect(paths, `the sitemap lists /offres/${slug}`).toContain(`/offres/${slug}`);
    expect(new Set(paths).size, "no address is listed twice").toBe(paths.length);

    const failures: string[] = [];
    await inBatches(paths, 8, async (path) => {
      const response = await request.get(path, { maxRedirects: 0 });
      if (response.status() !== 200) {
        failures.push(`${path}: HTTP ${response.status()}`);
        return;
      }
      if (path.startsWith("/offres/")) {
        const html = await response.text();
        const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
        if (!h1) failures.push(`${path}: no <h1>`);
        else if (!/^Code parrainage \S/.test(decodeHtml(h1[1]!.replace(/<[^>]+>/g, ""))))
          failures.push(`${path}: <h1> reads "${h1[1]}"`);
      }
    });
    expect(failures, failures.join("\n")).toEqual([]);
  },
);

test(
  "every internal link of every page leads to a page that answers 200",
  SERVER_HTML_ONLY,
  async ({ request, baseURL }) => {
    test.setTimeout(2 * BROWSER_TEST_MS);
    const origin = new URL(baseURL!).origin;
    const brandPages = (await sitemapPaths(request, baseURL!)).filter((path) => path.startsWith("/offres/"));
    expect(brandPages.length).toBeGreaterThanOrEqual(PROMISED_BRAND_SLUGS.length);
    const pages = [
      "/",
      "/offres",
      "/codes",
      "/contact",
      "/mentions-legales",
      "/comment-sont-recueillis-les-avis",
      "/comment-les-offres-sont-classees",
      ...brandPages,
    ];

    /** Internal link target (path and query, no fragment) -> the pages that link to it. */
    const linkedFrom = new Map<string, Set<string>>();
    await inBatches(pages, 8, async (page) => {
      const response = await request.get(page);
      expect(response.status(), `${page} answers`).toBe(200);
      for (const href of anchorHrefs(await response.text())) {
        const url = new URL(href, `${origin}${page}`);
        if (url.origin !== origin) continue;
        const target = `${url.pathname}${url.search}`;
        if (!linkedFrom.has(target)) linkedFrom.set(target, new Set());
        linkedFrom.get(target)!.add(page);
      }
    });

    // The crawl did see the site's navigation, its category tabs and its cards.
    const targets = [...linkedFrom.keys()];
    expect(targets).toEqual(
      expect.arrayContaining([
        "/",
        "/offres",
        "/contact",
        "/mentions-legales",
        "/comment-sont-recueillis-les-avis",
        "/comment-les-offres-sont-classees",
        "/codes?cat=betting",
        "/offres/binance",
        "/offres?cat=crypto",
        "/offres/binance/lien",
      ]),
    );

    const failures: string[] = [];
    await inBatches(targets, 8, async (target) => {
      // A referral link goes through the site, which answers with a redirect to the offer's own https link.
      if (target.endsWith("/lien")) {
        const follow = await request.get(target, { maxRedirects: 0 });
        if (follow.status() !== 302 || !follow.headers().location?.startsWith("https://")) {
          failures.push(`${target} -> HTTP ${follow.status()} ${follow.headers().location ?? ""}`);
        }
        return;
      }
      const response = await request.get(target);
      if (response.status() !== 200) {
        failures.push(
          `${target} -> HTTP ${response.status()} (linked from ${[...linkedFrom.get(target)!].slice(0, 3).join(", ")})`,
        );
      }
    });
    expect(failures, failures.join("\n")).toEqual([]);
  },
);
