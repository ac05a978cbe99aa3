import { describe, expect, test } from "vitest";
import { dropUntrustedForwarding, FORWARDING_HEADERS, resolveClientAddress, throttleKey, trustedProxyList } from "./client-address";
import { trustedProxies } from "./config";

describe("resolveClientAddress", () => {
  const proxies = trustedProxyList(["10.0.0.0/8", "127.0.0.1", "::1"]);
  test.each([
    ["no trusted proxy: the peer, whatever X-Forwarded-For says", "203.0.113.5", "1.2.3.4", null, "203.0.113.5"],
    ["an untrusted peer's X-Forwarded-For is ignored", "203.0.113.5", "1.2.3.4", proxies, "203.0.113.5"],
    ["a trusted proxy: the address it forwarded", "10.1.2.3", "198.51.100.7", proxies, "198.51.100.7"],
    ["a chain: the first untrusted hop from the right", "10.1.2.3", "6.6.6.6, 198.51.100.7, 10.9.9.9", proxies, "198.51.100.7"],
    ["IPv4-mapped IPv6 peers are plain IPv4", "::ffff:127.0.0.1", "198.51.100.8", proxies, "198.51.100.8"],
    ["a trusted proxy without X-Forwarded-For: the proxy", "10.1.2.3", undefined, proxies, "10.1.2.3"],
    ["a malformed hop stops at the last trusted proxy", "10.1.2.3", "not-an-ip", proxies, "10.1.2.3"],
    ["IPv6 loopback as a trusted proxy", "::1", "2001:db8::1", proxies, "2001:db8::1"],
    ["no socket address", undefined, "1.2.3.4", proxies, "unknown"],
  ])("%s", (_name, peer, forwardedFor, trusted, expected) => {
    expect(resolveClientAddress(peer, forwardedFor, trusted)).toBe(expected);
  });
});

describe("throttleKey", () => {
  test.each([
    ["198.51.100.7", "198.51.100.7"],
    ["2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:0:0:9", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s → %s", (address, key) => {
    expect(throttleKey(address)).toBe(key);
  });
});

describe("STUDIO_TRUSTED_PROXIES", () => {
  test("addresses and CIDR ranges, comma-separated", () => {
    expect(trustedProxies({ STUDIO_TRUSTED_PROXIES: " 10.0.0.0/8, ::1 ,192.168.1.2" })).toEqual(["10.0.0.0/8", "::1", "192.168.1.2"]);
    expect(trustedProxies({})).toEqual([]);
  });
  test.each(["proxy.local", "10.0.0.0/33", "10.0.0.1/8/2", "::1/129"])("%s is refused, naming the variable", (entry) => {
    expect(() => trustedProxies({ STUDIO_TRUSTED_PROXIES: entry })).toThrow(/STUDIO_TRUSTED_PROXIES/);
  });
});

describe("dropUntrustedForwarding", () => {
  const proxies = trustedProxyList(["10.0.0.0/8"]);
  const sent = () => ({
    host: "studio.example:3000",
    forwarded: "for=1.2.3.4;proto=https",
    "x-forwarded-for": "1.2.3.4",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-port": "443",
    "x-real-ip": "1.2.3.4",
  });

  test.each([
    ["no trusted proxy configured", "10.1.2.3", null],
    ["a peer outside the trusted proxies", "203.0.113.5", proxies],
    ["an unknown peer", undefined, proxies],
  ])("%s: every forwarding header is removed, Host kept", (_label, peer, trusted) => {
    const headers: Record<string, string | undefined> = sent();
    dropUntrustedForwarding(headers, peer, trusted);
    expect(headers).toEqual({ host: "studio.example:3000" });
    for (const name of FORWARDING_HEADERS) expect(headers[name]).toBeUndefined();
  });

  test("a trusted proxy's headers stay as it sent them", () => {
    const headers = sent();
    dropUntrustedForwarding(headers, "::ffff:10.1.2.3", proxies);
    expect(headers).toEqual(sent());
  });
});
