import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { signedMediaUrl, verifyMediaUrl } from "@/lib/images/media-url";

// The signed address a network fetches a post's image from: one image, one type, one size cap, until it expires.

const imageId = "0b6c3f0e-8d43-4d4e-9a59-3f1f0c2b7a10";
const now = new Date("2026-11-28T12:00:00Z");
const saved = { APP_URL: process.env.APP_URL, APP_SECRET: process.env.APP_SECRET };

beforeAll(() => {
  Object.assign(process.env, { APP_URL: "https://launchloop.example", APP_SECRET: "unit-secret-that-is-long-enough-for-hkdf" });
  reloadConfig();
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
});

const parse = (url: string) => {
  const parsed = new URL(url);
  return { file: parsed.pathname.slice("/media/".length), query: parsed.searchParams };
};

describe("signed media addresses", () => {
  let url = "";
  beforeAll(() => {
    url = signedMediaUrl({
      imageId,
      contentType: "image/png",
      maxBytes: 8_000_000,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
  });

  it("is on APP_URL, names the image and its type, and grants exactly what was signed until it expires", () => {
    expect(url).toMatch(/^https:\/\/launchloop\.example\/media\/0b6c3f0e-[0-9a-f-]+\.png\?max=8000000&exp=\d+&sig=[\w-]{43}$/);
    const { file, query } = parse(url);
    expect(verifyMediaUrl(file, query, now)).toEqual({
      imageId,
      contentType: "image/png",
      maxBytes: 8_000_000,
      expires: Math.floor(now.getTime() / 1000) + 3600,
    });
    expect(verifyMediaUrl(file, query, new Date(now.getTime() + 3600_000))).toBeNull();
  });

  it("refuses any change to the image, type, size cap, expiry or signature", () => {
    const { file, query } = parse(url);
    const edited = (name: string, value: string) => {
      const copy = new URLSearchParams(query);
      copy.set(name, value);
      return copy;
    };
    expect(verifyMediaUrl(file.replace(".png", ".jpg"), query, now)).toBeNull();
    expect(verifyMediaUrl(file.replace("0b6c3f0e", "0b6c3f0f"), query, now)).toBeNull();
    expect(verifyMediaUrl(file, edited("max", "9000000"), now)).toBeNull();
    expect(verifyMediaUrl(file, edited("exp", String(Number(query.get("exp")) + 1)), now)).toBeNull();
    expect(verifyMediaUrl(file, edited("sig", `${query.get("sig")!.slice(0, -1)}x`), now)).toBeNull();
    for (const name of ["max", "exp", "sig"]) {
      const copy = new URLSearchParams(query);
      copy.delete(name);
      expect(verifyMediaUrl(file, copy, now)).toBeNull();
    }
    for (const odd of ["", ".png", "x.png", `${imageId}.gif`, `${imageId}.png.png`, `${imageId}`, "../../etc/passwd"])
      expect(verifyMediaUrl(odd, query, now)).toBeNull();
  });

  it("is signed with the server secret: another secret's address does not verify", () => {
    process.env.APP_SECRET = "another-secret-that-is-long-enough-for-hkdf";
    reloadConfig();
    try {
      const { file, query } = parse(url);
      expect(verifyMediaUrl(file, query, now)).toBeNull();
    } finally {
      process.env.APP_SECRET = "unit-secret-that-is-long-enough-for-hkdf";
      reloadConfig();
    }
  });
});
