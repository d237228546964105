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
});
