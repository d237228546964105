import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withEnv } from "../support/env";
import { showcaseMarkdown } from "../support/export-showcase";
import { sampleOnboarding, sampleProject } from "../support/founder";
import { findText, readPdf } from "../support/pdf-reader";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let projectId: string;

// A founder whose answers mix scripts and emoji: every format must carry them.
const worldlyProject = {
  name: "Tidybooks 世界",
  onboarding: {
    ...sampleOnboarding,
    businessName: "Tidybooks 整理簿",
    productDescription: "Tidybooks 整理簿 keeps a freelancer's books tidy 📚✨, in English, Ελληνικά and русский.",
    founderStory: "Я фрилансер. 我是自由职业者。I built it for us 🚀.",
  },
};

async function fetchBinary(path: string) {
  const { dispatch } = await import("../support/dispatch");
  const response = await dispatch(new Request(`http://launchloop.test${path}`, { headers: { authorization: `Bearer ${key}` } }));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "studio");
  key = founder.key;
  projectId = await launchReadyProject(app, key, worldlyProject);
});
afterAll(() => app.close());

describe("launch pack content", () => {
  it("lists the items of approved runs in pipeline order", async () => {
    const response = await app.request("GET", `/api/v1/projects/${projectId}/content`, { key });
    expect(response.status).toBe(200);
    const items = response.json.items;
    expect(items.length).toBeGreaterThan(15);
    expect(items[0]).toMatchObject({
      agentType: "market-strategist",
      kind: "market-summary",
      source: "offline",
      awaitingReview: false,
      editedByFounder: false,
    });
    expect(items.at(-1).agentType).toBe("launch-assets");
    expect(items.map((item: { kind: string }) => item.kind)).toEqual(
      expect.arrayContaining(["homepage", "faq", "post-x", "post-linkedin", "announcement-email", "product-hunt"]),
    );
  });

  it("marks the items of a completed run awaiting review, and withdraws a rejected run's items", async () => {
    const founder = await app.signUpWithKey();
    await setPlan(app.db, founder.email, "pro");
    const created = await app.request("POST", "/api/v1/projects", { key: founder.key, body: sampleProject });
    const id = created.json.project.id;
    await app.request("POST", `/api/v1/projects/${id}/confirm`, { key: founder.key });
    const run = await app.request("POST", "/api/v1/agents", {
      key: founder.key,
      body: { projectId: id, agentType: "market-strategist" },
    });
    const pending = await app.request("GET", `/api/v1/projects/${id}/content`, { key: founder.key });
    expect(pending.json.items.length).toBeGreaterThan(0);
    expect(pending.json.items.every((item: { awaitingReview: boolean }) => item.awaitingReview)).toBe(true);
    await app.request("PATCH", "/api/v1/agents", {
      key: founder.key,
      body: { runId: run.json.run.id, action: "reject", feedback: "No." },
    });
    expect((await app.request("GET", `/api/v1/projects/${id}/content`, { key: founder.key })).json.items).toEqual([]);
  });

  it("edits an item, keeps the edit, and teaches the playbook", async () => {
    const { json } = await app.request("GET", `/api/v1/projects/${projectId}/content`, { key });
    const faq = json.items.find((item: { kind: string }) => item.kind === "faq");
    const edited = await app.request("PATCH", `/api/v1/content/${faq.id}`, {
      key,
      body: { title: "Questions & answers", body: "## Is it free?\n\nFor 14 days. 免费 🎉" },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.item).toMatchObject({
      id: faq.id,
      title: "Questions & answers",
      body: "## Is it free?\n\nFor 14 days. 免费 🎉",
      editedByFounder: true,
    });
    const again = await app.request("GET", `/api/v1/projects/${projectId}/content`, { key });
    expect(again.json.items.find((item: { id: string }) => item.id === faq.id).title).toBe("Questions & answers");
    const playbook = await app.request("GET", `/api/v1/projects/${projectId}/brain`, { key });
    expect(playbook.json.playbook.learnings).toContainEqual(
      expect.objectContaining({ kind: "founder-edit", itemId: faq.id, text: expect.stringContaining("Questions & answers") }),
    );

    // A second edit, under yet another title, replaces the note about the item.
    await app.request("PATCH", `/api/v1/content/${faq.id}`, {
      key,
      body: { title: "Straight answers", body: "## Is it free?\n\nFor 30 days." },
    });
    const notes = (await app.request("GET", `/api/v1/projects/${projectId}/brain`, { key })).json.playbook.learnings.filter(
      (entry: { itemId?: string }) => entry.itemId === faq.id,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0].text).toContain('"Straight answers"');
    expect(
      JSON.stringify((await app.request("GET", `/api/v1/projects/${projectId}/brain`, { key })).json.playbook.learnings),
    ).not.toContain("Questions & answers");
    // Back to the first edit, which the tests below read.
    await app.request("PATCH", `/api/v1/content/${faq.id}`, {
      key,
      body: { title: "Questions & answers", body: "## Is it free?\n\nFor 14 days. 免费 🎉" },
    });
  });

  it("teaches the playbook a plain-text summary of an edit, cut at a word with an ellipsis", async () => {
    const founder = await app.signUpWithKey();
    await setPlan(app.db, founder.email, "pro");
    const id = await launchReadyProject(app, founder.key);
    const items = (await app.request("GET", `/api/v1/projects/${id}/content`, { key: founder.key })).json.items;
    const about = items.find((item: { kind: string }) => item.kind === "about");
    const body = `## Our story\n\n**Tidybooks** started when a _freelance_ designer lost a weekend to receipts. [Read more](https://example.com).\n\n- Reconciles payments overnight\n- Chases late invoices politely\n\n${"Every sentence here is the founder's own wording. ".repeat(8)}`;
    expect((await app.request("PATCH", `/api/v1/content/${about.id}`, { key: founder.key, body: { body } })).status).toBe(200);
    const { learnings } = (await app.request("GET", `/api/v1/projects/${id}/brain`, { key: founder.key })).json.playbook;
    const learning = learnings.find((entry: { kind: string }) => entry.kind === "founder-edit");
    const summary = learning.text.split("prefer their wording: ")[1];
    expect(summary).toMatch(
      /^Our story\. Tidybooks started when a freelance designer lost a weekend to receipts\. Read more\. Reconciles payments overnight\. Chases late invoices politely\. Every sentence/,
    );
    expect(summary).not.toMatch(/[*_#[\]\n]|\(https?:/);
    expect(summary.endsWith("…")).toBe(true);
    expect(Array.from(summary).length).toBeLessThanOrEqual(280);
    // Cut between words: what precedes the ellipsis is a whole word of the body.
    expect(body).toMatch(
      new RegExp(
        `\\b${summary
          .slice(0, -1)
          .split(" ")
          .at(-1)!
          .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`,
      ),
    );
    const markdown = (await app.request("GET", `/api/v1/projects/${id}/content/download-all`, { key: founder.key })).text;
    expect(markdown).toContain(`prefer their wording: ${summary}`);
  });

  it.each([
    ["an empty body", { body: "" }],
    ["a body over 20000 characters", { body: "x".repeat(20001) }],
    ["a title over 200 characters", { body: "ok", title: "t".repeat(201) }],
    ["an unknown property", { body: "ok", pinned: true }],
  ])("refuses an edit with %s (400)", async (_label, body) => {
    const { json } = await app.request("GET", `/api/v1/projects/${projectId}/content`, { key });
    const response = await app.request("PATCH", `/api/v1/content/${json.items[0].id}`, { key, body });
    expect([response.status, response.json.code]).toEqual([400, "invalid_request"]);
  });

  it("downloads one item as Markdown", async () => {
    const { json } = await app.request("GET", `/api/v1/projects/${projectId}/content`, { key });
    const homepage = json.items.find((item: { kind: string }) => item.kind === "homepage");
    const response = await app.request("GET", `/api/v1/content/${homepage.id}/download`, { key });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="home-page.md"; filename*=UTF-8''home-page.md`,
    );
    expect(response.text).toBe(`# Home page\n\n${homepage.body.trim()}\n`);
  });

  it("downloads all content as one Markdown document", async () => {
    const response = await app.request("GET", `/api/v1/projects/${projectId}/content/download-all`, { key });
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/^# Tidybooks 整理簿: Launch pack/);
    for (const heading of [
      "## Marketing Playbook",
      "### Positioning",
      "### Channels",
      "## Market strategy",
      "## Brand system",
      "## Launch strategy",
      "## Website copy",
      "## Launch assets",
      "### Questions & answers",
    ]) {
      expect(response.text).toContain(heading);
    }
    expect(response.headers.get("content-disposition")).toContain(
      "filename*=UTF-8''tidybooks-%E6%95%B4%E7%90%86%E7%B0%BF-launch-pack.md",
    );
  });

  it("answers 400 for malformed ids and 404 for another account's content", async () => {
    expect((await app.request("GET", "/api/v1/content/not-an-id/download", { key })).status).toBe(400);
    expect((await app.request("PATCH", "/api/v1/content/not-an-id", { key, body: { body: "x" } })).status).toBe(400);
    const stranger = await app.signUpWithKey();
    await setPlan(app.db, stranger.email, "studio");
    const { json } = await app.request("GET", `/api/v1/projects/${projectId}/content`, { key });
    const attempts = await Promise.all([
      app.request("GET", `/api/v1/projects/${projectId}/content`, { key: stranger.key }),
      app.request("GET", `/api/v1/projects/${projectId}/content/download-all`, { key: stranger.key }),
      app.request("PATCH", `/api/v1/content/${json.items[0].id}`, { key: stranger.key, body: { body: "mine" } }),
      app.request("GET", `/api/v1/content/${json.items[0].id}/download`, { key: stranger.key }),
      app.request("GET", `/api/v1/export?projectId=${projectId}`, { key: stranger.key }),
    ]);
    for (const response of attempts) expect([response.status, response.json.code]).toEqual([404, "not_found"]);
  });

  it("content edits count against the hourly write limit", async () => {
    await withEnv({ WRITE_LIMIT_PER_HOUR: "1" }, async () => {
      const writer = await app.signUpWithKey();
      await setPlan(app.db, writer.email, "pro");
      const own = await launchReadyProject(app, writer.key);
      const items = (await app.request("GET", `/api/v1/projects/${own}/content`, { key: writer.key })).json.items;
      const statuses = [];
      for (const item of items.slice(0, 2))
        statuses.push(
          (await app.request("PATCH", `/api/v1/content/${item.id}`, { key: writer.key, body: { body: "edited" } })).status,
        );
      expect(statuses).toEqual([200, 429]);
    });
  });
});

describe("exports", () => {
  it("plans without exports get 402 exports on export and download-all", async () => {
    const free = await app.signUpWithKey();
    await setPlan(app.db, free.email, "free");
    const created = await app.request("POST", "/api/v1/projects", { key: free.key, body: sampleProject });
    const id = created.json.project.id;
    for (const path of [`/api/v1/export?projectId=${id}&format=pdf`, `/api/v1/projects/${id}/content/download-all`]) {
      const response = await app.request("GET", path, { key: free.key });
      expect(response.status).toBe(402);
      expect(response.json).toMatchObject({
        code: "upgrade_required",
        feature: "exports",
        upgrade: { plans: ["pro", "studio"] },
      });
    }
  });

  it.each([
    ["a bad format", (id: string) => `projectId=${id}&format=rtf`],
    ["a malformed project id", () => "projectId=123"],
    ["no project id", () => "format=json"],
  ])("answers 400 for %s", async (_label, query) => {
    const response = await app.request("GET", `/api/v1/export?${query(projectId)}`, { key });
    expect([response.status, response.json.code]).toEqual([400, "invalid_request"]);
  });

  it("exports JSON by default, in a stable documented shape", async () => {
    const response = await app.request("GET", `/api/v1/export?projectId=${projectId}`, { key });
    expect(response.headers.get("content-type")).toBe("application/json");
    const pack = response.json;
    expect(pack).toMatchObject({
      format: "launchloop.launch-pack",
      version: 1,
      project: { id: projectId, name: "Tidybooks 世界", status: "launch_ready" },
      brand: { name: "Tidybooks 整理簿" },
      decisions: { colorPalette: "Forest green and cream" },
    });
    expect(pack.sections.map((section: { step: string }) => section.step)).toEqual([
      "market-strategist",
      "brand-architect",
      "launch-strategist",
      "website-copy",
      "launch-assets",
    ]);
    expect(pack.playbook.markdown).toContain("Tidybooks 整理簿");
  });

  it("exports a Word document with a cover, real headings, lists and page breaks", async () => {
    const { status, headers, bytes } = await fetchBinary(`/api/v1/export?projectId=${projectId}&format=docx`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(headers.get("content-disposition")).toContain(".docx");
    const xml = await (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
    expect(xml).toContain("Tidybooks 整理簿");
    expect(xml).toContain("我是自由职业者");
    expect(xml).toContain("📚✨");
    expect(xml).toContain('w:val="Heading1"');
    expect(xml).toContain('w:val="Heading2"');
    expect(xml).toContain("<w:pageBreakBefore/>");
    expect(xml).toContain("<w:numPr>");
    expect(xml).toContain("<w:b/>");
    expect(xml).not.toMatch(/\*\*[^*<]+\*\*/);
  });

  it("gives Word headings that step down clearly and tables whose rows never split, header repeated", async () => {
    const zip = await JSZip.loadAsync((await fetchBinary(`/api/v1/export?projectId=${projectId}&format=docx`)).bytes);
    const styles = await zip.file("word/styles.xml")!.async("string");
    const size = (level: number) => {
      const style = styles.match(new RegExp(`<w:style [^>]*w:styleId="Heading${level}"[^>]*>([\\s\\S]*?)</w:style>`))?.[1] ?? "";
      return Number(style.match(/<w:sz w:val="(\d+)"/)?.[1] ?? 0);
    };
    const body = 22;
    expect(size(1)).toBeGreaterThanOrEqual(body * 1.6);
    expect(size(1) - size(2)).toBeGreaterThanOrEqual(6);
    expect(size(2) - size(3)).toBeGreaterThanOrEqual(4);
    expect(size(3)).toBeGreaterThan(body);
    const xml = await zip.file("word/document.xml")!.async("string");
    const rows = xml.match(/<w:tr>[\s\S]*?<\/w:tr>|<w:tr [\s\S]*?<\/w:tr>/g)!;
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row).toContain("<w:cantSplit/>");
    const tables = xml.match(/<w:tbl>[\s\S]*?<\/w:tbl>/g)!;
    for (const table of tables)
      expect(table.match(/<w:tr>[\s\S]*?<\/w:tr>|<w:tr [\s\S]*?<\/w:tr>/)![0]).toContain("<w:tblHeader/>");
  });

  it("exports a PDF whose text a parser reads back, non-Latin and emoji included", async () => {
    const { status, headers, bytes } = await fetchBinary(`/api/v1/export?projectId=${projectId}&format=pdf`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/pdf");
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
    expect(pdf.numPages).toBeGreaterThan(6);
    let text = "";
    for (let page = 1; page <= pdf.numPages; page++) {
      const content = await (await pdf.getPage(page)).getTextContent();
      text += `${content.items.map((item) => ("str" in item ? item.str : "")).join("")}\n`;
    }
    const squeezed = text.replace(/\s+/g, "");
    for (const expected of [
      "Tidybooks整理簿",
      "Decisions",
      "MarketingPlaybook",
      "Launchassets",
      "我是自由职业者",
      "Ελληνικά",
      "русский",
      "📚",
    ]) {
      expect(squeezed).toContain(expected);
    }
    expect(text).not.toMatch(/\*\*[^*]+\*\*/);
  });

  it("exports a workbook with one sheet per section, frozen headers and set widths", async () => {
    const { status, bytes } = await fetchBinary(`/api/v1/export?projectId=${projectId}&format=xlsx`);
    expect(status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "Overview",
      "Marketing Playbook",
      "Market strategy",
      "Brand system",
      "Launch strategy",
      "Website copy",
      "Launch assets",
    ]);
    for (const sheet of workbook.worksheets) {
      expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(sheet.columns.every((column) => (column.width ?? 0) >= 10)).toBe(true);
    }
    const overview = workbook.getWorksheet("Overview")!;
    expect(overview.getCell("B2").value).toBe("Tidybooks 整理簿");
    const website = workbook.getWorksheet("Website copy")!;
    const faqRow = website.getRows(2, website.rowCount - 1)!.find((row) => row.getCell(1).value === "Questions & answers")!;
    expect(faqRow.getCell(3).value).toBe("Is it free?\n\nFor 14 days. 免费 🎉");
    expect(faqRow.getCell(5).value).toBe("yes");
    const market = workbook.getWorksheet("Market strategy")!;
    expect(String(market.getRow(2).getCell(3).value)).not.toContain("**");
  });

  it("labels kinds for people and never cuts a header", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await fetchBinary(`/api/v1/export?projectId=${projectId}&format=xlsx`)).bytes as unknown as ArrayBuffer,
    );
    for (const sheet of workbook.worksheets) {
      sheet.getRow(1).eachCell((cell, column) => {
        // Bold header text needs about 1.1 character widths per character, plus the cell's padding.
        expect(sheet.getColumn(column).width ?? 0, `${sheet.name}: ${cell.value}`).toBeGreaterThanOrEqual(
          String(cell.value).length * 1.1 + 2,
        );
      });
    }
    const kinds = (name: string) => workbook.getWorksheet(name)!.getColumn(2).values.slice(2).map(String);
    expect(kinds("Website copy")).toEqual(expect.arrayContaining(["Home page", "FAQ"]));
    expect(kinds("Launch assets")).toEqual(expect.arrayContaining(["LinkedIn launch post", "Announcement email"]));
    expect(
      workbook.worksheets
        .slice(2)
        .flatMap((sheet) => sheet.getColumn(2).values.slice(2).map(String))
        .filter((kind) => /^[a-z]+(-[a-z]+)+$/.test(kind)),
    ).toEqual([]);
  });
});

describe("exports of Markdown a founder wrote", () => {
  let showcaseKey: string;
  let showcaseProject: string;
  beforeAll(async () => {
    const founder = await app.signUpWithKey();
    await setPlan(app.db, founder.email, "pro");
    showcaseKey = founder.key;
    showcaseProject = await launchReadyProject(app, founder.key);
    const items = (await app.request("GET", `/api/v1/projects/${showcaseProject}/content`, { key: founder.key })).json.items;
    const metrics = items.find((item: { kind: string }) => item.kind === "metrics");
    await app.request("PATCH", `/api/v1/content/${metrics.id}`, { key: founder.key, body: { body: showcaseMarkdown } });
  });
  const download = async (format: string) => {
    const { dispatch } = await import("../support/dispatch");
    const response = await dispatch(
      new Request(`http://launchloop.test/api/v1/export?projectId=${showcaseProject}&format=${format}`, {
        headers: { authorization: `Bearer ${showcaseKey}` },
      }),
    );
    return Buffer.from(await response.arrayBuffer());
  };

  it("PDF: checklists without raw brackets, nested lists indented, bookmarks for every section and item", async () => {
    const pdf = await readPdf(await download("pdf"));
    expect(pdf.pages.length).toBeGreaterThanOrEqual(14);
    expect(pdf.text).toContain("Schedule the LinkedIn post");
    expect(pdf.text).not.toMatch(/\[[ xX]\]|☐|☑/);
    // The last occurrences: the playbook's learnings quote the edit too, as plain text.
    expect(findText(pdf.pages, "Reddit: r/freelance", { last: true }).item.x).toBeGreaterThan(
      findText(pdf.pages, "Communities where", { last: true }).item.x + 10,
    );
    expect(pdf.outline.map((entry) => entry.title)).toEqual([
      "Decisions",
      "Marketing Playbook",
      "Market strategy",
      "Brand system",
      "Launch strategy",
      "Website copy",
      "Launch assets",
      "Brand cards",
    ]);
    expect(pdf.outline.find((entry) => entry.title === "Website copy")!.items.map((entry) => entry.title)).toEqual(
      expect.arrayContaining(["Home page", "FAQ"]),
    );
  });

  it("PDF: the next export after an edit draws the new text, though layouts are kept across exports", async () => {
    const items = (await app.request("GET", `/api/v1/projects/${showcaseProject}/content`, { key: showcaseKey })).json.items;
    const faq = items.find((item: { kind: string }) => item.kind === "faq");
    const edit = (title: string, word: string) =>
      app.request("PATCH", `/api/v1/content/${faq.id}`, {
        key: showcaseKey,
        body: {
          title,
          body: `Every answer here was checked by ${word} this week.\n\n| Question | Answer |\n| --- | --- |\n| Who? | ${word} |`,
        },
      });
    const pdfText = async () => (await readPdf(await download("pdf"))).pages.map((page) => page.all).join("\n");

    expect((await edit("Questions, first draft", "Zanzibar")).status).toBe(200);
    const before = await pdfText();
    expect(before).toContain("Questions, first draft");
    expect(before).toContain("checked by Zanzibar");
    await pdfText();

    expect((await edit("Questions, second draft", "Quokka")).status).toBe(200);
    const after = await pdfText();
    expect(after).toContain("Questions, second draft");
    expect(after).toContain("checked by Quokka");
    expect(after).not.toContain("Zanzibar");
    expect(after).not.toContain("first draft");
  });

  it("DOCX: checklists without raw brackets, nested lists at their depth, code in monospace", async () => {
    const xml = await (await JSZip.loadAsync(await download("docx"))).file("word/document.xml")!.async("string");
    const text = xml.replace(/<[^>]+>/g, "");
    expect(text).toContain("Schedule the LinkedIn post");
    expect(text).not.toMatch(/\[[ xX]\]/);
    // The last occurrences: the playbook's learnings quote the edit too, as plain text.
    const paragraph = (needle: string) => xml.split("</w:p>").findLast((part) => part.includes(needle))!;
    expect(paragraph("Communities where freelancers")).toContain('<w:ilvl w:val="0"/>');
    expect(paragraph("Reddit: r/freelance")).toContain('<w:ilvl w:val="1"/>');
    expect(paragraph("Answer questions first")).toContain('<w:ilvl w:val="2"/>');
    expect(paragraph("utm_medium=post")).toContain('w:ascii="Courier New"');
  });
});

describe("GET /api/v1/account/export", () => {
  it("has everything the account owns and no secret, hash or other account's data", async () => {
    const other = await app.signUpWithKey();
    await setPlan(app.db, other.email, "pro");
    await app.request("POST", "/api/v1/projects", { key: other.key, body: { ...sampleProject, name: "Someone else's" } });

    const response = await app.request("GET", "/api/v1/account/export", { key });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="launchloop-account-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = response.json;
    expect(data.account.email).toBeDefined();
    expect(data.apiKeys).toEqual([expect.objectContaining({ prefix: key.slice(0, 12) })]);
    expect(data.projects.map((project: { name: string }) => project.name)).toEqual(["Tidybooks 世界"]);
    expect(data.projects[0].runs).toHaveLength(5);
    expect(data.projects[0].content.length).toBeGreaterThan(15);
    expect(data.billing).toMatchObject({ plan: "studio", provider: "local" });
    expect(response.text).not.toContain(key);
    expect(response.text).not.toMatch(/secretHash|secret_hash|passwordHash|password_hash|scrypt\$|tokenDigest/);
    expect(response.text).not.toContain("Someone else's");
  });
});
