/** A cell as spreadsheets read it: quoted, and never a formula (a leading = + - @ is escaped). */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value !== "number" ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as CSV text (CRLF between rows, RFC 4180). */
export const csvText = (rows: (string | number | null)[][]) =>
  `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
