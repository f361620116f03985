import { addressWithoutPort } from "@contract/visitor-network";
import proxyAddr from "proxy-addr";

/**
 * Which proxies in front of the site may be believed about the visitor (X-Forwarded-For, -Host, -Proto): the
 * TRUST_PROXY variable, read once, with the meaning Express gives its "trust proxy" setting. The same compiled test
 * is handed to Express (server.js and remix-serve's own app), so nothing parses the variable twice.
 */
export interface TrustProxy {
  /** Whether the address at `hop` (0: the connection's peer, then X-Forwarded-For from the right) is a trusted proxy. */
  trusts: (address: string, hop: number) => boolean;
  /** Whether any proxy is trusted at all. */
  any: boolean;
}

const NONE: TrustProxy = { trusts: () => false, any: false };

/**
 * Reads TRUST_PROXY: unset, "", "false" or "0" trusts no proxy; "true" trusts every one; a whole number is how many
 * proxies stand in front of the site; anything else is a comma-separated list of addresses, subnets
 * ("10.0.0.0/8", "10.0.0.0/255.0.0.0") and the names loopback, linklocal, uniquelocal (proxy-addr's). Throws a
 * French error on an entry that is none of these.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false" || value === "0") return NONE;
  if (value === "true") return { trusts: () => true, any: true };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return { trusts: (_address, hop) => hop < hops, any: true };
  }
  const entries = value.split(",").map((entry) => entry.trim());
  try {
    return { trusts: proxyAddr.compile(entries), any: true };
  } catch (error) {
    throw new Error(
      `TRUST_PROXY « ${value} » : ${(error as Error).message}. Attendu : true, un nombre de proxys, ou des adresses, ` +
        "réseaux (10.0.0.0/8) et noms loopback, linklocal, uniquelocal séparés par des virgules.",
    );
  }
}

/** What proxy-addr reads of a request: the connection's peer and X-Forwarded-For. */
export interface PeerAndHeaders {
  socket: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The visitor's address: the connection's peer, or, when that is a trusted proxy, the entry of X-Forwarded-For the
 * outermost trusted proxy received the request from (read from the right; what lies further left was written by
 * the client and proves nothing). Reduced to the address alone (addressWithoutPort): a port some proxies add, or a
 * made-up spelling, never makes a new visitor.
 */
export function visitorAddress(request: PeerAndHeaders, trust: TrustProxy): string {
  const forwarded = request.headers["x-forwarded-for"];
  const entry = proxyAddr(
    {
      connection: { remoteAddress: request.socket.remoteAddress },
      headers: { "x-forwarded-for": Array.isArray(forwarded) ? forwarded.join(",") : forwarded },
    } as unknown as Parameters<typeof proxyAddr>[0],
    trust.trusts,
  ) as string | undefined;
  return addressWithoutPort(entry ?? "");
}

/** Loopback and private addresses: where a reverse proxy on the same machine or network connects from. */
export const NEAR = /^(?:::ffff:)?(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)|^::1$|^f[cd][0-9a-f]{2}:/i;

/** Who sent a request, as the site keys it. */
export interface Visitor {
  /** The address the limits, weighings and counts key. */
  address: string;
  /**
   * The proxy's address when the request came, in production, from a near address with an X-Forwarded-For that
   * TRUST_PROXY does not name: a reverse proxy nobody declared.
   */
  unnamedProxy?: string;
}

/**
 * The visitor of a request. Behind a proxy TRUST_PROXY does not name, every request has the proxy's address: one
 * stranger's few tries would then lock every visitor out, the owner on a new browser included. Such a request is
 * keyed by the entry that proxy wrote, the last of X-Forwarded-For: a client can put anything further left, but not
 * there. Votes stay off all the same (pipeline.server.ts): a public rate rests only on what a named proxy vouches for.
 */
export function visitorOf(request: PeerAndHeaders, trust: TrustProxy, production: boolean): Visitor {
  const address = visitorAddress(request, trust);
  const forwarded = request.headers["x-forwarded-for"];
  if (!production || trust.any || forwarded === undefined || !NEAR.test(address)) return { address };
  const entries = (Array.isArray(forwarded) ? forwarded.join(",") : forwarded).split(",");
  return { address: addressWithoutPort(entries.at(-1) ?? ""), unnamedProxy: address };
}
