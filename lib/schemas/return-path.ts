import { z } from "zod";

const longest = 2000;

/** One slash, then no second slash or backslash, and no space, control character or backslash anywhere. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const sitePath = /^\/(?![/\\])[^\u0000-\u0020\u007f\\]*$/;

/**
 * Whether `value` is a path of this site to come back to (after signing in, after paying):
 * one leading slash, never `//host` or `/\host` (browsers read both as another host), no
 * scheme, no control characters or spaces, and it stays on this origin once resolved.
 */
export function isSafeReturnPath(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > longest) return false;
  if (!sitePath.test(value)) return false;
  try {
    const base = "https://return.invalid";
    const resolved = new URL(value, base);
    return resolved.origin === base && resolved.pathname.startsWith("/");
  } catch {
    return false;
  }
}

/** `value` when it is a safe path of this site, else `fallback`. */
export const safeReturnPath = (value: unknown, fallback = "/dashboard"): string => (isSafeReturnPath(value) ? value : fallback);

/** A path of this site to come back to: the same check as `isSafeReturnPath`. */
export const returnPathSchema = z
  .string()
  .max(longest)
  .regex(sitePath, { message: "Use a path of this site, starting with one slash." })
  .refine(isSafeReturnPath, { message: "Use a path of this site, starting with one slash." })
  .meta({ examples: ["/dashboard"] });
