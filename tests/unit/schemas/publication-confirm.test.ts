import { describe, expect, it } from "vitest";
import { publicationConfirmRequest } from "@/lib/schemas/publishing";

describe("publicationConfirmRequest", () => {
  it("takes posted with an https link, or not_posted alone", () => {
    expect(publicationConfirmRequest.safeParse({ outcome: "posted", url: "https://x.com/a/status/1" }).success).toBe(true);
    expect(publicationConfirmRequest.safeParse({ outcome: "not_posted" }).success).toBe(true);
  });

  it("refuses anything else: no link, a link that is not https, a link with not_posted, an unknown field or outcome", () => {
    for (const input of [
      { outcome: "posted" },
      { outcome: "posted", url: "http://x.com/a/status/1" },
      { outcome: "posted", url: "javascript:alert(1)" },
      { outcome: "not_posted", url: "https://x.com/a/status/1" },
      { outcome: "not_posted", itemId: "00000000-0000-4000-8000-000000000000" },
      { outcome: "published" },
      {},
    ]) {
      expect(publicationConfirmRequest.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});
