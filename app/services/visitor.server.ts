import { visitorNetwork, visitorProviderNetwork, visitorWiderNetwork } from "@contract/visitor-network";
import { networkHash } from "./lifecycle/secrets.server";

/**
 * Who a visitor is, for the limits and the counts: opaque keys, keyed hashes of their address's network under the
 * site's secret, never the address itself. The request pipeline finds the address (having applied TRUST_PROXY) and
 * hands it to the application in VISITOR_ADDRESS_HEADER, dropping any copy a visitor sends.
 */

/** The header that carries the visitor's address from the pipeline to the application. */
export const VISITOR_ADDRESS_HEADER = "x-codeparrain-visitor";

/** The address every sender whose address is unknown shares (called in-process without the pipeline). */
const UNKNOWN_ADDRESS = "adresse-inconnue";

/** The visitor's key for `address`: its IPv4 address, or the /64 of its IPv6 address, hashed. */
export function visitorKeyForAddress(address: string): string {
  return networkHash(visitorNetwork(address));
}

/** The key of the wider network around `address` (its /24 or /48): votes and messages weigh per network too. */
export function networkKeyForAddress(address: string): string {
  return networkHash(visitorWiderNetwork(address));
}

const addressOf = (request: Request) => request.headers.get(VISITOR_ADDRESS_HEADER) || UNKNOWN_ADDRESS;

/** The key of the visitor who sent `request`, for their own limits; every unknown sender shares one. */
export const visitorKey = (request: Request): string => visitorKeyForAddress(addressOf(request));

/** The key of the network `request` came from, for the limits and counts per network. */
export const networkKey = (request: Request): string => networkKeyForAddress(addressOf(request));

/** The key of the provider network `request` came from (IPv4 /24, IPv6 /32), for its share of the e-mails sent. */
export const providerKey = (request: Request): string => networkHash(visitorProviderNetwork(addressOf(request)));
