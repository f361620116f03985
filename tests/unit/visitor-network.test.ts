import {
  addressWithoutPort,
  UNKNOWN_NETWORK,
  visitorNetwork,
  visitorProviderNetwork,
  visitorWiderNetwork,
} from "@contract/visitor-network";
import { describe, expect, it } from "vitest";

describe("the network a visitor is counted as", () => {
  it("counts every address of an IPv6 /64 as one visitor, however it is written", () => {
    const network = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2::5",
      "2001:0DB8:0001:0002:ffff:ffff:ffff:ffff",
      "[2001:db8:1:2::9]",
      "2001:db8:1:2::7%eth0",
      "2001:db8:1:2:0:0:192.0.2.1",
    ]) {
      expect(visitorNetwork(address), address).toBe(network);
    }
    expect(visitorNetwork("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(visitorNetwork("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps an IPv4 address whole, also when written in IPv6", () => {
    expect(visitorNetwork("192.0.2.1")).toBe("192.0.2.1");
    expect(visitorNetwork("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(visitorNetwork("::FFFF:c000:0201")).toBe("192.0.2.1");
  });

  it("puts everything that is not an address in one shared network", () => {
    for (const value of [
      "",
      "inconnu",
      "unknown",
      "1:2:3",
      "2001:db8::1::2",
      "2001:db8:1:2:3:4:5:6:7",
      "g::1",
      "256.0.0.1",
      "198.19.7.7:1000:1",
      "_hidden",
    ]) {
      expect(visitorNetwork(value), value).toBe(UNKNOWN_NETWORK);
      expect(visitorWiderNetwork(value), value).toBe(UNKNOWN_NETWORK);
    }
  });

  it("drops the port some proxies write after the address: one visitor whatever the connection", () => {
    for (const port of ["1000", "1001", "65535"]) {
      expect(addressWithoutPort(`198.19.7.7:${port}`)).toBe("198.19.7.7");
      expect(visitorNetwork(`198.19.7.7:${port}`)).toBe("198.19.7.7");
      expect(addressWithoutPort(`[2001:db8::1]:${port}`)).toBe("2001:db8::1");
      expect(visitorNetwork(`[2001:db8::1]:${port}`)).toBe("2001:db8:0:0::/64");
      expect(visitorWiderNetwork(`[2001:db8:7:1::1]:${port}`)).toBe("2001:db8:7::/48");
    }
    expect(addressWithoutPort(" 198.19.7.7 ")).toBe("198.19.7.7");
    expect(addressWithoutPort("[2001:DB8::1]")).toBe("2001:db8::1");
    expect(addressWithoutPort("fe80::1%eth0")).toBe("fe80::1");
    // An IPv6 address without brackets keeps its last group: it is no port.
    expect(addressWithoutPort("2001:db8::1:1000")).toBe("2001:db8::1:1000");
  });

  it("puts visitors in their network, what one customer can hold: an IPv6 /48, an IPv4 /24", () => {
    for (const address of ["2001:db8:1:2::1", "2001:db8:1:ffff::9", "[2001:DB8:1:0::1]"]) {
      expect(visitorWiderNetwork(address), address).toBe("2001:db8:1::/48");
    }
    expect(visitorWiderNetwork("2001:db8:2:2::1")).toBe("2001:db8:2::/48");
    for (const address of ["192.0.2.1", "192.0.2.254", "::ffff:192.0.2.77"]) {
      expect(visitorWiderNetwork(address), address).toBe("192.0.2.0/24");
    }
    expect(visitorWiderNetwork("192.0.3.1")).toBe("192.0.3.0/24");
  });
});

describe("visitorProviderNetwork", () => {
  it("groups IPv4 by /24 and IPv6 by /32: every /48 of one provider is one network", () => {
    expect(visitorProviderNetwork("192.0.2.7")).toBe("192.0.2.0/24");
    expect(visitorProviderNetwork("2001:db8:7:1::1")).toBe("2001:db8::/32");
    expect(visitorProviderNetwork("2001:db8:ffff:2::9")).toBe("2001:db8::/32");
    expect(visitorProviderNetwork("2001:db9:7:1::1")).toBe("2001:db9::/32");
    expect(visitorProviderNetwork("::ffff:192.0.2.7")).toBe("192.0.2.0/24");
    expect(visitorProviderNetwork("pas une adresse")).toBe(UNKNOWN_NETWORK);
  });
});
