import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { checkOutboundUrl, isPublicAddress } from "@/lib/security/outbound-url";

describe("outbound URL guard", () => {
  afterEach(() => {
    process.env.OUTBOUND_ALLOW_HTTP = "";
    reloadConfig();
  });

  it("tells public addresses from private, loopback, link-local and reserved ones", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "::ffff:127.0.0.1",
      "::ffff:169.254.169.254",
      "ff02::1",
      "not-an-ip",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  // Every way an IPv6 address can carry an IPv4 one, in every spelling Node accepts: each is
  // refused whatever the IPv4 inside (loopback, metadata, private or public).
  const embeddedIpv4 = [
    ["IPv4-compatible (::/96), dotted", "::127.0.0.1"],
    ["IPv4-compatible, hex", "::7f00:1"],
    ["IPv4-compatible, full", "0:0:0:0:0:0:7f00:1"],
    ["IPv4-compatible, public inside", "::8.8.8.8"],
    ["IPv4-compatible, metadata", "::a9fe:a9fe"],
    ["IPv4-mapped, hex", "::ffff:7f00:1"],
    ["IPv4-mapped, full", "0:0:0:0:0:ffff:7f00:1"],
    ["IPv4-mapped, full dotted", "0:0:0:0:0:ffff:127.0.0.1"],
    ["IPv4-translated (SIIT)", "::ffff:0:7f00:1"],
    ["IPv4-translated, dotted", "::ffff:0:127.0.0.1"],
    ["NAT64 well-known", "64:ff9b::7f00:1"],
    ["NAT64 local-use", "64:ff9b:1::a00:1"],
    ["6to4", "2002:7f00:1::1"],
    ["Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  ] as const;

  it.each(embeddedIpv4)("refuses an IPv6 address embedding IPv4: %s (%s)", (_form, address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(() => checkOutboundUrl(`https://[${address}]/a`)).toThrow(/private/);
  });

  it("only takes https to public places unless OUTBOUND_ALLOW_HTTP=1", () => {
    process.env.OUTBOUND_ALLOW_HTTP = "";
    reloadConfig();
    expect(checkOutboundUrl("https://example.com/a").hostname).toBe("example.com");
    for (const url of [
      "http://example.com/a",
      "https://127.0.0.1/a",
      "https://[::1]/a",
      "https://localhost/a",
      "https://user:pw@example.com/",
      "file:///etc/passwd",
      "nope",
    ]) {
      expect(() => checkOutboundUrl(url), url).toThrow();
    }
    process.env.OUTBOUND_ALLOW_HTTP = "1";
    reloadConfig();
    expect(checkOutboundUrl("http://127.0.0.1:9/a").port).toBe("9");
    expect(() => checkOutboundUrl("file:///etc/passwd")).toThrow();
  });

  it("with OUTBOUND_ALLOW_HTTP=loopback (tests) reaches this machine's loopback, and still refuses other private addresses", () => {
    process.env.OUTBOUND_ALLOW_HTTP = "loopback";
    reloadConfig();
    try {
      expect(checkOutboundUrl("http://127.0.0.1:9/a").port).toBe("9");
      expect(checkOutboundUrl("http://[::1]:9/a").port).toBe("9");
      expect(checkOutboundUrl("http://localhost:9/a").hostname).toBe("localhost");
      for (const url of ["https://10.0.0.1/", "http://192.168.1.1/", "https://[fc00::1]/", "https://169.254.169.254/"])
        expect(() => checkOutboundUrl(url), url).toThrow(/private/);
    } finally {
      process.env.OUTBOUND_ALLOW_HTTP = "";
      reloadConfig();
    }
  });
});
