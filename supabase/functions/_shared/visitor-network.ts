/**
 * The one network every request whose address is not an address falls into (a proxy that wrote a name, or nothing):
 * such requests share their limits, so that no made-up spelling is a new visitor.
 */
export const UNKNOWN_NETWORK = "adresse-inconnue";

/**
 * An X-Forwarded-For entry reduced to its address: some proxies (Azure App Service, IIS/ARR) add the client's port,
 * "198.51.100.7:1000" or "[2001:db8::1]:1000", which would make each connection a visitor of its own. Brackets and
 * an IPv6 zone ("%eth0") go too. What is still not an IPv4 or IPv6 address is UNKNOWN_NETWORK.
 */
export function addressWithoutPort(entry: string): string {
  const trimmed = entry.trim();
  const plain = (
    /^\[([^\]]*)\](?::\d{1,5})?$/.exec(trimmed)?.[1] ??
    /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(trimmed)?.[1] ??
    trimmed
  )
    .replace(/%.*$/, "")
    .toLowerCase();
  return ipv4Bytes(plain) || ipv6Groups(plain) ? plain : UNKNOWN_NETWORK;
}

/**
 * What a visitor is counted as, for the limits on votes and messages: their network, not their address. An IPv4
 * address is one subscriber; an IPv6 subscriber is given a whole /64 (2^64 addresses), so an IPv6 address counts as
 * its /64: "2001:db8:1:2::1" and "2001:db8:1:2::5" are the same visitor. An IPv4 address written in IPv6
 * ("::ffff:192.0.2.1") is that IPv4 address. A port is no part of it; anything that is not an address is
 * UNKNOWN_NETWORK, one visitor for all of them.
 */
export function visitorNetwork(address: string): string {
  const plain = addressWithoutPort(address);
  if (!plain.includes(":")) return plain;
  const groups = ipv6Groups(plain);
  if (!groups) return UNKNOWN_NETWORK;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/**
 * The network a visitor belongs to, for weighing votes and limiting messages: what one provider customer can get
 * hold of at little cost. An IPv4 address counts as its /24 ("192.0.2.7" is "192.0.2.0/24"), an IPv6 address as its
 * /48 (a tunnel broker hands out a /48, 65 536 /64s, for free). Anything else is UNKNOWN_NETWORK.
 */
export function visitorWiderNetwork(address: string): string {
  const visitor = visitorNetwork(address);
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(visitor);
  if (ipv4) return `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.0/24`;
  const ipv6 = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(visitor);
  if (ipv6) return `${ipv6[1]}:${ipv6[2]}:${ipv6[3]}::/48`;
  return visitor;
}

/**
 * The provider network a visitor belongs to, for the share of e-mails a network may have sent for it: an IPv4
 * address's /24, as visitorWiderNetwork, and an IPv6 address's /32, what one provider's customers share (a single
 * customer can get hold of many /48s at little cost). Anything else is UNKNOWN_NETWORK.
 */
export function visitorProviderNetwork(address: string): string {
  const wider = visitorWiderNetwork(address);
  const ipv6 = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/48$/.exec(wider);
  return ipv6 ? `${ipv6[1]}:${ipv6[2]}::/32` : wider;
}

/** The four bytes of a dotted IPv4 address, or undefined when it is not one. */
function ipv4Bytes(address: string): number[] | undefined {
  const dotted = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  const bytes = dotted?.slice(1).map(Number);
  return bytes && bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const halves = address.split("::");
  if (halves.length > 2) return undefined;
  const parse = (half: string | undefined): number[] | undefined => {
    if (!half) return [];
    const parts = half.split(":");
    const groups: number[] = [];
    for (const [index, part] of parts.entries()) {
      const dotted = /^[\d.]+$/.test(part) ? ipv4Bytes(part) : undefined;
      if (/\./.test(part) && (!dotted || index !== parts.length - 1)) return undefined;
      if (dotted) {
        const [a = 0, b = 0, c = 0, d = 0] = dotted;
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(part)) groups.push(parseInt(part, 16));
      else return undefined;
    }
    return groups;
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : undefined;
}
