import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";

interface PdfReference {
  compress: boolean;
  buffer: Uint8Array[];
  write(chunk: unknown): void;
  finalize(): void;
}

const budgetBytes = 8 * 2 ** 20;
const compressed = new Map<string, Buffer>();
let storedBytes = 0;

/** Deflated bytes of a stream, from a bounded cache (least recently used out first) keyed by its content's digest. */
function deflated(bytes: Buffer): Buffer {
  const key = createHash("sha1").update(bytes).digest("base64");
  const known = compressed.get(key);
  if (known) {
    compressed.delete(key);
    compressed.set(key, known);
    return known;
  }
  const fresh = deflateSync(bytes);
  compressed.set(key, fresh);
  storedBytes += fresh.length;
  for (const [oldest, value] of compressed) {
    if (storedBytes <= budgetBytes) break;
    compressed.delete(oldest);
    storedBytes -= value.length;
  }
  return fresh;
}

/**
 * Compression was a fifth of an export's CPU, and most of what it compressed (font subsets,
 * the pages of an unchanged pack) had been compressed before: each stream of this document
 * is deflated once per distinct content per process. The stream is handed to PDFKit already
 * deflated (its FlateDecode filter is set when it is written), so PDFKit writes it as is.
 * Text written to a stream (a page's operators) is kept as strings and turned into bytes
 * once, when the stream ends or bytes follow, not character by character on every write as
 * PDFKit does it (the same bytes: each character's low byte, each write ending in a newline).
 */
export function reuseCompressedStreams(document: PDFKit.PDFDocument): void {
  const holder = document as unknown as { ref(data?: object): PdfReference };
  const ref = holder.ref.bind(document);
  holder.ref = (data) => {
    const reference = ref(data);
    const write = reference.write.bind(reference);
    const finalize = reference.finalize.bind(reference);
    let text: string[] = [];
    const writeText = () => {
      if (text.length === 0) return;
      text.push("");
      write(Buffer.from(text.join("\n"), "latin1"));
      text = [];
    };
    reference.write = (chunk) => {
      if (typeof chunk === "string") text.push(chunk);
      else {
        writeText();
        write(chunk);
      }
    };
    reference.finalize = () => {
      writeText();
      if (reference.compress && reference.buffer.length > 0) {
        reference.buffer = [deflated(Buffer.concat(reference.buffer))];
        reference.compress = false;
      }
      finalize();
    };
    return reference;
  };
}
