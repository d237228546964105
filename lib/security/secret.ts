import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";

let cachedSecret: string | undefined;

/**
 * The server secret: `APP_SECRET`, or for the embedded setup a random one kept in
 * `DATA_DIR/app-secret` so it survives restarts.
 */
export function appSecret(): string {
  if (config().appSecret) return config().appSecret!;
  if (cachedSecret) return cachedSecret;
  const file = path.join(config().dataDir, "app-secret");
  try {
    cachedSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config().dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    cachedSecret = fs.readFileSync(file, "utf8").trim();
  }
  return cachedSecret;
}

/** A key for one purpose, derived from the server secret. */
export function derivedKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret(), "launchloop", purpose, 32));
}

/** Encrypts with AES-256-GCM under the key for `purpose`. */
export function seal(plaintext: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")).join(".");
}

export function unseal(sealed: string, purpose: string): string {
  const [iv, tag, ciphertext] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", derivedKey(purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}
