import { describe, expect, it } from "vitest";
import { mailFileName } from "@/lib/mail";

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
