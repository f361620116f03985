import { isHttps, type RequestView } from "./headers.server";
import { getConfig } from "../config/env.server";

/**
 * Whether a cookie set in answer to `request` is Secure: the one rule for every cookie of the site. It is when the
 * site's public address is https (in production), or when the request came over https, directly or through a proxy
 * TRUST_PROXY names (X-Forwarded-Proto): behind an https proxy a cookie is Secure whatever SITE_URL says. A
 * production build tried over plain http on loopback keeps working.
 */
export function secureCookieFor(request: RequestView): boolean {
  const config = getConfig();
  return (config.nodeEnv === "production" && config.siteUrl.startsWith("https://")) || isHttps(request);
}
