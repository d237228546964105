import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelRules } from "@/lib/channels";
import type { RequestContext } from "@/lib/core/context";
import { reviewLinks } from "@/lib/db/schema";
import { operations } from "@/lib/operations";
import { executeOperation, type RawInput } from "@/lib/operations/execute";
import type { AnyOperation } from "@/lib/operations/operation";
import { authenticatedCall } from "../support/calls";
import { codeOf } from "../support/errors";
import { approvedFirstWeek } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

// A founder gives a co-founder a link to one week: without an account they approve, ask for
// changes and edit drafts under a name they type; the founder sees who did what; nothing goes
// out on a reviewer's word unless the project says a reviewer's approval is enough.

let app: TestApp;
let key: string;
let week: Record<string, string>;
type Item = { id: string; channel: keyof typeof channelRules; status: string; draft: { body: string } | null };
let items: Item[];

const call = authenticatedCall(() => ({ app, key }));
const publicContext = (): RequestContext => ({
  requestId: crypto.randomUUID(),
  db: app.db,
  now: new Date(),
  clientIp: "203.0.113.20",
});
/** A reviewer's call: a public operation with the token, through the one executor. */
const asReviewer = <O extends AnyOperation>(operation: O, raw: RawInput) => executeOperation(operation, raw, publicContext());
const tokenOf = (url: string) => url.split("/review/")[1]!;

async function newLink(body?: unknown) {
  const created = await call("POST", `/api/v1/growth/cycles/${week.cycle}/review-links`, body);
  expect(created.status, created.text).toBe(201);
  return { id: created.json.link.id as string, token: tokenOf(created.json.url) };
}

const approve = (token: string, itemId: string, name = "Sam") =>
  asReviewer(operations.approveAsReviewer, { params: { token, itemId }, body: { name } });
const askChanges = (token: string, itemId: string, comment: string, name = "Sam") =>
  asReviewer(operations.requestChangesAsReviewer, { params: { token, itemId }, body: { name, comment } });
const editText = (token: string, itemId: string, body: string, name = "Sam") =>
  asReviewer(operations.editAsReviewer, { params: { token, itemId }, body: { name, edit: { body } } });
const setOption = (on: boolean) =>
  call("PATCH", `/api/v1/projects/${week.project}/growth/review-settings`, { reviewerApprovalSchedules: on });
const itemNow = async (itemId: string) =>
  (await call("GET", `/api/v1/projects/${week.project}/growth/cycles`)).json.cycles[0].items.find(
    (item: Item) => item.id === itemId,
  ) as Item & { publication: unknown };

beforeAll(async () => {
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  key = founder.key;
  // Studio: a second project of the same account, for the link to refuse.
  await setPlan(app.db, founder.email, "studio");
  week = await approvedFirstWeek(app, key);
  const cycle = (await call("GET", `/api/v1/projects/${week.project}/growth/cycles`)).json.cycles[0];
  items = [];
  for (const item of cycle.items.slice(0, 5) as Item[]) {
    const generated = await call("POST", `/api/v1/growth/items/${item.id}/generate`);
    expect(generated.status, generated.text).toBe(200);
    items.push(generated.json.item);
  }
}, 180_000);
afterAll(() => app.close());

describe("review links", () => {
  it("approves an item and adds a comment without an account; the founder sees who did what, when", async () => {
    const { token } = await newLink({ label: "Sam (co-founder)", expiresInDays: 3 });
    expect(token).toMatch(/^rvw_[A-Za-z0-9_-]{43}$/);

    const shown = await asReviewer(operations.getReviewWeek, { params: { token } });
    expect(shown.items.map((item) => item.id)).toEqual(expect.arrayContaining(items.map((item) => item.id)));
    expect(shown.reviewerApprovalSchedules).toBe(false);
    // The week's plan and drafts, nothing of publishing, connections or the account.
    expect(JSON.stringify(shown)).not.toMatch(/"(connectionId|publication|email|apiKey|scheduledAt|metrics)"/);

    const [first, second] = items;
    const approved = await approve(token, first!.id, "  Sam  ");
    expect(approved.review).toMatchObject({ reviewerName: "Sam", action: "approved", applied: false });
    // Off by default: recorded as a review; the founder still approves.
    expect((await itemNow(first!.id)).status).toBe("draft");

    const asked = await askChanges(token, second!.id, "Shorter, and lead with the price.");
    expect(asked.review).toMatchObject({ action: "changes_requested", comment: "Shorter, and lead with the price." });

    const listed = await call("GET", `/api/v1/growth/items/${second!.id}/reviews`);
    expect(listed.status).toBe(200);
    expect(listed.json.reviews).toEqual([
      expect.objectContaining({
        reviewerName: "Sam",
        action: "changes_requested",
        comment: "Shorter, and lead with the price.",
        createdAt: expect.any(String),
      }),
    ]);
    const links = (await call("GET", `/api/v1/growth/cycles/${week.cycle}/review-links`)).json.links;
    expect(links[0]).toMatchObject({ label: "Sam (co-founder)", revokedAt: null });
    expect(JSON.stringify(links)).not.toContain(token);
    // The page shows the reviews too.
    const again = await asReviewer(operations.getReviewWeek, { params: { token } });
    expect(again.items.find((item) => item.id === second!.id)!.reviews).toHaveLength(1);
  });

  it("answers 404 once revoked, and once expired", async () => {
    const { id, token } = await newLink();
    expect((await call("DELETE", `/api/v1/growth/review-links/${id}`)).json.link.revokedAt).not.toBeNull();
    expect(await codeOf(asReviewer(operations.getReviewWeek, { params: { token } }))).toBe("not_found");
    expect(await codeOf(approve(token, items[0]!.id))).toBe("not_found");
    // Revoking twice is a no-op.
    expect((await call("DELETE", `/api/v1/growth/review-links/${id}`)).status).toBe(200);

    const expiring = await newLink({ expiresInDays: 1 });
    await app.db
      .update(reviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewLinks.id, expiring.id));
    expect(await codeOf(asReviewer(operations.getReviewWeek, { params: { token: expiring.token } }))).toBe("not_found");
    expect(await codeOf(askChanges(expiring.token, items[0]!.id, "Hello"))).toBe("not_found");
    expect(await codeOf(asReviewer(operations.getReviewWeek, { params: { token: `rvw_${"a".repeat(43)}` } }))).toBe("not_found");
  });

  it("edits a draft's text through the same rules as the founder's edits", async () => {
    const { token } = await newLink();
    const x = items.find((item) => item.channel === "x") ?? items[0]!;
    const rule = channelRules[x.channel];
    const edited = await editText(token, x.id, "Reviewed by Sam: short and sweet.");
    expect(edited.review.action).toBe("edited");
    expect(edited.item.draft!.body).toBe("Reviewed by Sam: short and sweet.");
    expect((await itemNow(x.id)).draft!.body).toBe("Reviewed by Sam: short and sweet.");

    expect(await codeOf(editText(token, x.id, "y".repeat(rule.bodyLimit + 50)))).toBe("invalid_request");
    expect(await codeOf(editText(token, x.id, "bad\u0000text"))).toBe("invalid_request");
    expect(await codeOf(editText(token, x.id, "ok", "x".repeat(81)))).toBe("invalid_request");
    expect(await codeOf(askChanges(token, x.id, "c".repeat(2001)))).toBe("invalid_request");
    expect(await codeOf(askChanges(token, x.id, "line\u0007bell"))).toBe("invalid_request");
    // A refused edit records nothing.
    const reviews = (await call("GET", `/api/v1/growth/items/${x.id}/reviews`)).json.reviews;
    expect(reviews.filter((review: { action: string }) => review.action === "edited")).toHaveLength(1);
  });

  it("approves the item as the founder would only when the project says a reviewer's approval is enough; two at once apply once", async () => {
    const { token } = await newLink();
    const item = items[2]!;
    expect((await setOption(true)).json).toEqual({ reviewerApprovalSchedules: true });
    const both = await Promise.all([approve(token, item.id, "Sam"), approve(token, item.id, "Alex")]);
    expect(both.map((answer) => answer.item.status)).toEqual(["approved", "approved"]);
    expect(both.filter((answer) => answer.review.applied)).toHaveLength(1);
    expect((await itemNow(item.id)).status).toBe("approved");
    const reviews = (await call("GET", `/api/v1/growth/items/${item.id}/reviews`)).json.reviews;
    expect(reviews.map((review: { reviewerName: string }) => review.reviewerName).sort()).toEqual(["Alex", "Sam"]);

    expect((await setOption(false)).json).toEqual({ reviewerApprovalSchedules: false });
    const other = items[3]!;
    expect((await approve(token, other.id)).review.applied).toBe(false);
    expect((await itemNow(other.id)).status).toBe("draft");
  });

  it("asking for changes on an approved item takes it back to draft, as the founder's own move does; the founder approves it again", async () => {
    const { token } = await newLink();
    const item = items[2]!;
    expect((await itemNow(item.id)).status).toBe("approved");
    const asked = await askChanges(token, item.id, "Not this week: the launch moved.", "Alex");
    expect(asked.review).toMatchObject({
      action: "changes_requested",
      applied: true,
      comment: "Not this week: the launch moved.",
    });
    expect(asked.item.status).toBe("draft");
    expect(await itemNow(item.id)).toMatchObject({ status: "draft", publication: null });
    // The comment is on the item for the founder (the week board shows its latest request).
    const reviews = (await call("GET", `/api/v1/growth/items/${item.id}/reviews`)).json.reviews;
    expect(reviews.at(-1)).toMatchObject({ reviewerName: "Alex", action: "changes_requested", applied: true });
    // A draft stays a draft: the request is recorded, nothing moves.
    const onDraft = await askChanges(token, items[3]!.id, "A stronger first line.");
    expect([onDraft.review.applied, onDraft.item.status]).toEqual([false, "draft"]);
    const again = await call("PATCH", `/api/v1/growth/items/${item.id}`, { status: "approved" });
    expect([again.status, again.json.item?.status]).toEqual([200, "approved"]);
  });

  it("refuses an item of another project or account through the link (404), and a link answers only its own week", async () => {
    const { token } = await newLink();
    const stranger = await app.signUpWithKey();
    await setPlan(app.db, stranger.email, "pro");
    const theirs = await approvedFirstWeek(app, stranger.key);
    expect(await codeOf(approve(token, theirs.growthItem!))).toBe("not_found");
    expect(await codeOf(askChanges(token, theirs.growthItem!, "Hi"))).toBe("not_found");
    // Another project of the same account.
    const ours = await approvedFirstWeek(app, key);
    expect(await codeOf(editText(token, ours.growthItem!, "Hello"))).toBe("not_found");
    // The founder's side is per account too.
    const strangerCall = (method: string, path: string) => app.request(method, path, { key: stranger.key });
    expect((await strangerCall("GET", `/api/v1/growth/cycles/${week.cycle}/review-links`)).status).toBe(404);
    expect((await strangerCall("GET", `/api/v1/growth/items/${items[0]!.id}/reviews`)).status).toBe(404);
  });

  it("refuses an item of another week of the same project (404)", async () => {
    const { token } = await newLink();
    const retro = await call("POST", `/api/v1/growth/cycles/${week.cycle}/retro`, { overall: "Fine week." });
    expect(retro.status, retro.text).toBe(200);
    const next = (await call("POST", `/api/v1/projects/${week.project}/growth/cycles`)).json.cycle;
    const approvedNext = (await call("POST", `/api/v1/growth/cycles/${next.id}/approve`)).json.cycle;
    expect(await codeOf(askChanges(token, approvedNext.items[0].id, "Hi"))).toBe("not_found");
    // The closed week's link still reads, but takes no more reviews.
    expect(await codeOf(askChanges(token, items[0]!.id, "Hi"))).toBe("cycle_state");
  });
});
