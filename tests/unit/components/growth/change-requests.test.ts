import { describe, expect, it } from "vitest";
import { latestChangeRequests, openChangeRequest } from "@/components/growth/types";

// The week board shows a reviewer's request for changes on its item until the founder approves it again.

const review = (itemId: string, action: string, comment: string | null, at: string) => ({
  itemId,
  action,
  reviewerName: "Sam",
  comment,
  createdAt: `2026-11-2${at}T10:00:00Z`,
});

describe("change requests on the week board", () => {
  const requests = latestChangeRequests([
    review("a", "changes_requested", "Shorter.", "1"),
    review("b", "changes_requested", "Lead with the price.", "1"),
    review("b", "approved", null, "2"),
    review("c", "edited", null, "1"),
    review("c", "changes_requested", "Still too long.", "3"),
  ]);

  it("keeps each item's latest review when it asked for changes", () => {
    expect(Object.keys(requests).sort()).toEqual(["a", "c"]);
    expect(requests.c).toEqual({ reviewerName: "Sam", comment: "Still too long.", createdAt: "2026-11-23T10:00:00Z" });
  });

  it("shows it while the item waits for the founder, not once it is approved again, out or skipped", () => {
    expect(openChangeRequest({ id: "a", status: "draft" }, requests)?.comment).toBe("Shorter.");
    expect(openChangeRequest({ id: "a", status: "planned" }, requests)?.comment).toBe("Shorter.");
    for (const status of ["approved", "published", "skipped"] as const)
      expect(openChangeRequest({ id: "a", status }, requests)).toBeUndefined();
    expect(openChangeRequest({ id: "b", status: "draft" }, requests)).toBeUndefined();
  });
});
