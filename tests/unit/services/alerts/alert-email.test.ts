import { describe, expect, it } from "vitest";
import { alertEmail } from "@/lib/services/alerts/alert-email";
import type { AlertRecord } from "@/lib/services/alerts/serialize";

const alert = (overrides: Partial<AlertRecord>): AlertRecord => ({
  id: crypto.randomUUID(),
  accountId: crypto.randomUUID(),
  projectId: "11111111-1111-4111-8111-111111111111",
  kind: "post_failed",
  subjectType: "item",
  subjectId: crypto.randomUUID(),
  message: '"Launch day" did not go out on bluesky (Tidybooks): Bluesky: rate limited',
  createdAt: new Date("2026-11-28T09:00:00Z"),
  emailedAt: null,
  dismissedAt: null,
  resolvedAt: null,
  ...overrides,
});

describe("alertEmail", () => {
  it("names the one alert in the subject, with where to fix it and where to turn alerts off", () => {
    const mail = alertEmail([
      alert({ kind: "connection_disconnected", message: "Bluesky disconnected ada.example (Tidybooks)" }),
    ]);
    expect(mail.subject).toBe("Launchloop: Bluesky disconnected ada.example (Tidybooks)");
    expect(mail.text).toContain("/projects/11111111-1111-4111-8111-111111111111/settings");
    expect(mail.text).toContain("/settings/account#alerts");
  });

  it("lists every alert of a burst in one e-mail, each with its own link", () => {
    const mail = alertEmail(Array.from({ length: 10 }, (_, index) => alert({ message: `Post ${index} failed` })));
    expect(mail.subject).toBe("Launchloop: 10 things need your attention");
    for (let index = 0; index < 10; index++) expect(mail.text).toContain(`- Post ${index} failed`);
    expect(mail.text.match(/Fix it: /g)).toHaveLength(10);
  });

  it("keeps a long message's subject short", () => {
    expect(alertEmail([alert({ message: "x".repeat(400) })]).subject.length).toBeLessThanOrEqual(150);
  });
});
