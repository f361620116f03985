/** Web addresses in what a visitor types: `binance.com`, `https://www.binance.com/fr/register?ref=…`. */

/** Second-level labels under which a country sells names: `example.co.uk` is Example's, not "co"'s. */
const SHARED_SECOND_LEVELS = new Set(["co", "com", "net", "org", "gouv", "asso"]);

/** A site's own name in a host: `accounts.binance.com` → `binance.com`; `www.example.co.uk` → `example.co.uk`. */
export function siteDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  const kept = labels.length > 2 && SHARED_SECOND_LEVELS.has(labels.at(-2) as string) ? 3 : 2;
  return labels.slice(-kept).join(".");
}

/** The name a domain stands for: `binance.com` → `binance`, `example.co.uk` → `example`. */
export function siteLabel(domain: string): string {
  return domain.split(".")[0] as string;
}

/** The domain of an offer's link, or undefined for an address that does not parse. */
export function domainOfLink(link: string): string | undefined {
  try {
    return siteDomain(new URL(link).hostname);
  } catch {
    return undefined;
  }
}

/**
 * An address: an optional scheme, a host of at least two labels ending in letters, an optional port and path. The
 * host must start a word, so "2.5" or "ex." are not addresses.
 */
const ADDRESS = /(?<![\p{L}\p{N}@])(?:https?:\/\/)?((?:[\p{L}\p{N}-]+\.)+\p{L}{2,})(?::\d+)?(?:[/?#]\S*)?/giu;

export interface TypedAddress {
  /** The address as typed. */
  typed: string;
  domain: string;
}

/** The web addresses a text holds, each with the domain of its site. */
export function addressesIn(text: string): TypedAddress[] {
  return [...text.matchAll(ADDRESS)].map((match) => ({ typed: match[0], domain: siteDomain(match[1] as string) }));
}
