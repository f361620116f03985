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
