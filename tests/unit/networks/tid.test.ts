import { describe, expect, it } from "vitest";
import { isTid, newTid } from "@/lib/networks/tid";

describe("record keys", () => {
  it("are valid, strictly increasing TIDs even within one millisecond", () => {
    const tids = Array.from({ length: 50 }, () => newTid(1_764_000_000_000));
    for (const tid of tids) expect(isTid(tid), tid).toBe(true);
    expect([...tids].sort()).toEqual(tids);
    expect(new Set(tids).size).toBe(50);
  });
});
