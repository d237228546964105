import { channelRules } from "@/lib/channels/rules";
import { itemSlug } from "@/lib/growth/item-slugs";
import type { Channel, WeeklyPlan } from "@/lib/schemas/growth";

/** One planned item as the founder edits it before approving. */
export interface EditableItem {
  key: string;
  channel: Channel;
  slug: string;
  title: string;
  angle: string;
  keyMessage: string;
  cta: string;
  suggestedDay: string;
  notes?: string;
}

export interface EditableTask {
  key: string;
  title: string;
  description: string;
  category: string;
  effort: string;
  suggestedDay: string;
}

export interface EditablePlan {
  weekTheme: string;
  rationale: string;
  items: EditableItem[];
  tasks: EditableTask[];
  skipped: WeeklyPlan["skipped"];
  audienceRationale: Partial<Record<Channel, string>>;
}

let counter = 0;
/** A key for an item or task the founder adds (in the browser only, so server and client renders agree on the rest). */
export const newKey = (prefix: string) => `${prefix}-new-${(counter++).toString(36)}`;

/** The plan with a slug for every item the founder added, named as the planner names its own. */
export function withItemSlugs(edit: EditablePlan, weekNumber: number): EditablePlan {
  const taken = new Set(edit.items.map((item) => item.slug).filter(Boolean));
  return {
    ...edit,
    items: edit.items.map((item) =>
      item.slug ? item : { ...item, slug: itemSlug(weekNumber, item.channel, item.title, taken) },
    ),
  };
}

/** Where each item and task landed in the plan sent to the server, to find them again from an issue's path. */
interface PlanLayout {
  /** contentPlan[entry].items[index] → item key */
  items: string[][];
  channels: Channel[];
  tasks: string[];
}

/** The edited plan as the approval schema expects it: items grouped by channel in first-seen order. */
export function toPlan(edit: EditablePlan): { plan: unknown; layout: PlanLayout } {
  const channels = [...new Set(edit.items.map((item) => item.channel))];
  const layout: PlanLayout = { items: [], channels, tasks: edit.tasks.map((task) => task.key) };
  const contentPlan = channels.map((channel) => {
    const items = edit.items.filter((item) => item.channel === channel);
    layout.items.push(items.map((item) => item.key));
    const rationale = edit.audienceRationale[channel];
    return {
      channel,
      ...(rationale ? { audienceRationale: rationale } : {}),
      count: items.length,
      items: items.map((item) => ({
        slug: item.slug,
        title: item.title.trim(),
        angle: item.angle,
        keyMessage: item.keyMessage,
        ...(item.cta.trim() ? { cta: item.cta.trim() } : {}),
        suggestedDay: item.suggestedDay,
        ...(item.notes ? { notes: item.notes } : {}),
      })),
    };
  });
  const founderTasks = edit.tasks.map((task) => ({
    title: task.title.trim(),
    description: task.description,
    category: task.category,
    effort: task.effort,
    ...(task.suggestedDay ? { suggestedDay: task.suggestedDay } : {}),
  }));
  return {
    plan: { weekTheme: edit.weekTheme.trim(), rationale: edit.rationale, contentPlan, founderTasks, skipped: edit.skipped },
    layout,
  };
}

const fieldLabels: Record<string, string> = {
  weekTheme: "The week's theme",
  rationale: "The rationale",
  title: "Title",
  angle: "Angle",
  keyMessage: "Key message",
  cta: "Call to action",
  suggestedDay: "Day",
  notes: "Notes",
  slug: "Slug",
  description: "Description",
  category: "Category",
  effort: "Effort",
};

export interface IssueLike {
  path: readonly PropertyKey[] | string;
  message: string;
  code?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
}

/** Where an error shows: the theme, one item's or task's field, or the whole form. */
export type ErrorTarget =
  | { kind: "form" }
  | { kind: "theme" }
  | { kind: "item"; key: string; field: string }
  | { kind: "task"; key: string; field: string };

export interface PlanError {
  target: ErrorTarget;
  message: string;
}

/** An issue of the approval schema (from the client's own check or the server's 400) as a sentence at its place in the editor. */
export function describePlanIssue(issue: IssueLike, layout: PlanLayout): PlanError {
  const path = (typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String)).filter(
    (part) => part !== "body" && part !== "plan",
  );
  const [top, first, second, third, fourth] = path;
  const bound = (what: string) => {
    const limit = Number(issue.maximum ?? issue.minimum ?? 0);
    if (issue.code === "too_small" && limit <= 1) return `${what} is required.`;
    if (issue.code === "too_big") return `${what} must be at most ${limit} characters (it is longer).`;
    if (issue.code === "too_small") return `${what} needs at least ${limit} characters.`;
    return `${what}: ${issue.message}`;
  };
  if (top === "weekTheme") return { target: { kind: "theme" }, message: bound(fieldLabels.weekTheme!) };
  if (top === "contentPlan") {
    if (first === undefined)
      return {
        target: { kind: "form" },
        message: `A week holds at most 15 channels; remove items from ${layout.channels.length - 15} of them.`,
      };
    const channel = layout.channels[Number(first)];
    const label = channel ? channelRules[channel].label : "A channel";
    if (second === "items" && third !== undefined && fourth !== undefined) {
      const key = layout.items[Number(first)]?.[Number(third)];
      if (key) return { target: { kind: "item", key, field: fourth }, message: bound(fieldLabels[fourth] ?? fourth) };
    }
    if (second === "items" || second === "count")
      return {
        target: { kind: "form" },
        message: `${label} has ${layout.items[Number(first)]?.length ?? "too many"} items; a week holds at most 10 per channel. Move some to another channel or remove them.`,
      };
    if (second === "channel") return { target: { kind: "form" }, message: "Pick a channel from the list for every item." };
  }
  if (top === "founderTasks") {
    if (first === undefined)
      return { target: { kind: "form" }, message: `A week holds at most 10 founder tasks; remove ${layout.tasks.length - 10}.` };
    const key = layout.tasks[Number(first)];
    if (key && second) return { target: { kind: "task", key, field: second }, message: bound(fieldLabels[second] ?? second) };
  }
  return { target: { kind: "form" }, message: `${path.join(" → ") || "The plan"}: ${issue.message}` };
}

/** Maps the server's issues (paths as strings) the same way. */
export function serverPlanErrors(edit: EditablePlan, issues: Array<{ path: string; message: string }>): PlanError[] {
  const { layout } = toPlan(edit);
  return issues.map((issue) => describePlanIssue(issue, layout));
}

export const errorKey = (target: ErrorTarget) =>
  target.kind === "item" || target.kind === "task" ? `${target.kind}:${target.key}:${target.field}` : target.kind;
