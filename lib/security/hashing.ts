import { hash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** One call, no hash object: it runs on every keyed request (the key's lookup). */
export const sha256Hex = (value: string) => hash("sha256", value, "hex");

/**
 * Whether a secret someone sent equals ours, in constant time whatever its length or bytes:
 * both sides are hashed first, so the comparison always sees two digests of one size.
 */
export const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(hash("sha256", given, "buffer"), hash("sha256", expected, "buffer"));

/** A random URL-safe token with `bytes` bytes of entropy. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

const scryptParams = { N: 16384, r: 8, p: 1, keyLength: 64 };

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes a password with scrypt; the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = scryptParams;
  const key = await scryptAsync(password, salt, keyLength, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}
