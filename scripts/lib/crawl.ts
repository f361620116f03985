/**
 * How many clicks each brand page is from a start page for a visitor without JavaScript: a breadth-first walk of
 * the site's `<a href>` links, reading every page up to `maxDepth` clicks (brand pages are counted, not read), until
 * `brands` brand pages are reached.
 */
export interface CrawlFigures {
  /** Clicks from the start to each brand page reached, by slug. */
  depths: Map<string, number>;
  /** Pages read. */
  pagesRead: number;
}

const BRAND_PAGE = /^\/offres\/([a-z0-9-]+)$/;
/** Not pages a visitor browses to: the back office, files, the build's assets. */
const NOT_A_PAGE =
  /^\/(gestion|build\/|sitemap|robots)|^\/offres\/[^/]+\/(lien|vue|copie)$|\.(png|svg|ico|webmanifest|xml|txt|css|js)$/;

export async function crawlBrandDepths(
  baseUrl: string,
  {
    start,
    maxDepth,
    brands,
  }: { start: string; maxDepth: number; /** Stops once this many are reached. */ brands: number },
): Promise<CrawlFigures> {
  const depths = new Map<string, number>();
  const seen = new Set([start]);
  let frontier = [start];
  let pagesRead = 0;
  for (let depth = 0; depth < maxDepth && frontier.length > 0 && depths.size < brands; depth += 1) {
    const next: string[] = [];
    for (const page of frontier) {
      const response = await fetch(`${baseUrl}${page}`);
      const html = await response.text();
      pagesRead += 1;
      if (!response.ok) continue;
      for (const [, raw] of html.matchAll(/<a\b[^>]*\bhref="([^"#]+)"/g)) {
        const href = (raw ?? "").replace(/&amp;/g, "&");
        if (!href.startsWith("/") || href.startsWith("//") || NOT_A_PAGE.test(href.split("?")[0] ?? "")) continue;
        const slug = BRAND_PAGE.exec(href)?.[1];
        if (slug) {
          if (!depths.has(slug)) depths.set(slug, depth + 1);
        } else if (!seen.has(href)) {
          seen.add(href);
          next.push(href);
        }
      }
    }
    frontier = next;
  }
  return { depths, pagesRead };
}
