import { afterEach, describe, expect, it } from "vitest";
import { clientIpOf, definePeerAddressHeader } from "@/lib/http/client-ip";
import { setEnv } from "@/tests/support/env";

describe("the client address", () => {
  const saved = { TRUST_PROXY: process.env.TRUST_PROXY, VERCEL: process.env.VERCEL };
  afterEach(() => {
    setEnv(saved);
  });

  it("ignores X-Forwarded-For unless proxies are trusted, and uses the recorded socket address", () => {
    setEnv({ TRUST_PROXY: undefined, VERCEL: undefined });
    const peer = definePeerAddressHeader();
    const forged = new Headers({ "x-forwarded-for": "198.51.100.7", [peer]: "::ffff:203.0.113.5" });
    expect(clientIpOf(forged)).toBe("203.0.113.5");
    expect(clientIpOf(new Headers({ "x-forwarded-for": "198.51.100.7" }))).toBe("unknown");
  });

  it("takes the hop the trusted proxies appended, or Vercel's own header", () => {
    setEnv({ TRUST_PROXY: "1", VERCEL: undefined });
    expect(clientIpOf(new Headers({ "x-forwarded-for": "198.51.100.7, 203.0.113.5" }))).toBe("203.0.113.5");
    setEnv({ TRUST_PROXY: "2" });
    expect(clientIpOf(new Headers({ "x-forwarded-for": "198.51.100.7, 203.0.113.5, 10.0.0.2" }))).toBe("203.0.113.5");
    setEnv({ TRUST_PROXY: undefined, VERCEL: "1" });
    expect(clientIpOf(new Headers({ "x-forwarded-for": "198.51.100.7", "x-vercel-forwarded-for": "203.0.113.8" }))).toBe(
      "203.0.113.8",
    );
  });
});
