/** Words for stored values that both pages and documents print (the dashboard's own labels are in components/labels.ts). */

export const learningKindLabel = {
  worked: "Worked",
  quiet: "Quiet",
  "founder-note": "Your note",
  "founder-edit": "Your edit",
} as const;

/** A stored value as words when no table names it: "launch_ready" is "Launch ready". */
export function sentenceCase(value: string): string {
  const text = value.replace(/[-_]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label a table gives a value, else the value in sentence case. */
export function labelOf<T extends Record<string, string>>(table: T, value: string | null | undefined): string {
  if (!value) return "";
  return (table as Record<string, string>)[value] ?? sentenceCase(value);
}
