import { parse } from "csv-parse/sync";
import { channelRules, countAs } from "@/lib/channels";
import { resolveChannel } from "@/lib/channels/resolve";
import { AppError } from "@/lib/errors";
import type { Channel } from "@/lib/schemas/growth";
import { type DayKey, dayOf } from "./week-days";

/** The columns of a week's items as CSV, in and out. */
export const itemCsvColumns = ["channel", "day", "title", "text", "link"] as const;
/** Rows one import takes at most. */
export const maxImportRows = 100;
/** Items one channel holds in a week at most: what a plan's channel entry holds. */
export const itemsPerChannelPerWeek = 10;
const titleMax = 200;

export interface CheckedRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  channel: Channel | null;
  day: DayKey | null;
  title: string;
  /** The post as it will be saved: the text, with the link on its own line when the text has none. */
  text: string;
  link: string | null;
  problems: string[];
}

const unescaped = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
const urlIn = /https?:\/\/\S+/i;

/** The CSV's rows by column (header names, any case); refused whole when it cannot be read or lacks a column. */
export function readItemsCsv(csv: string): Record<string, string>[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false });
  } catch (error) {
    throw new AppError("invalid_request", `The CSV cannot be read: ${(error as Error).message.split("\n")[0]}`);
  }
  const [header, ...rows] = records;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const missing = itemCsvColumns.filter((column) => !names.includes(column));
  if (missing.length)
    throw new AppError(
      "invalid_request",
      `The CSV's first line must name the columns ${itemCsvColumns.join(", ")}; missing: ${missing.join(", ")}.`,
    );
  if (rows.length === 0) throw new AppError("invalid_request", "The CSV has no rows under its header.");
  if (rows.length > maxImportRows)
    throw new AppError("invalid_request", `At most ${maxImportRows} rows per import; this CSV has ${rows.length}.`);
  return rows.map((row) => Object.fromEntries(names.map((name, index) => [name, unescaped((row[index] ?? "").trim())])));
}

function linkProblem(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:" ? null : "The link must start with https:// or http://.";
  } catch {
    return "The link is not a web address.";
  }
}

/**
 * Each row as it would be saved and what stops it: an unknown channel, a day outside the
 * week, missing or too long text (as the channel counts), a bad link, a channel already full
 * this week (`room`: how many more items each channel takes).
 */
export function checkItemRows(
  rows: Record<string, string>[],
  { weekStart, room }: { weekStart: string; room: (channel: Channel) => number },
): CheckedRow[] {
  const taken = new Map<Channel, number>();
  return rows.map((row, index) => {
    const problems: string[] = [];
    const channel = row.channel ? (resolveChannel(row.channel) ?? null) : null;
    if (!channel) problems.push(row.channel ? `Unknown channel "${row.channel}".` : "The channel is missing.");
    const day = dayOf(row.day, weekStart);
    if (!day) problems.push(row.day ? `"${row.day}" is not a day of this week.` : "The day is missing.");
    const link = row.link || null;
    const linkIssue = link ? linkProblem(link) : null;
    if (linkIssue) problems.push(linkIssue);
    const written = row.text ?? "";
    const text = link && !linkIssue && written && !urlIn.test(written) ? `${written}\n\n${link}` : written;
    if (!written) problems.push("The text is missing.");
    const title = row.title || written.split("\n")[0]!.slice(0, 80);
    if (title.length > titleMax) problems.push(`The title is ${title.length} of ${titleMax} characters.`);
    if (channel) {
      const rule = channelRules[channel];
      const length = countAs(rule.unit, text);
      if (written && length > rule.bodyLimit)
        problems.push(`The text is ${length} of ${rule.bodyLimit} characters on ${rule.label}: shorten it.`);
      if (rule.titleLimit && row.title && row.title.length > rule.titleLimit)
        problems.push(`The title is ${row.title.length} of ${rule.titleLimit} characters on ${rule.label}.`);
      if (problems.length === 0) {
        const used = (taken.get(channel) ?? 0) + 1;
        if (used > room(channel))
          problems.push(`${rule.label} already has ${itemsPerChannelPerWeek} items this week (with the rows above).`);
        else taken.set(channel, used);
      }
    }
    return { line: index + 2, channel, day, title, text, link, problems };
  });
}
