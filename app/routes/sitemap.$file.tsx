import { urlsetXml } from "~/catalogue/sitemap";
import { getConfig } from "~/services/config/env.server";
import { SITEMAP_UNAVAILABLE, loadSitemapFiles, xmlResponse } from "~/services/pages/sitemap.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** One file of a sitemap split past the protocol's limit: /sitemap/1.xml… (none while one file holds it all). */
export async function loader({ params }: LoaderFunctionArgs) {
  const number = /^([1-9]\d{0,3})\.xml$/.exec(params.file ?? "")?.[1];
  const files = await loadSitemapFiles();
  if (!files) return SITEMAP_UNAVAILABLE();
  const paths = number && files.length > 1 ? files[Number(number) - 1] : undefined;
  if (!paths) throw new Response("Page introuvable", { status: 404 });
  return xmlResponse(urlsetXml(getConfig().siteUrl, paths));
}
