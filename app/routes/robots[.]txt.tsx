import { getConfig } from "~/services/env.server";

export function loader() {
  const { siteUrl } = getConfig();
  // The legal notice is kept out of results by its own noindex, which crawlers only see if they may fetch it.
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
