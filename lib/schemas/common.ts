import { z } from "zod";
import { isUnsafeText, unsafeTextMessage } from "./common-text";

export { isUnsafeText, unsafeTextMessage };

// In the browser, zod's compiled fast path probes `new Function`, which the pages' CSP
// forbids (and reports); the interpreted path is the same validation.
if (typeof window !== "undefined") z.config({ jitless: true });

/** A string a client may send: any text but NUL and unpaired surrogates. */
export const safeString = () => z.string().refine((value) => !isUnsafeText(value), { message: unsafeTextMessage, abort: true });

/** Paths (dot-joined) of every string, key included, in a JSON value that is not safe text. Iterative: any depth. */
export function unsafeTextPaths(value: unknown): string[] {
  const found: string[] = [];
  const pending: [unknown, string[]][] = [[value, []]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === "string") {
      if (isUnsafeText(current)) found.push(path.join("."));
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        if (isUnsafeText(key)) found.push([...path, "(key)"].join("."));
        else pending.push([child, [...path, key]]);
      }
    }
  }
  return found;
}

/** A string of `min` to `max` characters. */
export const text = (min: number, max: number) => safeString().min(min).max(max);

/** An optional onboarding answer: absent, null, or a string of at most `max` characters. */
export const optionalAnswer = (max: number) => safeString().max(max).nullish();

/** An optional list of short answers: absent, null, or up to `items` strings of at most `max` characters. */
export const optionalAnswerList = (items: number, max: number) => z.array(safeString().max(max)).max(items).nullish();

export const uuid = z.uuid();
export const timestamp = z.iso.datetime().describe("ISO-8601 UTC timestamp");

/** Path parameter holding a resource id. */
export const idParams = z.strictObject({ id: uuid.describe("Project id") });

// Exact rules of the specification: no leading dot in the local part, no consecutive dots,
// a domain of dot-separated labels and a top-level label of at least two letters.
const emailPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const email = z.string().max(254).regex(emailPattern, { message: "Invalid email address" }).meta({ format: "email" });

export const plans = ["free", "pro", "studio"] as const;
export const planSchema = z.enum(plans);
export const paidPlans = ["pro", "studio"] as const;
export const paidPlanSchema = z.enum(paidPlans);

/** Optional paging of a list: without both, the whole list as before. */
export const pageQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe("At most this many items (1-100); without it, every item after the cursor"),
  cursor: z.string().min(1).max(512).optional().describe("The `nextCursor` of the previous page (opaque)"),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A paged list's pointer to its next page. */
export const nextCursor = z
  .string()
  .nullable()
  .optional()
  .describe("Sent only when `limit` or `cursor` was: the cursor of the next page, null on the last page");
