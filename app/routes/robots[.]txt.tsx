import { getConfig } from "~/services/config/env.server";

export function loader() {
  const { siteUrl } = getConfig();
  // The legal notice is kept out of results by its own noindex, which crawlers only see if they may fetch it.
  // The audience counts are no pages: a crawler following them would only be counted (and is left out anyway).
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /offres/*/lien",
    "Disallow: /offres/*/vue",
    "Disallow: /offres/*/copie",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
