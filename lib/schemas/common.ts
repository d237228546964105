import { z } from "zod";

/** A string of `min` to `max` characters. */
export const text = (min: number, max: number) => z.string().min(min).max(max);

/** An optional onboarding answer: absent, null, or a string of at most `max` characters. */
export const optionalAnswer = (max: number) => z.string().max(max).nullish();

/** An optional list of short answers: absent, null, or up to `items` strings of at most `max` characters. */
export const optionalAnswerList = (items: number, max: number) => z.array(z.string().max(max)).max(items).nullish();

export const uuid = z.uuid();
export const timestamp = z.iso.datetime().describe("ISO-8601 UTC timestamp");

/** Path parameter holding a resource id. */
export const idParams = z.strictObject({ id: uuid.describe("Project id") });

// Exact rules of the specification: no leading dot in the local part, no consecutive dots,
// a domain of dot-separated labels and a top-level label of at least two letters.
const emailPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const email = z
  .string()
  .max(254)
  .regex(emailPattern, { message: "Invalid email address" })
  .meta({ format: "email" });

export const plans = ["free", "pro", "studio"] as const;
export const planSchema = z.enum(plans);
export const paidPlanSchema = z.enum(["pro", "studio"]);
