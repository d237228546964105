import { describe, expect, it } from "vitest";
import { commonSecurityHeaders, contentSecurityPolicy, insecureAppUrlProblem, newNonce } from "@/lib/security/headers";

describe("insecureAppUrlProblem", () => {
  it.each([
    "https://launchloop.example",
    "http://localhost:3000",
    "http://127.0.0.1:41234",
    "http://[::1]:3000",
    "https://127.0.0.1",
  ])("lets %s start", (url) => {
    expect(insecureAppUrlProblem(url)).toBeUndefined();
  });

  it.each(["http://launchloop.example", "http://10.0.0.5:3000", "http://localhost.evil.example", "ftp://localhost", "not a url"])(
    "refuses %s with one line",
    (url) => {
      const problem = insecureAppUrlProblem(url);
      expect(problem).toMatch(/APP_URL/);
      expect(problem).not.toContain("\n");
    },
  );
});

describe("the page policy", () => {
  it("allows scripts from self and the nonce only, and eval only in development", () => {
    const policy = contentSecurityPolicy("abc", { https: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc';");
    expect(policy).not.toMatch(/unsafe-eval|strict-dynamic|upgrade-insecure-requests/);
    expect(contentSecurityPolicy("abc", { https: false, development: true })).toContain(
      "script-src 'self' 'nonce-abc' 'unsafe-eval';",
    );
    expect(contentSecurityPolicy("abc", { https: true })).toContain("upgrade-insecure-requests");
  });

  it("makes a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("sends HSTS only over https", () => {
    expect(commonSecurityHeaders({ https: false })).not.toHaveProperty("Strict-Transport-Security");
    expect(commonSecurityHeaders({ https: true })["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });
});
