import { randomInt } from "node:crypto";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const linkCodeLength = 8;

/** A short code nobody can guess from another: 8 random base-62 characters (about 2×10¹⁴ codes). */
export function newLinkCode(): string {
  let code = "";
  for (let index = 0; index < linkCodeLength; index++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Whether a path segment could be a code at all (the redirect answers 404 without a lookup otherwise). */
export const isLinkCode = (value: string) => value.length === linkCodeLength && /^[0-9A-Za-z]+$/.test(value);
