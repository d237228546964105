import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticatedCall } from "../support/calls";
import { approvedFirstWeek } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

// A week's items in and out as CSV: a preview shows each row's problems before anything is
// saved, the import adds the valid rows at once within the channel caps, and an export
// (formula-safe) imports back as the same posts.

let app: TestApp;
let key: string;
let week: Record<string, string>;

const call = authenticatedCall(() => ({ app, key }));
const preview = (csv: string) => call("POST", `/api/v1/growth/cycles/${week.cycle}/items/import-preview`, { csv });
const importCsv = (csv: string) => call("POST", `/api/v1/growth/cycles/${week.cycle}/items/import`, { csv });
const items = async () =>
  (await call("GET", `/api/v1/projects/${week.project}/growth/cycles`)).json.cycles[0].items as {
    id: string;
    channel: string;
    title: string;
    suggestedDay: string;
    status: string;
    draft: { body: string } | null;
  }[];

beforeAll(async () => {
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  key = founder.key;
  await setPlan(app.db, founder.email, "pro");
  week = await approvedFirstWeek(app, key);
}, 180_000);
afterAll(() => app.close());

const header = "channel,day,title,text,link";

describe("importing a week's items from CSV", () => {
  it("previews each row's problems and saves nothing", async () => {
    const before = (await items()).length;
    const csv = [
      header,
      "X,Tue,Launch day,We are live today.,https://tidybooks.example/",
      "myspace,Wed,Old,Hello,",
      "bluesky,Someday,Late,Hello,",
      `x,Thu,Long,${"y".repeat(300)},`,
      "linkedin,Fri,Empty,,",
      "mastodon,Mon,Bad link,Look,javascript:alert(1)",
    ].join("\n");
    const answer = await preview(csv);
    expect(answer.status, answer.text).toBe(200);
    const { rows, valid, invalid } = answer.json;
    expect([valid, invalid]).toEqual([1, 5]);
    expect(rows[0]).toMatchObject({ line: 2, channel: "x", day: "Tue", problems: [] });
    expect(rows[0].text).toBe("We are live today.\n\nhttps://tidybooks.example/");
    expect(rows[1].problems).toEqual(['Unknown channel "myspace".']);
    expect(rows[2].problems).toEqual(['"Someday" is not a day of this week.']);
    expect(rows[3].problems[0]).toMatch(/^The text is 300 of 280 characters on X/);
    expect(rows[4].problems).toContain("The text is missing.");
    expect(rows[5].problems).toEqual(["The link must start with https:// or http://."]);
    expect((await items()).length).toBe(before);
  });

  it("refuses a CSV without the columns or with too many rows, whole", async () => {
    expect((await preview("channel,day,text\nx,Mon,Hi")).json.code).toBe("invalid_request");
    const many = [header, ...Array.from({ length: 101 }, () => "x,Mon,T,Text,")].join("\n");
    expect((await importCsv(many)).json.code).toBe("invalid_request");
  });

  it("adds the valid rows as drafts, all at once, and leaves the others out", async () => {
    const before = await items();
    const answer = await importCsv(
      [header, "bluesky,Wed,From a sheet,Written in a spreadsheet.,", "nowhere,Wed,No,No,"].join("\n"),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ imported: 1, valid: 1, invalid: 1 });
    const after = await items();
    expect(after.length).toBe(before.length + 1);
    const added = after.find((item) => item.title === "From a sheet")!;
    expect(added).toMatchObject({ channel: "bluesky", suggestedDay: "Wed", status: "draft" });
    expect(added.draft!.body).toBe("Written in a spreadsheet.");
  });

  it("keeps a channel within its ten items a week", async () => {
    const present = (await items()).filter((item) => item.channel === "threads").length;
    const rows = Array.from({ length: 12 }, (_, index) => `threads,Mon,Post ${index},Text ${index},`);
    const answer = await importCsv([header, ...rows].join("\n"));
    expect(answer.json.imported).toBe(10 - present);
    expect(answer.json.rows.at(-1).problems[0]).toMatch(/already has 10 items this week/);
    expect((await items()).filter((item) => item.channel === "threads")).toHaveLength(10);
  });
});

describe("exporting a week's items as CSV", () => {
  it("escapes formulas and imports back as the same posts", async () => {
    const formulas = await importCsv([header, 'linkedin,Tue,"=HYPERLINK(""x"")","=1+1 is a formula, ""quoted""",'].join("\n"));
    expect(formulas.json.imported, formulas.text).toBe(1);
    const exported = await call("GET", `/api/v1/growth/cycles/${week.cycle}/items.csv`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/^text\/csv/);
    const records: string[][] = parse(exported.text);
    expect(records[0]).toEqual(["channel", "day", "title", "text", "link", "status"]);
    const formula = records.find((row) => row[2]!.includes("HYPERLINK"))!;
    expect(formula[2]).toBe(`'=HYPERLINK("x")`);
    expect(formula[3]).toBe(`'=1+1 is a formula, "quoted"`);

    const before = await items();
    const withText = before.filter((item) => item.draft);
    const again = await importCsv(exported.text);
    expect(again.status, again.text).toBe(200);
    const imported = again.json.items as typeof before;
    // Every item with text comes back (until its channel is full), with the same channel, day, title and text.
    const roundTripped = imported.map((item) => [item.channel, item.suggestedDay, item.title, item.draft!.body]);
    for (const row of roundTripped)
      expect(withText.map((item) => [item.channel, item.suggestedDay, item.title, item.draft!.body])).toContainEqual(row);
    expect(roundTripped).toContainEqual(["linkedin", "Tue", '=HYPERLINK("x")', '=1+1 is a formula, "quoted"']);
    expect(imported.length).toBe(again.json.rows.filter((row: { problems: string[] }) => row.problems.length === 0).length);
  });

  it("is the account's own: another account gets 404", async () => {
    const stranger = await app.signUpWithKey();
    expect((await app.request("GET", `/api/v1/growth/cycles/${week.cycle}/items.csv`, { key: stranger.key })).status).toBe(404);
    expect(
      (
        await app.request("POST", `/api/v1/growth/cycles/${week.cycle}/items/import`, {
          key: stranger.key,
          body: { csv: `${header}\nx,Mon,T,T,` },
        })
      ).status,
    ).toBe(404);
  });
});
