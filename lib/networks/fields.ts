import { AppError } from "@/lib/errors";
import { plainIssues } from "@/lib/errors/plain-issues";
import type { FormSpec } from "./provider";

/**
 * What a founder sent for a provider's form (connect fields, an item's options), parsed by
 * its schema: a refusal is a 400 naming the field (`publishOptions.subreddit: Required.`).
 */
export function parseFields(form: FormSpec, value: unknown, prefix: string): Record<string, unknown> {
  const parsed = form.schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issues = plainIssues(parsed.error, prefix);
  throw new AppError("invalid_request", issues.map((issue) => `${issue.path}: ${issue.message}`).join("; "), {
    details: { issues },
  });
}
