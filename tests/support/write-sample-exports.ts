import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dispatch } from "./dispatch";
import { showcaseMarkdown } from "./export-showcase";
import { launchReadyProject } from "./pipeline";
import { setPlan } from "./plans";
import { createTestApp } from "./test-app";

/**
 * Renders pages of the sample launch pack's DOCX, XLSX and PDF exports to PNGs under
 * docs/exports, the way a founder's office suite shows them: the cover, a playbook page,
 * and the founder-edited item that uses a checklist, nested lists, a table, code and
 * mixed scripts. Needs LibreOffice and poppler
 * (apt-get install libreoffice-writer-nogui libreoffice-calc-nogui poppler-utils).
 */
for (const tool of ["soffice", "pdfinfo", "pdftotext", "pdftoppm"]) {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
  } catch {
    throw new Error(`${tool} is missing: apt-get install libreoffice-writer-nogui libreoffice-calc-nogui poppler-utils`);
  }
}

const app = await createTestApp();
const founder = await app.signUpWithKey();
await setPlan(app.db, founder.email, "pro");
const projectId = await launchReadyProject(app, founder.key);
const items = (await app.request("GET", `/api/v1/projects/${projectId}/content`, { key: founder.key })).json.items;
const metrics = items.find((item: { kind: string }) => item.kind === "metrics");
await app.request("PATCH", `/api/v1/content/${metrics.id}`, { key: founder.key, body: { body: showcaseMarkdown } });

const out = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-exports-"));
fs.mkdirSync("docs/exports", { recursive: true });
for (const file of fs.readdirSync("docs/exports")) if (file.endsWith(".png")) fs.rmSync(path.join("docs/exports", file));

/** The first page whose text contains `needle` (after `from`). */
function pageWith(pdf: string, needle: string, from = 1): number {
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))![1]);
  for (let page = from; page <= pages; page++) {
    if (execFileSync("pdftotext", ["-f", String(page), "-l", String(page), pdf, "-"], { encoding: "utf8" }).includes(needle))
      return page;
  }
  throw new Error(`"${needle}" is on no page of ${pdf}`);
}

for (const format of ["pdf", "docx", "xlsx"]) {
  const response = await dispatch(
    new Request(`http://launchloop.test/api/v1/export?projectId=${projectId}&format=${format}`, {
      headers: { authorization: `Bearer ${founder.key}` },
    }),
  );
  const file = path.join(out, `launch-pack.${format}`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  let pdf = file;
  if (format !== "pdf") {
    execFileSync(
      "soffice",
      [`-env:UserInstallation=file://${out}/lo`, "--headless", "--convert-to", "pdf", "--outdir", path.join(out, format), file],
      { stdio: "ignore" },
    );
    pdf = path.join(out, format, "launch-pack.pdf");
  }
  const pages: Record<string, number> =
    format === "xlsx"
      ? { overview: 1, content: pageWith(pdf, "Edited by founder") }
      : {
          cover: 1,
          playbook: pageWith(pdf, "Marketing Playbook", 2),
          checklist: pageWith(pdf, "Launch-week checklist", pageWith(pdf, "Launch strategy", 3)),
          code: pageWith(pdf, "Tracking link", pageWith(pdf, "Launch-week checklist", pageWith(pdf, "Launch strategy", 3))),
        };
  for (const [name, page] of Object.entries(pages)) {
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "70",
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      pdf,
      `docs/exports/${format}-${name}`,
    ]);
  }
  console.log(
    `Rendered ${format}: ${Object.entries(pages)
      .map(([name, page]) => `${name} (page ${page})`)
      .join(", ")}`,
  );
}
await app.close();
