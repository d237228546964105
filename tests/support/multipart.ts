/** The parts of a multipart/form-data body. */
export function multipart(raw: Buffer, contentType: string) {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) return [];
  const parts: { name: string; filename: string | null; contentType: string; body: Buffer }[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let start = raw.indexOf(delimiter);
  while (start >= 0) {
    const next = raw.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const chunk = raw.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = chunk.indexOf("\r\n\r\n");
    const head = chunk.subarray(0, headerEnd).toString("utf8");
    parts.push({
      name: /name="([^"]*)"/.exec(head)?.[1] ?? "",
      filename: /filename="([^"]*)"/.exec(head)?.[1] ?? null,
      contentType: /content-type: *([^\r\n]+)/i.exec(head)?.[1] ?? "text/plain",
      body: chunk.subarray(headerEnd + 4),
    });
    start = next;
  }
  return parts;
}
