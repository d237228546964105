import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launchReadyProject } from "./pipeline";
import { setPlan } from "./plans";
import { createTestApp } from "./test-app";
import { dispatch } from "./dispatch";

/**
 * Renders the first page of the sample launch pack's DOCX, XLSX and PDF exports to PNGs
 * under docs/exports, the way a founder's office suite shows them. Needs LibreOffice and
 * poppler (apt-get install libreoffice-writer-nogui libreoffice-calc-nogui poppler-utils).
 */
const app = await createTestApp();
const founder = await app.signUpWithKey();
await setPlan(app.db, founder.email, "pro");
const projectId = await launchReadyProject(app, founder.key);
const out = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-exports-"));
fs.mkdirSync("docs/exports", { recursive: true });

for (const format of ["docx", "xlsx", "pdf"]) {
  const response = await dispatch(new Request(`http://launchloop.test/api/v1/export?projectId=${projectId}&format=${format}`, { headers: { authorization: `Bearer ${founder.key}` } }));
  const file = path.join(out, `launch-pack.${format}`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  let pdf = file;
  if (format !== "pdf") {
    execFileSync("soffice", [`-env:UserInstallation=file://${out}/lo`, "--headless", "--convert-to", "pdf", "--outdir", path.join(out, format), file], { stdio: "ignore" });
    pdf = path.join(out, format, "launch-pack.pdf");
  }
  for (const page of format === "xlsx" ? [1] : [1, 4]) {
    const target = `docs/exports/${format}-page-${page}`;
    execFileSync("pdftoppm", ["-png", "-r", "70", "-f", String(page), "-l", String(page), "-singlefile", pdf, target]);
  }
  console.log(`Rendered ${format}`);
}
await app.close();
