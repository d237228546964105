import { afterEach, describe, expect, it } from "vitest";
import { describeDatabaseProblem } from "@/lib/cli/database-problem";
import { reloadConfig } from "@/lib/config";
import { describeError, isDatabaseUnavailable } from "@/lib/db/errors";
import { clientIpOf, definePeerAddressHeader } from "@/lib/http/client-ip";
import { hasMalformedEscape } from "@/lib/http/malformed-path";
import { mailFileName } from "@/lib/mail";
import { email, optionalAnswer, text, unsafeTextPaths } from "@/lib/schemas/common";

describe("shared string schemas", () => {
  it("refuse U+0000 and unpaired surrogates, and keep paired ones", () => {
    for (const schema of [text(0, 100), optionalAnswer(100)]) {
      expect(schema.safeParse("a\u0000b").success).toBe(false);
      expect(schema.safeParse("a\ud800").success).toBe(false);
      expect(schema.safeParse("\udc00b").success).toBe(false);
      expect(schema.safeParse("rocket \ud83d\ude80").success).toBe(true);
    }
    expect(email.safeParse("a\u0000@example.com").success).toBe(false);
  });

  it("find unsafe text at any depth, keys included", () => {
    expect(unsafeTextPaths({ a: [{ b: "ok" }, { c: "x\ud800" }], d: "\u0000" })).toEqual(["a.1.c", "d"]);
    expect(unsafeTextPaths({ "k\u0000": 1 })).toEqual(["(key)"]);
    expect(unsafeTextPaths({ a: ["\ud83d\ude80"] })).toEqual([]);
  });
});

describe("mail file names", () => {
  it("stay under 255 bytes for the longest valid address and differ per address", () => {
    const local = "a".repeat(64);
    const long = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    expect(long.length).toBeGreaterThanOrEqual(250);
    const name = mailFileName(long);
    expect(Buffer.byteLength(name)).toBeLessThan(160);
    expect(name).not.toBe(mailFileName(long.replace("a@", "e@")));
    expect(mailFileName("ada@example.com")).toContain("-ada@example.com-");
  });
});

describe("error logs", () => {
  it("name the codes of a failed query but never its statement or parameters", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret-value"'), {
      name: "PostgresError",
      code: "22P02",
    });
    const failed = Object.assign(new Error("Failed query: select * from accounts where email = $1\nparams: ada@example.com"), {
      name: "DrizzleQueryError",
      query: "select * from accounts where email = $1",
      params: ["ada@example.com"],
      cause,
    });
    const line = describeError(failed);
    expect(line).toContain("DrizzleQueryError");
    expect(line).toContain("22P02");
    expect(line).not.toMatch(/ada@example\.com|secret-value|select \*/);
  });

  it("recognize an outage and explain it without the password", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    const failed = Object.assign(new Error("Failed query: CREATE SCHEMA IF NOT EXISTS drizzle"), {
      query: "CREATE SCHEMA",
      params: [],
      cause: refused,
    });
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    const told = describeDatabaseProblem(failed, "postgres://app:hunter2@db.internal:5432/app");
    expect(told).toContain("connection refused");
    expect(told).toContain("postgres://app:***@db.internal:5432/app");
    expect(told).not.toContain("hunter2");
    expect(told).not.toContain("CREATE SCHEMA");
    const missing = Object.assign(new Error('database "nope" does not exist'), { code: "3D000" });
    expect(describeDatabaseProblem({ query: "x", cause: missing }, "postgres://u:pw@h/nope")).toMatch(/no such database/);
  });
});

describe("the client address", () => {
  const saved = { TRUST_PROXY: process.env.TRUST_PROXY, VERCEL: process.env.VERCEL };
  const withEnv = (env: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    reloadConfig();
  };
  afterEach(() => withEnv(saved));

  it("ignores X-Forwarded-For unless proxies are trusted, and uses the recorded socket address", () => {
    withEnv({ TRUST_PROXY: undefined, VERCEL: undefined });
    const peer = definePeerAddressHeader();
    const forged = new Headers({ "x-forwarded-for": "198.51.100.7", [peer]: "::ffff:203.0.113.5" });
    expect(clientIpOf(forged)).toBe("203.0.113.5");
    expect(clientIpOf(new Headers({ "x-forwarded-for": "198.51.100.7" }))).toBe("unknown");
  });

  it("takes the hop the trusted proxies appended, or Vercel's own header", () => {
    withEnv({ TRUST_PROXY: "1", VERCEL: undefined });
    expect(clientIpOf(new Headers({ "x-forwarded-for": "198.51.100.7, 203.0.113.5" }))).toBe("203.0.113.5");
    withEnv({ TRUST_PROXY: "2" });
    expect(clientIpOf(new Headers({ "x-forwarded-for": "198.51.100.7, 203.0.113.5, 10.0.0.2" }))).toBe("203.0.113.5");
    withEnv({ TRUST_PROXY: undefined, VERCEL: "1" });
    expect(clientIpOf(new Headers({ "x-forwarded-for": "198.51.100.7", "x-vercel-forwarded-for": "203.0.113.8" }))).toBe(
      "203.0.113.8",
    );
  });
});

describe("malformed percent-escapes", () => {
  it("are told apart from valid ones", () => {
    for (const path of ["/api/v1/%zz", "/api/v1/projects/%E0%A4%A", "/api/v1/%"]) expect(hasMalformedEscape(path)).toBe(true);
    for (const path of ["/api/v1/projects/%20x", "/api/v1/me", "/api/v1/%F0%9F%9A%80"])
      expect(hasMalformedEscape(path)).toBe(false);
  });
});
