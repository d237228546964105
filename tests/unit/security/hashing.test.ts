import { describe, expect, it } from "vitest";
import { hashPassword, sha256Hex, verifyPassword } from "@/lib/security/hashing";

describe("password hashing", () => {
  it("stores scrypt hashes with their parameters and a fresh salt, and verifies them", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse batterY", first)).toBe(false);
    expect(await verifyPassword("correct horse battery", "md5$abc")).toBe(false);
  });

  it("hashes API key secrets with SHA-256", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
