import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plainIssueMessage, plainIssues } from "@/lib/errors/plain-issues";

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a refusal");
  return plainIssues(parsed.error);
};

describe("zod issues in plain words", () => {
  it("says how long text must be, never zod's validator English", () => {
    const form = z.strictObject({ password: z.string().min(8).max(100), name: z.string().trim().min(1).max(5) });
    expect(messagesOf(form, { password: "short", name: "" })).toEqual([
      { path: "password", message: "Use at least 8 characters." },
      { path: "name", message: "Required." },
    ]);
    expect(messagesOf(form, { password: "x".repeat(101), name: "abcdefg" })).toEqual([
      { path: "password", message: "Use at most 100 characters." },
      { path: "name", message: "Use at most 5 characters." },
    ]);
  });

  it("says a missing field is required, and names what a field of the wrong type must be", () => {
    const body = z.strictObject({ email: z.email(), count: z.number().int().min(1).max(10) });
    const issues = messagesOf(body, { count: "three" });
    expect(issues).toEqual([
      { path: "email", message: "Required." },
      { path: "count", message: "Must be a number." },
    ]);
    expect(messagesOf(body, { email: "nope", count: 11 })).toEqual([
      { path: "email", message: "Enter an e-mail address, like name@example.com." },
      { path: "count", message: "Must be at most 10." },
    ]);
  });

  it("lists the choices of an enum, names unknown fields and counts a list's entries", () => {
    const body = z.strictObject({ plan: z.enum(["pro", "studio"]), tags: z.array(z.string()).min(1).max(2) });
    expect(messagesOf(body, { plan: "gold", tags: [] })).toEqual([
      { path: "plan", message: "Choose one of: pro, studio." },
      { path: "tags", message: "Choose at least one." },
    ]);
    expect(messagesOf(body, { plan: "pro", tags: ["a", "b", "c"], extra: 1 })).toEqual([
      { path: "tags", message: "Use at most 2 entries." },
      { path: "", message: "Not a field here: extra. Remove it." },
    ]);
  });

  it("keeps a schema's own message and a refinement's, and prefixes paths", () => {
    const body = z.object({
      password: z.string().min(8, "A password needs 8 characters or more."),
      url: z.url().refine((value) => value.startsWith("https://"), "Use an https:// address."),
    });
    expect(messagesOf(body, { password: "abc", url: "http://example.com" })).toEqual([
      { path: "password", message: "A password needs 8 characters or more." },
      { path: "url", message: "Use an https:// address." },
    ]);
    const parsed = z.object({ handle: z.string().min(3) }).safeParse({ handle: "a" });
    expect(parsed.success || plainIssues(parsed.error, "fields")).toEqual([
      { path: "fields.handle", message: "Use at least 3 characters." },
    ]);
  });

  it("rewrites an issue by its code, and keeps what it does not know", () => {
    expect(
      plainIssueMessage({
        code: "too_small",
        message: "Too small: expected string to have >=8 characters",
        path: ["password"],
        origin: "string",
        minimum: 8,
        inclusive: true,
      }),
    ).toBe("Use at least 8 characters.");
    expect(plainIssueMessage({ code: "invalid_format", message: "Invalid URL", path: ["site"], format: "url" })).toBe(
      "Enter a full address, starting with https://.",
    );
    expect(plainIssueMessage({ code: "custom", message: "Invalid input", path: [] })).toBe("Invalid input");
  });
});
