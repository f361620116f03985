import type { TrustProxy } from "./trust-proxy.server";
import type { IncomingMessage } from "node:http";

/**
 * What the request pipeline checks of a request's target before anything else: the host a Host or X-Forwarded-Host
 * header names, where a posted form came from, and the canonical spelling of a path.
 */

/** A host as a Host or X-Forwarded-Host header may carry it: a name or an address, and an optional port. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export function isValidHost(value: string): boolean {
  const match = HOST.exec(value);
  return Boolean(match) && (match?.[1] === undefined || Number(match[1]) <= 65_535) && URL.canParse(`http://${value}/`);
}

/** The first value of a header a proxy may have written more than once ("a, b"). */
export const firstValue = (value: string | string[]): string => String(value).split(",")[0]?.trim() ?? "";

/**
 * Whether a POST comes from the site's own pages. Browsers send Origin with every POST; it must name the public
 * host (SITE_URL's) or, unless `publicOnly`, the host the request was sent to. Without Origin, Sec-Fetch-Site must
 * not say cross-site. `Origin: null` (a sandboxed frame, a redirect from elsewhere) is never the site. In production
 * with SITE_URL set, `publicOnly` holds: DNS rebinding points a name the attacker owns at the server, and the
 * browser then sends that name as both Host and Origin, which agree with each other.
 */
export function fromThisSite(
  origin: string | undefined,
  secFetchSite: string | undefined,
  requestedHost: string | undefined,
  publicHost: string | undefined,
  publicOnly = false,
): boolean {
  if (origin === undefined) return secFetchSite !== "cross-site";
  if (!URL.canParse(origin)) return false;
  const { protocol, host } = new URL(origin);
  if (protocol !== "http:" && protocol !== "https:") return false;
  if (secFetchSite === "cross-site") return false;
  if (host === publicHost) return true;
  if (publicOnly && publicHost) return false;
  // Read with the origin's scheme, so that a default port written out ("exemple.fr:443") compares equal.
  return (
    requestedHost !== undefined &&
    URL.canParse(`${protocol}//${requestedHost}`) &&
    host === new URL(`${protocol}//${requestedHost}`).host
  );
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * The one address of a page: each segment with its letters in lower case, its escapes of unreserved characters
 * decoded and the others in upper case, one slash between segments and none at the end. A path always starts with
 * exactly one "/", so the address stays on this site.
 */
export function canonicalPath(pathname: string, { lowerCase = true } = {}): string {
  const segments = pathname.split("/").filter(Boolean);
  const canonical = segments.map((segment) =>
    segment.replace(/%[0-9a-f]{2}|[^%]+|%/gi, (part) => {
      if (!part.startsWith("%") || part.length < 3) return lowerCase ? part.toLowerCase() : part;
      const character = String.fromCharCode(Number.parseInt(part.slice(1), 16));
      if (!UNRESERVED.test(character)) return part.toUpperCase();
      return lowerCase ? character.toLowerCase() : character;
    }),
  );
  return `/${canonical.join("/")}`;
}

/**
 * What a request's X-Forwarded-Host and -Proto may say: from a proxy TRUST_PROXY trusts, they are checked (a
 * refusal's French text when malformed) and kept, X-Forwarded-Host to its first value; from anyone else, removed.
 * `https`: whether the visitor reached the site over HTTPS.
 */
export function believeForwarding(
  req: IncomingMessage,
  trustProxy: TrustProxy,
): { trusted: boolean; https: boolean } | { refusal: string } {
  const trusted = trustProxy.trusts(req.socket.remoteAddress ?? "", 0);
  const forwardedHost = req.headers["x-forwarded-host"];
  const forwardedProto = req.headers["x-forwarded-proto"];
  const encrypted = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  if (!trusted) {
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-forwarded-proto"];
    return { trusted, https: encrypted };
  }
  if (forwardedHost !== undefined) {
    if (!isValidHost(firstValue(forwardedHost))) {
      return { refusal: "Requête mal formée : l'en-tête X-Forwarded-Host n'est pas un nom d'hôte." };
    }
    // Express reads the first value only; the Remix adapter would read a port further on ("a, b:99999").
    req.headers["x-forwarded-host"] = firstValue(forwardedHost);
  }
  if (forwardedProto === undefined) return { trusted, https: encrypted };
  if (!/^https?$/i.test(firstValue(forwardedProto))) {
    return { refusal: "Requête mal formée : l'en-tête X-Forwarded-Proto doit valoir http ou https." };
  }
  return { trusted, https: firstValue(forwardedProto).toLowerCase() === "https" };
}
