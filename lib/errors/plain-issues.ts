import type { z } from "zod";

/** A zod issue as it reaches a face: its code, where it is and what zod knows of it. */
export interface IssueLike {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  exact?: boolean;
  inclusive?: boolean;
  expected?: string;
  format?: string;
  prefix?: string;
  suffix?: string;
  includes?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  divisor?: unknown;
}

/** zod's own English words start like this; a schema's own message (`.min(8, "…")`) never does, and is kept. */
const zodDefault =
  /^(Invalid (input|option|string|number|key|value|discriminator|[A-Za-z]+ ?\w*$)|Too (small|big):|Unrecognized keys?:)/;

const nouns: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

const formats: Record<string, string> = {
  email: "Enter an e-mail address, like name@example.com.",
  url: "Enter a full address, starting with https://.",
  uuid: "This is not a valid id.",
  datetime: "Enter a date and time, like 2026-12-01T09:00:00Z.",
  date: "Enter a date, like 2026-12-01.",
  time: "Enter a time, like 09:00.",
};

const count = (value: unknown, one: string, many: string) => `${String(value)} ${Number(value) === 1 ? one : many}`;
const listOf = (values: readonly unknown[]) => values.map((value) => String(value)).join(", ");

/** How much is too little or too much, in words: "at least 8 characters", "at most 4 entries". */
function bound(issue: IssueLike, word: "least" | "most"): string {
  const value = word === "least" ? issue.minimum : issue.maximum;
  const how = issue.exact ? "exactly" : `at ${word}`;
  if (issue.origin === "string") return `${how} ${count(value, "character", "characters")}`;
  if (issue.origin === "array" || issue.origin === "set") return `${how} ${count(value, "entry", "entries")}`;
  if (issue.origin === "file") return `${how} ${count(value, "byte", "bytes")}`;
  const strict = issue.inclusive === false ? (word === "least" ? "more than" : "less than") : how;
  return `${strict} ${String(value)}`;
}

/**
 * One zod issue in plain words for the field it belongs to ("Use at least 8 characters.",
 * "Required."): the one place every face (REST, MCP, server actions, the wizard) turns
 * zod's validator English into sentences for people. A schema's own message is kept.
 */
export function plainIssueMessage(issue: IssueLike): string {
  if (issue.code === "custom" || !zodDefault.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return / received undefined$/.test(issue.message) || !issue.message.includes("received")
        ? "Required."
        : `Must be ${nouns[issue.expected ?? ""] ?? issue.expected ?? "something else"}.`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1 && !issue.exact) return "Required.";
      if ((issue.origin === "array" || issue.origin === "set") && Number(issue.minimum) === 1 && !issue.exact)
        return "Choose at least one.";
      return issue.origin === "string" || issue.origin === "array"
        ? `Use ${bound(issue, "least")}.`
        : `Must be ${bound(issue, "least")}.`;
    case "too_big":
      return issue.origin === "string" || issue.origin === "array"
        ? `Use ${bound(issue, "most")}.`
        : `Must be ${bound(issue, "most")}.`;
    case "invalid_format":
      if (issue.format === "starts_with") return `Start it with "${issue.prefix}".`;
      if (issue.format === "ends_with") return `End it with "${issue.suffix}".`;
      if (issue.format === "includes") return `Include "${issue.includes}".`;
      return formats[issue.format ?? ""] ?? "This is not in the expected form.";
    case "invalid_value":
      if (!issue.values?.length) return "Choose one of the options.";
      return issue.values.length === 1 ? `Must be ${String(issue.values[0])}.` : `Choose one of: ${listOf(issue.values)}.`;
    case "not_multiple_of":
      return `Use a multiple of ${String(issue.divisor)}.`;
    case "unrecognized_keys":
      return `Not a field here: ${listOf(issue.keys ?? [])}. Remove ${(issue.keys?.length ?? 0) > 1 ? "them" : "it"}.`;
    default:
      return "This value is not valid here.";
  }
}

/** A zod error's issues as `{path, message}` in plain words, `prefix` before each path (`fields.handle`). */
export function plainIssues(error: z.ZodError, prefix?: string): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: plainIssueMessage(issue as unknown as IssueLike),
  }));
}
