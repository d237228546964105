import { describe, expect, it } from "vitest";
import type { GrowthItem } from "@/components/growth/types";
import { weekNumbers } from "@/components/growth/week-chart";

const metrics = (likes: number, reposts: number, replies: number) => ({
  likes,
  reposts,
  replies,
  quotes: null,
  collectedAt: "2026-11-26T10:00:00.000Z",
});
const item = (fields: Partial<GrowthItem>) =>
  ({ suggestedDay: "Mon", publication: null, metrics: null, ...fields }) as GrowthItem;
const published = (publishedAt: string) =>
  ({ status: "published", publishedAt }) as unknown as NonNullable<GrowthItem["publication"]>;

describe("the week chart's numbers", () => {
  it("counts each measured post on the day it went out, else its planned day, and leaves unmeasured ones out", () => {
    const { days, total, posts } = weekNumbers(
      [
        item({ suggestedDay: "Mon", publication: published("2026-11-25T09:00:00.000Z"), metrics: metrics(21, 4, 3) }),
        item({ suggestedDay: "Wed", publication: published("2026-11-25T17:00:00.000Z"), metrics: metrics(5, 1, 0) }),
        item({ suggestedDay: "Fri", metrics: metrics(2, 0, 1) }),
        item({ suggestedDay: "Tue" }),
      ],
      "2026-11-23",
    );
    expect(posts).toBe(3);
    expect(total).toEqual({ likes: 28, reposts: 5, replies: 4 });
    expect(days.map((day) => [day.label, day.posts, day.likes + day.reposts + day.replies])).toEqual([
      ["Mon", 0, 0],
      ["Tue", 0, 0],
      ["Wed", 2, 34],
      ["Thu", 0, 0],
      ["Fri", 1, 3],
      ["Sat", 0, 0],
      ["Sun", 0, 0],
    ]);
  });
});
