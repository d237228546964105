import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";

const cachedFiles = new Map<string, string>();

/** A random secret kept in `DATA_DIR/<name>` (created once, mode 600) so it survives restarts: the embedded default of a configured secret. */
export function dataDirSecret(name: string): string {
  const file = path.join(config().dataDir, name);
  const cached = cachedFiles.get(file);
  if (cached) return cached;
  let secret: string;
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config().dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    secret = fs.readFileSync(file, "utf8").trim();
  }
  cachedFiles.set(file, secret);
  return secret;
}

/**
 * The server secret: `APP_SECRET`, or for the embedded setup a random one kept in
 * `DATA_DIR/app-secret` so it survives restarts.
 */
export function appSecret(): string {
  return config().appSecret ?? dataDirSecret("app-secret");
}

/** A key for one purpose, derived from the server secret. */
export function derivedKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret(), "launchloop", purpose, 32));
}

/** Encrypts with AES-256-GCM under a 32-byte key: `iv.tag.ciphertext`, base64url. */
export function sealWithKey(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")).join(".");
}

export function unsealWithKey(sealed: string, key: Buffer): string {
  const [iv, tag, ciphertext] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}

/** Encrypts with AES-256-GCM under the key for `purpose`. */
export const seal = (plaintext: string, purpose: string) => sealWithKey(plaintext, derivedKey(purpose));

export const unseal = (sealed: string, purpose: string) => unsealWithKey(sealed, derivedKey(purpose));
