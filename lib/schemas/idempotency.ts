import { z } from "zod";

/** How long an idempotency key's answer is kept and replayed. */
export const idempotencyWindowHours = 24;

/**
 * An `Idempotency-Key` (REST header) or `idempotencyKey` (MCP tool argument): 1 to 255
 * printable ASCII characters, e.g. a V4 UUID.
 */
export const idempotencyKeySchema = z
  .string()
  .min(1, "Send a key of 1 to 255 characters, e.g. a V4 UUID.")
  .max(255, "An idempotency key has at most 255 characters.")
  .regex(/^[\x20-\x7e]*$/, "An idempotency key is printable ASCII (letters, digits, punctuation).")
  .meta({ description: "A key of your own (e.g. a V4 UUID) that makes a retry of this write answer the first answer again" });
