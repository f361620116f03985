import { HOW_VOTES_WORK } from "~/catalogue/how-votes-work";
import { getConfig } from "~/services/env.server";
import { tryLoadCatalogue } from "~/services/offers.server";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function loader() {
  const { siteUrl } = getConfig();
  const catalogue = await tryLoadCatalogue();
  if (!catalogue)
    return new Response("Plan du site momentanément indisponible.", { status: 503, headers: { "Retry-After": "30" } });
  const paths = [
    "/",
    "/offres",
    "/codes",
    "/contact",
    HOW_VOTES_WORK.path,
    ...catalogue.offers.map((offer) => `/offres/${offer.slug}`),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
