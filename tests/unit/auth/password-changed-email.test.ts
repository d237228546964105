import { describe, expect, it } from "vitest";
import { passwordChangedEmail } from "@/lib/auth/password-changed-email";

const revoked = { sessions: 2, apiKeys: [], grants: 0, shareLinks: 0, calendarFeeds: 0 };
const resetUrl = "https://launchloop.example/forgot-password";

describe("the password-changed e-mail", () => {
  it("names the share links and calendar subscriptions a reset stopped", () => {
    const { text, html } = passwordChangedEmail({ revoked: { ...revoked, shareLinks: 2, calendarFeeds: 1 }, resetUrl });
    expect(text).toContain("2 share links and 1 calendar subscription stopped working");
    expect(html).toContain("2 share links and 1 calendar subscription stopped working");
  });

  it("says nothing of links when there were none", () => {
    const { text } = passwordChangedEmail({ revoked, resetUrl });
    expect(text).not.toMatch(/share link|calendar/);
    expect(text).toContain("No API key was revoked.");
  });
});
