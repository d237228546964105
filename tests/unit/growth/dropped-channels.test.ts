import { describe, expect, it } from "vitest";
import { droppedChannels } from "@/lib/growth/dropped-channels";
import type { CycleHistory } from "@/lib/schemas/agent-inputs";

const week = (overall: string): CycleHistory[] => [{ weekNumber: 1, theme: "t", items: [], tasks: [], overall }];
const dropped = (overall: string) => [...droppedChannels(week(overall)).entries()];

describe("a retro note that calls a channel dead", () => {
  it("drops it in Chinese, whose clauses end in full-width marks", () => {
    expect(dropped("Instagram 对我们没用，没人回复。")).toEqual([["instagram", "Instagram 对我们没用"]]);
    expect(dropped("Newsletter 效果很好。TikTok 没有效果，放弃吧")).toEqual([["tiktok", "TikTok 没有效果"]]);
  });

  it("drops it when the name is written against the Chinese or Japanese words around it", () => {
    expect(dropped("我们决定放弃Reddit，没人点击")).toEqual([["reddit", "我们决定放弃Reddit"]]);
    expect(dropped("Instagramは効果がないのでやめます")).toEqual([["instagram", "Instagramは効果がないのでやめます"]]);
  });

  it("keeps a channel a Chinese note praises, and only the one the dead clause names", () => {
    expect(dropped("Instagram 很好，大家都回复了。")).toEqual([]);
    expect(dropped("Newsletter 很好，Instagram 没用")).toEqual([["instagram", "Instagram 没用"]]);
  });
});
