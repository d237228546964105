import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}
