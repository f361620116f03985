import { UNKNOWN_NETWORK } from "@contract/visitor-network";
import { describe, expect, it } from "vitest";
import { parseTrustProxy, visitorAddress } from "~/services/http/trust-proxy.server";

/** The visitor's address for a connection from `peer` carrying `header` in X-Forwarded-For. */
const read = (trustProxy: string | undefined, header: string | undefined, peer = "127.0.0.1") =>
  visitorAddress(
    { socket: { remoteAddress: peer }, headers: { "x-forwarded-for": header } },
    parseTrustProxy(trustProxy),
  );

describe("TRUST_PROXY and X-Forwarded-For, read as Express reads them (proxy-addr)", () => {
  it("takes the connection's peer when no proxy is trusted, whatever the header says", () => {
    for (const value of [undefined, "", " ", "false", "0"]) {
      expect(read(value, "203.0.113.9"), String(value)).toBe("127.0.0.1");
      expect(parseTrustProxy(value).any, String(value)).toBe(false);
    }
  });

  it("takes the entry the outermost trusted proxy added, counting hops from the right", () => {
    expect(read("1", "198.51.100.1, 203.0.113.9")).toBe("203.0.113.9");
    expect(read("1", " 203.0.113.9 ")).toBe("203.0.113.9");
    expect(read("2", "198.51.100.1, 203.0.113.9, 10.0.0.2")).toBe("203.0.113.9");
    // Fewer entries than hops: the left-most, as Express does.
    expect(read("3", "203.0.113.9, 10.0.0.2")).toBe("203.0.113.9");
    // No header: the peer itself.
    expect(read("1", undefined)).toBe("127.0.0.1");
  });

  it("skips trusted proxies from the right with an address list", () => {
    expect(read("loopback", "198.51.100.1, 203.0.113.9, 127.0.0.1")).toBe("203.0.113.9");
    expect(read("loopback, 10.0.0.0/8", "198.51.100.1, 203.0.113.9, 10.1.2.3, ::1")).toBe("203.0.113.9");
    expect(read("10.0.0.0/255.0.0.0", "203.0.113.9, 10.200.0.1", "10.0.0.1")).toBe("203.0.113.9");
    expect(read("uniquelocal", "203.0.113.9, ::ffff:192.168.1.2", "192.168.1.1")).toBe("203.0.113.9");
    expect(read("192.0.2.1, 2001:db8::/32", "203.0.113.9, 2001:db8::7", "192.0.2.1")).toBe("203.0.113.9");
    // A peer that is not a trusted proxy: its own address, the header ignored.
    expect(read("loopback", "198.51.100.1", "203.0.113.50")).toBe("203.0.113.50");
    // Every entry a trusted proxy: the left-most.
    expect(read("loopback", "127.0.0.2, 127.0.0.3")).toBe("127.0.0.2");
    // Something that is not an address is not a trusted proxy, and is no visitor of its own.
    expect(read("loopback", "198.51.100.1, inconnu, 127.0.0.2")).toBe(UNKNOWN_NETWORK);
  });

  it("takes the left-most entry when every proxy is trusted", () => {
    expect(read("true", "198.51.100.1, 203.0.113.9")).toBe("198.51.100.1");
  });

  it("refuses what is neither a boolean, a hop count nor addresses, in French", () => {
    expect(() => parseTrustProxy("proxy.exemple.fr")).toThrow(/TRUST_PROXY «\sproxy.exemple.fr\s»/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/255.0.255.0")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("-1")).toThrow(/TRUST_PROXY/);
  });

  it("reduces the entry to its address when a proxy writes the client's port after it", () => {
    expect(read("loopback", "198.19.7.7:1000")).toBe("198.19.7.7");
    expect(read("loopback", "[2001:db8::1]:1000")).toBe("2001:db8::1");
    expect(read("1", "203.0.113.9, 198.19.7.7:1001")).toBe("198.19.7.7");
  });
});
