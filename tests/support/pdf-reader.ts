import path from "node:path";

/** A word or run of text as a PDF viewer places it: `y` is its baseline, from the page's top. */
export interface PlacedText {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  ascent: number;
  descent: number;
}

/** A drawn path's bounding box, from the page's top (PDFKit draws top-down). */
export interface PlacedPath {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Parses a PDF back with pdf.js: each page's text with positions, its drawn paths' boxes,
 * and the document outline.
 */
export async function readPdf(bytes: Uint8Array) {
  const { getDocument, OPS } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const standardFontDataUrl = path.join(process.cwd(), "node_modules/pdfjs-dist/standard_fonts/");
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const pages: { number: number; text: PlacedText[]; paths: PlacedPath[]; images: number; all: string }[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const height = page.view[3]!;
    const content = await page.getTextContent();
    const text: PlacedText[] = [];
    for (const item of content.items) {
      if (!("str" in item) || !item.str) continue;
      const style = content.styles[item.fontName]!;
      const size = Math.abs(item.transform[3]);
      text.push({
        str: item.str,
        x: item.transform[4],
        y: height - item.transform[5],
        width: item.width,
        size,
        ascent: style.ascent * size,
        descent: -style.descent * size,
      });
    }
    const operators = await page.getOperatorList();
    const paths: PlacedPath[] = [];
    let images = 0;
    operators.fnArray.forEach((fn, index) => {
      if (fn === OPS.constructPath) {
        const [x0, y0, x1, y1] = operators.argsArray[index][2] as number[];
        paths.push({ x0: x0!, y0: y0!, x1: x1!, y1: y1! });
      }
      if (fn === OPS.paintImageXObject) images++;
    });
    pages.push({ number, text, paths, images, all: text.map((item) => item.str).join("") });
  }
  const outline = (await pdf.getOutline()) ?? [];
  const destinationPage = async (dest: unknown) => {
    const explicit = typeof dest === "string" ? await pdf.getDestination(dest) : (dest as unknown[]);
    return (await pdf.getPageIndex(explicit![0] as never)) + 1;
  };
  return { pages, outline, destinationPage, text: pages.map((page) => page.all).join("\n") };
}

/** The first (or last) text item on any page containing `needle`, with its page. */
export function findText(pages: Awaited<ReturnType<typeof readPdf>>["pages"], needle: string, { last = false } = {}) {
  for (const page of last ? [...pages].reverse() : pages) {
    const item = last
      ? page.text.findLast((candidate) => candidate.str.includes(needle))
      : page.text.find((candidate) => candidate.str.includes(needle));
    if (item) return { page, item };
  }
  throw new Error(`"${needle}" is not in the PDF`);
}
