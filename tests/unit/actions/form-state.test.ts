import { describe, expect, it } from "vitest";
import { describeError, describeFailure, failedForm, fieldErrorsOf, fieldName } from "@/lib/actions/form-state";

describe("form state from an error envelope", () => {
  it("puts the first issue of each top-level field next to that field", () => {
    const error = {
      error: "The request is not valid.",
      code: "invalid_request" as const,
      retryable: false,
      issues: [
        { path: "email", message: "Invalid email address" },
        { path: "onboarding.features.0.what", message: "Too long" },
        { path: "email", message: "second message" },
      ],
    };
    expect(fieldErrorsOf(error)).toEqual({ email: "Invalid email address", onboarding: "Too long" });
    expect(failedForm({ error }, { email: "x" })).toEqual({
      status: "error",
      message: "Some fields need another look.",
      fieldErrors: { email: "Invalid email address", onboarding: "Too long" },
      values: { email: "x" },
    });
  });

  it("turns limits and plan locks into a sentence with a next step", () => {
    expect(describeError({ error: "Too many requests.", code: "rate_limited", retryable: true }, 600)).toBe(
      "Too many requests. Try again in 10 minutes.",
    );
    expect(describeError({ error: "Exports are part of pro.", code: "upgrade_required", retryable: false })).toContain(
      "Settings → Billing",
    );
    expect(describeError({ error: "boom", code: "internal_error", retryable: true })).not.toContain("boom");
    expect(
      describeError(
        { error: "The daily run limit of your plan is reached.", code: "daily_run_limit", retryable: true },
        3 * 3600 + 60,
      ),
    ).toBe(
      "You have used all of today's drafts on your plan. It resets at midnight UTC, in 3 h 1 min. Upgrade for more drafts a day.",
    );
  });

  it("reads the code, never the message's text: an ended session and a wrong password are told apart by code", () => {
    const ended = "Your session has ended. Sign in again to continue.";
    expect(
      describeError({
        error: "A valid API key is required: send 'Authorization: Bearer <key>'.",
        code: "unauthorized",
        retryable: false,
      }),
    ).toBe(ended);
    expect(describeError({ error: "Sign in to continue.", code: "unauthorized", retryable: false })).toBe(ended);
    expect(
      describeError({
        error: "That e-mail and password do not match an account.",
        code: "invalid_credentials",
        retryable: false,
      }),
    ).toContain("do not match");
  });

  it("spells out an invalid request's issues for actions without fields to mark", () => {
    const error = {
      error: "The request is not valid.",
      code: "invalid_request" as const,
      retryable: false,
      issues: [{ path: "title", message: "Too long" }],
    };
    expect(describeFailure({ error })).toBe("Some fields need another look. Title: Too long");
    expect(describeError(error)).toBe("Some fields need another look.");
  });

  it("spells out a form's issues with the fields named as people read them, never paths", () => {
    const error = {
      error: "The request is not valid.",
      code: "invalid_request" as const,
      retryable: false,
      issues: [
        { path: "expiresAt", message: "Enter a date and time, like 2026-12-01T09:00:00Z." },
        { path: "", message: "Not a field here: extra. Remove it." },
      ],
    };
    expect(describeFailure({ error })).toBe(
      "Some fields need another look. Expires at: Enter a date and time, like 2026-12-01T09:00:00Z. Not a field here: extra. Remove it.",
    );
    expect(
      describeError({ error: "The logo must be a PNG, JPEG or WebP image.", code: "invalid_request", retryable: false }),
    ).toBe("The logo must be a PNG, JPEG or WebP image.");
    expect(describeError({ error: "The request is not valid.", code: "invalid_request", retryable: false })).toBe(
      "Some fields need another look.",
    );
    expect([fieldName("body.parts.2"), fieldName("fields.appPassword"), fieldName("")]).toEqual(["Parts 3", "App password", ""]);
  });
});
