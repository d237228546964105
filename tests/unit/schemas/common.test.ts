import { describe, expect, it } from "vitest";
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
