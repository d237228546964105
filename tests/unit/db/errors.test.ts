import { describe, expect, it } from "vitest";
import { describeDatabaseProblem } from "@/lib/cli/database-problem";
import { describeError, isDatabaseUnavailable } from "@/lib/db/errors";

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
