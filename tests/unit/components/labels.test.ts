import { describe, expect, it } from "vitest";
import {
  channelLabel,
  channelList,
  gradeLabel,
  itemStatusLabel,
  labelOf,
  learningKindLabel,
  publicationLabel,
  taskStatusLabel,
} from "@/components/labels";
import { itemGrades } from "@/lib/schemas/growth";
import { itemStatuses } from "@/lib/schemas/growth-lists";
import { learningKinds } from "@/lib/schemas/playbook";
import { publicationStatuses } from "@/lib/schemas/publishing";

const sentenceCase = /^[A-Z][a-z ]*$|^OK$/;

describe("one label per state, in sentence case", () => {
  it("names every status, grade and kind a founder reads", () => {
    for (const status of itemStatuses) expect(itemStatusLabel[status]).toMatch(sentenceCase);
    for (const grade of itemGrades) expect(gradeLabel[grade]).toMatch(sentenceCase);
    for (const status of publicationStatuses) expect(publicationLabel[status]).toMatch(sentenceCase);
    for (const kind of learningKinds) expect(learningKindLabel[kind]).toMatch(sentenceCase);
    expect(Object.values(taskStatusLabel)).toEqual(["Open", "Done", "Skipped"]);
    expect(publicationLabel.unconfirmed).toBe("May have posted");
  });

  it("turns a value no table names into words, never a slug", () => {
    expect(labelOf(itemStatusLabel, "draft")).toBe("Draft");
    expect(labelOf({}, "past_due")).toBe("Past due");
    expect(labelOf({}, "founder-edit")).toBe("Founder edit");
    expect(labelOf({}, null)).toBe("");
  });

  it("names channels as the networks do, in a sentence's list", () => {
    expect(channelLabel("x")).toBe("X");
    expect(channelLabel("linkedin")).toBe("LinkedIn");
    expect(channelLabel("Indie Hackers")).toBe("Indie Hackers");
    expect(channelList(["x", "linkedin", "bluesky"])).toBe("X, LinkedIn and Bluesky");
    expect(channelList(["x"])).toBe("X");
    expect(channelList([])).toBe("");
  });
});
