/**
 * Visitor addresses for tests that send X-Forwarded-For through a trusted proxy. Each number gives an address in a
 * network (an IPv4 /24) of its own, so that each visitor weighs fully in a rate and counts as a network of their
 * own; `inOneNetwork` gives addresses that share one /48, as a tunnel broker's customer holds them.
 */
export function ownNetworkAddress(visitor: number): string {
  return `10.${Math.floor(visitor / 256) % 256}.${visitor % 256}.1`;
}

/** The `visitor`th /64 of the /48 `prefix` ("2001:db8:1"): different visitors, one network. */
export function inOneNetwork(prefix: string, visitor: number): string {
  return `${prefix}:${(visitor % 65_536).toString(16)}::1`;
}

/**
 * Hands out visitors' addresses, each in a network of its own (`ownNetworkAddress`), numbered on from `after`: a
 * file or spec starts its own numbering where no other one that shares its site does.
 */
export function newVisitors(after = 0): () => string {
  let last = after;
  return () => ownNetworkAddress((last += 1));
}
