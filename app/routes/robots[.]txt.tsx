import { getConfig } from "~/services/env.server";

export function loader() {
  const { siteUrl } = getConfig();
  const body = ["User-agent: *", "Allow: /", "Disallow: /mentions-legales", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
