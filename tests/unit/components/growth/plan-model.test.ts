import { describe, expect, it } from "vitest";
import { draftBlanks } from "@/components/growth/draft-blanks";
import { fromPlan, validatePlan } from "@/components/growth/plan-check";
import { type EditablePlan, toPlan, withItemSlugs } from "@/components/growth/plan-model";
import { reviewMovesFrom } from "@/components/growth/review-moves";
import { maxPrefilledLinkLength, shareLinkFor } from "@/components/growth/share-links";
import { boardDraft, withBody } from "@/components/growth/types";
import { itemSlug } from "@/lib/growth/item-slugs";
import { dateOf, dayOf, weekDays } from "@/lib/growth/week-days";

const plan = {
  weekTheme: "Launch week",
  rationale: "Why",
  contentPlan: [
    {
      channel: "x",
      count: 2,
      items: [1, 2].map((n) => ({
        slug: `x-${n}`,
        title: `X ${n}`,
        angle: "a",
        keyMessage: "k",
        suggestedDay: n === 1 ? "Mon" : "Wednesday",
      })),
    },
    {
      channel: "linkedin",
      audienceRationale: "Buyers",
      count: 1,
      items: [{ slug: "li", title: "LI", angle: "a", keyMessage: "k", cta: "Try it", suggestedDay: "Tue" }],
    },
  ],
  founderTasks: [{ title: "Reply", description: "d", category: "community", effort: "30 min", suggestedDay: "Fri" }],
  skipped: [],
};

describe("the week's days", () => {
  it("runs Monday to Sunday from the cycle's week start and reads day names and dates", () => {
    const days = weekDays("2026-11-23");
    expect(days.map((day) => day.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(days[0]!.label).toBe("Mon 23 Nov");
    expect(dayOf("Wednesday morning", "2026-11-23")).toBe("Wed");
    expect(dayOf("2026-11-29", "2026-11-23")).toBe("Sun");
    expect(dayOf("2026-11-30", "2026-11-23")).toBeNull();
    expect(dayOf("someday", "2026-11-23")).toBeNull();
    expect(dateOf("fri", "2026-11-23")).toBe("2026-11-27");
  });
});

describe("editing a plan before approval", () => {
  it("round-trips a plan, regrouping items by channel after a channel change", () => {
    const edit = fromPlan(plan);
    expect(toPlan(edit).plan).toEqual(plan);
    const moved: EditablePlan = {
      ...edit,
      items: edit.items.map((item, index) => (index === 1 ? { ...item, channel: "bluesky", suggestedDay: "Sat" } : item)),
    };
    const result = validatePlan(moved);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.contentPlan.map((entry) => [entry.channel, entry.count, entry.items.map((item) => item.title)])).toEqual([
      ["x", 1, ["X 1"]],
      ["bluesky", 1, ["X 2"]],
      ["linkedin", 1, ["LI"]],
    ]);
    expect(result.plan.contentPlan[1]!.items[0]!.suggestedDay).toBe("Sat");
    expect(result.plan.contentPlan[2]!.audienceRationale).toBe("Buyers");
  });

  it("names the items the founder added as the planner names its own: by week, channel and title, each unique", () => {
    const edit = fromPlan(plan);
    const added = { ...edit.items[0]!, key: "new-1", slug: "", title: "Café: 新しい投稿!" };
    const named = withItemSlugs({ ...edit, items: [...edit.items, added, { ...added, key: "new-2" }] }, 3);
    expect(named.items.map((item) => item.slug)).toEqual(["x-1", "x-2", "li", "w3-x-cafe-新しい投稿", "w3-x-cafe-新しい投稿-2"]);
    const taken = new Set<string>();
    expect([itemSlug(3, "x", "Café: 新しい投稿!", taken), itemSlug(3, "x", "!!!", taken)]).toEqual([
      "w3-x-cafe-新しい投稿",
      "w3-x-item",
    ]);
  });

  it("puts every bound of the approval schema into words at its place", () => {
    const edit = fromPlan(plan);
    const broken: EditablePlan = {
      ...edit,
      weekTheme: " ",
      items: [
        ...edit.items.map((item, index) => (index === 0 ? { ...item, title: "", angle: "a".repeat(1001) } : item)),
        ...Array.from({ length: 10 }, (_, n) => ({ ...edit.items[2]!, key: `extra-${n}` })),
      ],
      tasks: Array.from({ length: 11 }, (_, n) => ({ ...edit.tasks[0]!, key: `task-${n}`, title: "t" })),
    };
    const result = validatePlan(broken);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const messages = result.errors.map((error) => [
      error.target.kind,
      "key" in error.target ? `${error.target.key}.${error.target.field}` : "",
      error.message,
    ]);
    expect(messages).toContainEqual(["theme", "", "The week's theme is required."]);
    expect(messages).toContainEqual(["item", `${edit.items[0]!.key}.title`, "Title is required."]);
    expect(messages).toContainEqual([
      "item",
      `${edit.items[0]!.key}.angle`,
      "Angle must be at most 1000 characters (it is longer).",
    ]);
    expect(messages).toContainEqual([
      "form",
      "",
      "LinkedIn has 11 items; a week holds at most 10 per channel. Move some to another channel or remove them.",
    ]);
    expect(messages).toContainEqual(["form", "", "A week holds at most 10 founder tasks; remove 1."]);

    const badTask = validatePlan({ ...edit, tasks: [{ ...edit.tasks[0]!, title: "" }] });
    expect(badTask.ok ? [] : badTask.errors.map((error) => [error.target, error.message])).toEqual([
      [{ kind: "task", key: "task-0", field: "title" }, "Title is required."],
    ]);
  });
});

describe("review moves and network links", () => {
  it("offers only the moves the transition table allows (publishing has its own form)", () => {
    expect(reviewMovesFrom("planned")).toEqual(["skipped"]);
    expect(reviewMovesFrom("draft")).toEqual(["planned", "approved", "skipped"]);
    expect(reviewMovesFrom("approved")).toEqual(["draft", "skipped"]);
    expect(reviewMovesFrom("published")).toEqual([]);
  });

  it("prefills each network's compose page where it has one", () => {
    const post = "Books that reconcile themselves & more: https://tidybooks.example";
    expect(new URL(shareLinkFor("x", post, null)!.href).searchParams.get("text")).toBe(post);
    expect(shareLinkFor("bluesky", post, null)!.href).toMatch(/^https:\/\/bsky\.app\/intent\/compose\?text=/);
    expect(shareLinkFor("threads", post, null)!.href).toMatch(/^https:\/\/www\.threads\.net\/intent\/post\?text=/);
    expect(new URL(shareLinkFor("linkedin", post, null)!.href).searchParams.get("text")).toBe(post);
    expect(new URL(shareLinkFor("reddit", post, "A title")!.href).searchParams.get("title")).toBe("A title");
    expect(new URL(shareLinkFor("facebook-group", post, null)!.href).searchParams.get("u")).toBe("https://tidybooks.example");
    expect(shareLinkFor("instagram", post, null)).toBeNull();
  });

  it("opens the compose page empty, saying why, when the post is too long for a link", () => {
    const post = `Bücher, die sich selbst abgleichen – für Freiberufler:innen. ${"Rechnungen, Belege, Steuern. ".repeat(120)}`;
    for (const channel of ["x", "bluesky", "mastodon", "threads", "linkedin", "reddit"] as const) {
      const link = shareLinkFor(channel, post, "Tidybooks")!;
      expect(link.href.length).toBeLessThanOrEqual(maxPrefilledLinkLength);
      expect(new URL(link.href).searchParams.has("text")).toBe(false);
      expect(link).toMatchObject({ tooLong: true, hint: expect.stringMatching(/^This post is too long to send prefilled/) });
    }
    expect(new URL(shareLinkFor("reddit", post, "Tidybooks")!.href).searchParams.get("title")).toBe("Tidybooks");
    expect(new URL(shareLinkFor("linkedin", post, null)!.href).searchParams.get("shareActive")).toBe("true");
    expect(shareLinkFor("mastodon", post, null)!.hint).toMatch(/Pick your instance/);
    const fits = "Ä".repeat(500);
    expect(new URL(shareLinkFor("x", fits, null)!.href).searchParams.get("text")).toBe(fits);
    expect(shareLinkFor("x", fits, null)!.tooLong).toBeUndefined();
  });
});

describe("a growth draft's blanks", () => {
  it("counts the body's and the title's, the title once when the body starts with it", () => {
    expect(draftBlanks(null)).toBe(0);
    expect(draftBlanks({ title: null, body: "One [add: a] two [add: b]" })).toBe(2);
    expect(draftBlanks({ title: "News: [add: what]", body: "Body [add: a]" })).toBe(2);
    expect(draftBlanks({ title: "News: [add: what]", body: "News: [add: what]\n\nBody" })).toBe(1);
  });
});

describe("a draft as the board is sent it", () => {
  const item = { id: "i", channel: "x", title: "T", angle: "a", cta: null, suggestedDay: "Mon", status: "draft" } as const;
  const base = { id: "i", publication: null, metrics: null, result: null, grade: null, resultNote: null };

  it("leaves out a body its parts say, and the browser joins it again", () => {
    const draft = { title: null, body: "One\n\nTwo", parts: ["One", "Two"], hashtags: [], length: 3 };
    const sent = boardDraft(draft);
    expect(sent).not.toHaveProperty("body");
    expect(withBody({ ...item, ...base, draft: sent }).draft).toEqual(draft);
  });

  it("keeps a body that is not its parts joined, as it was stored", () => {
    const draft = { title: "A", body: "Stored  differently", parts: ["Stored", "differently"], hashtags: [], length: 10 };
    expect(withBody({ ...item, ...base, draft: boardDraft(draft) }).draft).toEqual(draft);
    expect(withBody({ ...item, ...base, draft: null }).draft).toBeNull();
  });
});
