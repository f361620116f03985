import { sitemapIndexXml, urlsetXml } from "~/catalogue/sitemap";
import { getConfig } from "~/services/config/env.server";
import { SITEMAP_UNAVAILABLE, loadSitemapFiles, xmlResponse } from "~/services/pages/sitemap.server";

/** The sitemap robots.txt names: every address, or past the protocol's limit, the index of its files. */
export async function loader() {
  const { siteUrl } = getConfig();
  const files = await loadSitemapFiles();
  if (!files) return SITEMAP_UNAVAILABLE();
  const [only] = files;
  return xmlResponse(files.length === 1 && only ? urlsetXml(siteUrl, only) : sitemapIndexXml(siteUrl, files.length));
}
