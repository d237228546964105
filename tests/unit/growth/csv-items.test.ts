import { describe, expect, it } from "vitest";
import { checkItemRows, readItemsCsv } from "@/lib/growth/csv-items";

const weekStart = "2026-11-30";
const room = () => 10;

describe("reading a CSV of items", () => {
  it("takes the columns by name in any case and order, and undoes a formula escape", () => {
    const rows = readItemsCsv('\uFEFFText,Channel,DAY,title,link\n"\'=1+1, fine",x,Mon,T,\n');
    expect(rows).toEqual([{ text: "=1+1, fine", channel: "x", day: "Mon", title: "T", link: "" }]);
  });

  it("refuses what it cannot read, whole", () => {
    expect(() => readItemsCsv('channel,day,title,text,link\nx,Mon,"open')).toThrow(/cannot be read/);
    expect(() => readItemsCsv("channel,day,title,text,link\n")).toThrow(/no rows/);
  });
});

describe("checking rows", () => {
  it("accepts an ISO date inside the week and channel aliases; refuses one outside", () => {
    const [inside, outside] = checkItemRows(
      [
        { channel: "Twitter", day: "2026-12-02", title: "", text: "Hello there\nsecond line", link: "" },
        { channel: "x", day: "2026-12-09", title: "", text: "Hi", link: "" },
      ],
      { weekStart, room },
    );
    expect(inside).toMatchObject({ channel: "x", day: "Wed", title: "Hello there", problems: [] });
    expect(outside!.problems).toEqual(['"2026-12-09" is not a day of this week.']);
  });

  it("counts the link into the channel's limit when it is added to the text", () => {
    const [row] = checkItemRows([{ channel: "x", day: "Mon", title: "", text: "y".repeat(270), link: "https://a.example/" }], {
      weekStart,
      room,
    });
    expect(row!.problems[0]).toMatch(/on X: shorten it/);
  });

  it("fills a channel up to its room, the rows above first", () => {
    const rows = Array.from({ length: 3 }, () => ({ channel: "x", day: "Mon", title: "", text: "Hi", link: "" }));
    const checked = checkItemRows(rows, { weekStart, room: () => 2 });
    expect(checked.map((row) => row.problems.length)).toEqual([0, 0, 1]);
  });
});
