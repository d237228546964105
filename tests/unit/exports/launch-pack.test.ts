import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { launchPackDocx } from "@/lib/exports/docx";
import { kindLabel, type LaunchPack, launchPackMarkdown, wordsOf } from "@/lib/exports/launch-pack";
import { launchPackPdf } from "@/lib/exports/pdf";
import { launchPackXlsx } from "@/lib/exports/xlsx";
import { packWith } from "@/tests/support/export-pack";
import { readPdf } from "@/tests/support/pdf-reader";

// A German founder's pack: the content is German, and so is every word the export adds.
const germanPack = (): LaunchPack => {
  const pack = packWith({ Erfolgskennzahlen: "- Anmeldungen pro Woche" });
  return {
    ...pack,
    project: { ...pack.project, language: "de" },
    decisions: { brandName: "Tidybooks", tagline: "Bücher, die sich selbst abgleichen." },
    sections: pack.sections.map((section) => ({ ...section, title: "Launch-Strategie" })),
  };
};
const english = ["Launch pack", "Decisions", "Marketing Playbook", "Brand name", "Choice", "Edited by founder", "Overview"];

describe("export headings in the project's language", () => {
  it("Markdown", () => {
    const markdown = launchPackMarkdown(germanPack());
    expect(markdown).toContain("# Tidybooks 整理簿: Launch-Paket");
    expect(markdown).toContain("## Entscheidungen");
    expect(markdown).toContain("- **Markenname:** Tidybooks");
    for (const word of english) expect(markdown).not.toContain(word);
  });

  it("PDF", async () => {
    const { pages } = await readPdf(await launchPackPdf(germanPack()));
    const text = pages.map((page) => page.all).join("\n");
    for (const word of ["Launch-Paket", "Entscheidungen", "Entscheidung", "Festlegung", "Markenname", "Marketing-Playbook"])
      expect(text).toContain(word);
    for (const word of english) expect(text).not.toContain(word);
  });

  it("DOCX", async () => {
    const zip = await JSZip.loadAsync(await launchPackDocx(germanPack()));
    const xml = await zip.file("word/document.xml")!.async("string");
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join(" ");
    for (const word of ["Launch-Paket", "Entscheidungen", "Markenname", "Marketing-Playbook"]) expect(text).toContain(word);
    for (const word of english) expect(text).not.toContain(word);
  });

  it("XLSX: sheet names, column headers and values", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await launchPackXlsx(germanPack())) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Überblick", "Marketing-Playbook", "Launch-Strategie"]);
    const steps = workbook.getWorksheet("Launch-Strategie")!;
    expect(steps.getRow(1).values).toEqual([undefined, "Titel", "Art", "Inhalt", "Geschrieben von", "Von Ihnen bearbeitet"]);
    expect(steps.getRow(2).getCell(2).value).toBe("Erfolgskennzahlen und Checkliste für den Starttag");
    expect(steps.getRow(2).getCell(5).value).toBe("nein");
    expect(workbook.getWorksheet("Überblick")!.getColumn(1).values).toContain("Markenname");
  });

  it("names launch posts by channel in the language", () => {
    const words = wordsOf(germanPack());
    expect(kindLabel("post-linkedin", words)).toBe("Startbeitrag für LinkedIn");
    expect(kindLabel("post-facebook-group", words)).toBe(`Startbeitrag für ${words.channels("facebook-group")}`);
    expect(words.channels("facebook-group")).not.toBe("Facebook group");
  });
});
