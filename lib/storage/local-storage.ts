import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { derivedKey } from "@/lib/security/secret";
import { assertSafeKey, type Storage } from "./storage";

const root = () => path.join(config().dataDir, "storage");
const fileOf = (key: string) => {
  assertSafeKey(key);
  return path.join(root(), key);
};
const signature = (key: string, expires: number) =>
  createHmac("sha256", derivedKey("storage-url")).update(`${key}\n${expires}`).digest("base64url");

/** Checks a signed URL's key, expiry and signature (the route that serves embedded files asks). */
export function verifySignedKey(key: string, expires: number, given: string, now = Date.now()): boolean {
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(key, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Files under DATA_DIR/storage, each with a `.type` file beside it; URLs signed with the server secret. */
export const localStorage: Storage = {
  name: "embedded",
  async put(key, body, contentType) {
    const file = fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed into place, so a reader sees the old object or the new one, never part of one.
    const temporary = `${file}.${randomUUID()}.partial`;
    try {
      await fs.writeFile(`${temporary}.type`, contentType);
      await fs.writeFile(temporary, body);
      await fs.rename(`${temporary}.type`, `${file}.type`);
      await fs.rename(temporary, file);
    } finally {
      await Promise.all([fs.rm(temporary, { force: true }), fs.rm(`${temporary}.type`, { force: true })]);
    }
  },
  async get(key) {
    const file = fileOf(key);
    try {
      return { body: new Uint8Array(await fs.readFile(file)), contentType: await fs.readFile(`${file}.type`, "utf8") };
    } catch {
      return null;
    }
  },
  async remove(keys) {
    for (const key of keys) {
      await fs.rm(fileOf(key), { force: true });
      await fs.rm(`${fileOf(key)}.type`, { force: true });
    }
  },
  async signedUrl(key, expiresInSeconds) {
    assertSafeKey(key);
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    return `${config().appUrl}/api/storage/${key}?expires=${expires}&signature=${signature(key, expires)}`;
  },
};
