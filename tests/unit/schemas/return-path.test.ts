import { describe, expect, it } from "vitest";
import { isSafeReturnPath, returnPathSchema, safeReturnPath } from "@/lib/schemas/return-path";

describe("safe return paths", () => {
  it.each([
    "/dashboard",
    "/projects/0b7f3c2e-1111-4222-8333-944445555666/growth",
    "/projects/abc/growth?week=3#item-1",
    "/settings/keys",
    "/a%20b",
  ])("keeps %s", (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "//evil.example/dashboard",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "https://evil.example/dashboard",
    "http:/evil.example",
    "javascript:alert(1)",
    "dashboard",
    "",
    " /dashboard",
    "/\tevil",
    "/\n/evil.example",
    "/dash board",
    `/${"a".repeat(2000)}`,
  ])("refuses %j", (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
    expect(safeReturnPath(path)).toBe("/dashboard");
  });

  it("refuses what is not a string, and falls back to the given page", () => {
    expect(isSafeReturnPath(undefined)).toBe(false);
    expect(isSafeReturnPath(["/dashboard"])).toBe(false);
    expect(safeReturnPath(null, "/settings/billing")).toBe("/settings/billing");
  });

  it("is the schema's check too", () => {
    expect(returnPathSchema.safeParse("/projects/a/pack").success).toBe(true);
    expect(returnPathSchema.safeParse("//evil.example").success).toBe(false);
  });
});
