/** The protocol's limit of addresses in one sitemap file (sitemaps.org); the other, 50 MB, is far off at this size. */
export const SITEMAP_MAX_URLS = 50_000;

/** Where the files of a split sitemap are: /sitemap/1.xml, /sitemap/2.xml… */
export const sitemapFilePath = (number: number) => `/sitemap/${number}.xml`;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** The site's addresses in files of at most `max` each: one file below the limit, several (for an index) above. */
export function sitemapFiles(paths: readonly string[], max = SITEMAP_MAX_URLS): string[][] {
  const files: string[][] = [];
  for (let start = 0; start < paths.length; start += max) files.push(paths.slice(start, start + max));
  return files.length > 0 ? files : [[]];
}

/** A sitemap file: the addresses of `paths` on the site. */
export function urlsetXml(siteUrl: string, paths: readonly string[]): string {
  return [
    XML_DECLARATION,
    `<urlset ${NAMESPACE}>`,
    ...paths.map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}

/** A sitemap index naming the `fileCount` files of a split sitemap. */
export function sitemapIndexXml(siteUrl: string, fileCount: number): string {
  return [
    XML_DECLARATION,
    `<sitemapindex ${NAMESPACE}>`,
    ...Array.from(
      { length: fileCount },
      (_, index) => `  <sitemap><loc>${escapeXml(`${siteUrl}${sitemapFilePath(index + 1)}`)}</loc></sitemap>`,
    ),
    "</sitemapindex>",
    "",
  ].join("\n");
}
