import { BlockList, isIP } from "node:net";

/**
 * Which proxies in front of the site may be believed about the visitor's address: the TRUST_PROXY variable, read
 * with the meaning Express gives its "trust proxy" setting (server.js hands the same value to Express).
 */
export type TrustProxy =
  | { kind: "none" }
  | { kind: "all" }
  | { kind: "hops"; count: number }
  | { kind: "addresses"; trusted: (address: string) => boolean };

/** Express's named ranges. */
const RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** "::ffff:192.0.2.1" is 192.0.2.1. */
const plain = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

function prefixOf(mask: string, family: "ipv4" | "ipv6", max: number): number | undefined {
  if (/^\d+$/.test(mask)) {
    const bits = Number(mask);
    return bits <= max ? bits : undefined;
  }
  if (family !== "ipv4" || isIP(mask) !== 4) return undefined;
  // A netmask such as 255.255.0.0: its ones must be contiguous.
  const binary = mask
    .split(".")
    .map((part) => Number(part).toString(2).padStart(8, "0"))
    .join("");
  if (!/^1*0*$/.test(binary)) return undefined;
  const firstZero = binary.indexOf("0");
  return firstZero === -1 ? 32 : firstZero;
}

/**
 * Reads TRUST_PROXY: unset, "" or "false" trusts no proxy; "true" trusts every one; a whole number is how many
 * proxies stand in front of the site; anything else is a comma-separated list of addresses, subnets
 * ("10.0.0.0/8", "10.0.0.0/255.0.0.0") and the names loopback, linklocal, uniquelocal. Throws on an entry that is
 * none of these.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false") return { kind: "none" };
  if (value === "true") return { kind: "all" };
  if (/^\d+$/.test(value)) {
    const count = Number(value);
    return count === 0 ? { kind: "none" } : { kind: "hops", count };
  }
  const list = new BlockList();
  for (const entry of value.split(",").map((part) => part.trim())) {
    for (const item of RANGES[entry] ?? [entry]) {
      const [address = "", mask] = item.split("/");
      const version = isIP(plain(address));
      if (!version)
        throw new Error(`« ${entry} » n'est ni une adresse IP, ni un réseau, ni loopback, linklocal ou uniquelocal.`);
      const family = version === 4 ? "ipv4" : "ipv6";
      if (mask === undefined) {
        list.addAddress(plain(address), family);
        continue;
      }
      const prefix = prefixOf(mask, family, version === 4 ? 32 : 128);
      if (prefix === undefined) throw new Error(`« ${entry} » : masque de réseau invalide.`);
      list.addSubnet(plain(address), prefix, family);
    }
  }
  return {
    kind: "addresses",
    trusted: (address) => {
      const candidate = plain(address);
      const version = isIP(candidate);
      return version !== 0 && list.check(candidate, version === 4 ? "ipv4" : "ipv6");
    },
  };
}

/**
 * The visitor's address according to X-Forwarded-For, when the application cannot see who connected to it (under
 * remix-serve no load context tells it). The peer is taken to be the trusted proxy, as configured. Each proxy
 * appends the address it received the request from, so the header is read from the right: with a hop count n,
 * the n-th entry from the right (the one the outermost trusted proxy added); with an address list, the first
 * entry from the right that is not a trusted proxy; with "true", the left-most entry, as Express does. Whatever
 * lies further left was written by the client and proves nothing. Undefined when no proxy is trusted or the
 * header is missing.
 */
export function forwardedAddress(header: string | null, trust: TrustProxy): string | undefined {
  if (trust.kind === "none" || !header) return undefined;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  const leftMost = entries[0];
  if (trust.kind === "all") return leftMost;
  if (trust.kind === "hops") return entries[entries.length - trust.count] ?? leftMost;
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index] ?? "";
    if (!trust.trusted(entry)) return entry;
  }
  return leftMost;
}
