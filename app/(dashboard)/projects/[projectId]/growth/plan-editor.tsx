"use client";

import { useState } from "react";
import { ChannelBadge, channelLabel } from "@/components/growth/channel-badge";
import {
  type EditableItem,
  type EditablePlan,
  type EditableTask,
  errorKey,
  newKey,
  type PlanError,
  serverPlanErrors,
  withItemSlugs,
} from "@/components/growth/plan-model";
import type { Cycle } from "@/components/growth/types";
import { Button, Card, CardBody, CardHeader, cx, Input, Notice, Select, Textarea } from "@/components/ui";
import { useDateText, When } from "@/components/ui/when";
import { useOperationAction } from "@/components/use-operation-action";
import { channelRules } from "@/lib/channels/rules";
import { type DayKey, dayOf, weekDays } from "@/lib/growth/week-days";
import type { Channel } from "@/lib/schemas/growth";
import { channels } from "@/lib/schemas/growth-lists";
import { approveCycleAction } from "./actions";

const bounds = { title: 200, angle: 1000, keyMessage: 1000, cta: 200, theme: 200, description: 1000, effort: 20 } as const;

function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} role="alert" className={cx("text-sm font-medium text-danger", !message && "hidden")}>
      {message}
    </p>
  );
}

/** A labelled text input (a text area when `multiline`) inside a card; its error is announced with it. */
function TextField({
  id,
  label,
  error,
  multiline,
  onChange,
  ...control
}: {
  id: string;
  label: string;
  error?: string;
  multiline?: boolean;
  rows?: number;
  className?: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const props = {
    ...control,
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {multiline ? <Textarea {...props} /> : <Input {...props} />}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A row's text fields that have a bound: the names the controls of an item or a task edit as text. */
type BoundedText<Row> = { [Field in keyof Row]: Row[Field] extends string ? Field : never }[keyof Row] & keyof typeof bounds;

/** The controls of one row (an item or a task): each one's id and error, and the props of its text fields. */
function rowFields<Row extends { key: string }>(
  row: Row,
  {
    idPrefix,
    errorPrefix,
    errors,
    onChange,
  }: { idPrefix: string; errorPrefix: string; errors: Record<string, string>; onChange: (patch: Partial<Row>) => void },
) {
  const id = (field: string) => `${idPrefix}-${row.key}-${field}`;
  const error = (field: string) => errors[`${errorPrefix}:${row.key}:${field}`];
  const text = (field: BoundedText<Row>) => ({
    id: id(field),
    error: error(field),
    maxLength: bounds[field],
    value: row[field] as string,
    onChange: (value: string) => onChange({ [field]: value } as Partial<Row>),
  });
  return { id, error, text };
}

function DaySelect({
  id,
  value,
  weekStart,
  onChange,
  label,
  allowNone,
}: {
  id: string;
  value: string;
  weekStart: string;
  onChange: (value: string) => void;
  label: string;
  allowNone?: boolean;
}) {
  const days = weekDays(weekStart);
  const dateText = useDateText();
  const current = dayOf(value, weekStart);
  return (
    <Select
      id={id}
      aria-label={label}
      className="h-8 text-sm"
      value={current ?? value}
      onChange={(event) => onChange(event.target.value)}
    >
      {allowNone && <option value="">No day</option>}
      {!current && value && <option value={value}>{value}</option>}
      {days.map((day) => (
        <option key={day.key} value={day.key}>
          {dateText(day.date)}
        </option>
      ))}
    </Select>
  );
}

interface ItemCardProps {
  item: EditableItem;
  weekStart: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<EditableItem>) => void;
  onRemove: () => void;
  startOpen: boolean;
}

function PlanItemCard({ item, weekStart, errors, onChange, onRemove, startOpen }: ItemCardProps) {
  const hasError = Object.keys(errors).some((key) => key.startsWith(`item:${item.key}:`));
  const [open, setOpen] = useState(startOpen);
  const isOpen = open || hasError;
  const { id, error, text } = rowFields(item, { idPrefix: "plan", errorPrefix: "item", errors, onChange });
  const name = item.title.trim() || "new item";
  return (
    <li
      data-testid="plan-item"
      data-channel={item.channel}
      className={cx("rounded-xl border border-line bg-surface p-3 shadow-sm", isOpen ? "basis-full" : "w-full sm:w-96")}
    >
      <div className="flex items-start justify-between gap-2">
        <ChannelBadge channel={item.channel} />
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" aria-expanded={isOpen} aria-controls={id("details")} onClick={() => setOpen(!isOpen)}>
            {isOpen ? "Done" : "Edit"}
            <span className="sr-only"> {name}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={onRemove}>
            Remove<span className="sr-only"> {name}</span>
          </Button>
        </div>
      </div>
      <h4 className="mt-2 text-sm font-semibold leading-5">{item.title || <span className="text-muted">Untitled item</span>}</h4>
      {!isOpen && item.angle && (
        <p data-testid="plan-item-angle" className="mt-1 line-clamp-2 text-xs text-muted">
          {item.angle}
        </p>
      )}
      {!isOpen && error("title") && <p className="text-sm text-danger">{error("title")}</p>}
      <div className="mt-3 grid grid-cols-[10rem_minmax(0,1fr)] gap-2">
        <DaySelect
          id={id("day")}
          label={`Day for ${name}`}
          value={item.suggestedDay}
          weekStart={weekStart}
          onChange={(suggestedDay) => onChange({ suggestedDay })}
        />
        <Select
          id={id("channel")}
          aria-label={`Channel for ${name}`}
          className="h-8 text-sm"
          value={item.channel}
          onChange={(event) => onChange({ channel: event.target.value as Channel })}
        >
          {channels.map((channel) => (
            <option key={channel} value={channel}>
              {channelRules[channel].label}
            </option>
          ))}
        </Select>
      </div>
      <div id={id("details")} hidden={!isOpen} className="mt-3 grid gap-3 md:grid-cols-2">
        <TextField label="Title" className="h-9 text-sm" {...text("title")} />
        <TextField label="Call to action" className="h-9 text-sm" {...text("cta")} />
        <TextField label="Angle" multiline rows={3} className="text-sm" {...text("angle")} />
        <TextField label="Key message" multiline rows={3} className="text-sm" {...text("keyMessage")} />
      </div>
    </li>
  );
}

function PlanTaskRow({
  task,
  weekStart,
  errors,
  onChange,
  onRemove,
}: {
  task: EditableTask;
  weekStart: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<EditableTask>) => void;
  onRemove: () => void;
}) {
  const { id, text } = rowFields(task, { idPrefix: "task", errorPrefix: "task", errors, onChange });
  const name = task.title.trim() || "new task";
  return (
    <li data-testid="plan-task" className="space-y-2 rounded-xl border border-line bg-surface p-3">
      <TextField label="Task" className="h-9 text-sm" {...text("title")} />
      <div className="grid grid-cols-[minmax(0,1fr)_10rem] gap-2">
        <TextField label="Effort" className="h-8 text-sm" {...text("effort")} />
        <div className="space-y-1">
          <label htmlFor={id("day")} className="text-xs font-medium text-muted">
            Day
          </label>
          <DaySelect
            id={id("day")}
            label={`Day for task ${name}`}
            value={task.suggestedDay}
            weekStart={weekStart}
            allowNone
            onChange={(suggestedDay) => onChange({ suggestedDay })}
          />
        </div>
      </div>
      <TextField label="Details" multiline rows={2} className="text-sm" {...text("description")} />
      <div className="flex justify-end">
        <Button size="sm" variant="ghost" onClick={onRemove}>
          Remove task<span className="sr-only"> {name}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * The proposed week as a calendar the founder edits before approving: move items between
 * days (a select, so keyboards can), change their channel, rewrite them, remove or add
 * items and tasks, rename the theme. Approving sends the edited plan, checked first with
 * the same approval schema the server uses.
 */
export function PlanEditor({ cycle, initial }: { cycle: Cycle; initial: EditablePlan }) {
  const [plan, setPlan] = useState<EditablePlan>(initial);
  const [errors, setErrors] = useState<PlanError[]>([]);
  const [opened, setOpened] = useState<string | null>(null);
  const { pending, error: failure, run, setError } = useOperationAction();
  const days = weekDays(cycle.weekStart);
  const dateText = useDateText();
  const errorMap = Object.fromEntries(errors.map((entry) => [errorKey(entry.target), entry.message]));
  const defaultChannel: Channel = plan.items[0]?.channel ?? "x";

  // Editing a field clears its error; the rest stay until the next check.
  const clearErrors = (keys: string[]) =>
    setErrors((current) => current.filter((entry) => !keys.includes(errorKey(entry.target))));
  const updateItem = (key: string, patch: Partial<EditableItem>) => {
    clearErrors(Object.keys(patch).map((field) => `item:${key}:${field}`));
    setPlan((current) => ({ ...current, items: current.items.map((item) => (item.key === key ? { ...item, ...patch } : item)) }));
  };
  const updateTask = (key: string, patch: Partial<EditableTask>) => {
    clearErrors(Object.keys(patch).map((field) => `task:${key}:${field}`));
    setPlan((current) => ({ ...current, tasks: current.tasks.map((task) => (task.key === key ? { ...task, ...patch } : task)) }));
  };
  const addItem = (day: DayKey) => {
    const key = newKey("item");
    setOpened(key);
    setPlan((current) => ({
      ...current,
      items: [
        ...current.items,
        { key, channel: defaultChannel, slug: "", title: "", angle: "", keyMessage: "", cta: "", suggestedDay: day },
      ],
    }));
  };
  const itemCard = (item: EditableItem) => (
    <PlanItemCard
      key={item.key}
      item={item}
      weekStart={cycle.weekStart}
      errors={errorMap}
      startOpen={opened === item.key}
      onChange={(patch) => updateItem(item.key, patch)}
      onRemove={() => setPlan({ ...plan, items: plan.items.filter((other) => other.key !== item.key) })}
    />
  );
  const addTask = () =>
    setPlan((current) => ({
      ...current,
      tasks: [
        ...current.tasks,
        { key: newKey("task"), title: "", description: "", category: "founder", effort: "30 min", suggestedDay: "" },
      ],
    }));

  async function approve() {
    setError(null);
    const withSlugs = withItemSlugs(plan, cycle.weekNumber);
    const check = await import("@/components/growth/plan-check").catch(() => undefined);
    if (!check) return setError("The connection dropped before the plan could be checked. Try again.");
    const checked = check.validatePlan(withSlugs);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors([]);
    run(async () => {
      const result = await approveCycleAction(cycle.id, checked.plan);
      if (!result.ok && result.error.code === "invalid_request" && Array.isArray(result.error.issues)) {
        setErrors(serverPlanErrors(withSlugs, result.error.issues as Array<{ path: string; message: string }>));
      }
      return result;
    });
  }

  const grouped = (day: DayKey | null) => plan.items.filter((item) => dayOf(item.suggestedDay, cycle.weekStart) === day);
  const unscheduled = grouped(null);

  return (
    <div className="space-y-6">
      <Card aria-labelledby="plan-title">
        <CardHeader
          id="plan-title"
          title={`Week ${cycle.weekNumber} plan`}
          description={`Proposed for the week of ${dateText(days[0]!.date)}. Change anything, then approve it: the items and tasks are created from what you approve.`}
        />
        <CardBody className="space-y-4">
          <TextField
            id="plan-theme"
            label="Theme of the week"
            error={errorMap.theme}
            maxLength={bounds.theme}
            value={plan.weekTheme}
            onChange={(weekTheme) => {
              clearErrors(["theme"]);
              setPlan({ ...plan, weekTheme });
            }}
          />
          {plan.rationale && <p className="text-sm text-muted">{plan.rationale}</p>}
          {plan.skipped.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Left out this week ({plan.skipped.length})</summary>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
                {plan.skipped.map((entry) => (
                  <li key={entry.what}>
                    <span className="text-ink">{entry.what}</span>: {entry.why}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </CardBody>
      </Card>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="calendar-title" className="space-y-3">
          <h2 id="calendar-title" className="text-lg font-semibold">
            The week <span className="text-sm font-normal text-muted">({plan.items.length} items)</span>
          </h2>
          <ol className="space-y-3">
            {days.map((day) => (
              <li
                key={day.key}
                data-testid="plan-day"
                data-day={day.key}
                className="rounded-[var(--radius-card)] border border-line bg-canvas p-3"
              >
                <div className={cx("flex items-center justify-between gap-2", grouped(day.key).length > 0 && "mb-2")}>
                  <h3 className="text-sm font-semibold">
                    <When at={day.date} />
                    {grouped(day.key).length === 0 && <span className="font-normal text-muted"> · nothing planned</span>}
                  </h3>
                  <Button size="sm" variant="ghost" onClick={() => addItem(day.key)}>
                    + Add item
                    <span className="sr-only">
                      {" "}
                      on <When at={day.date} />
                    </span>
                  </Button>
                </div>
                {grouped(day.key).length > 0 && <ul className="flex flex-wrap gap-3">{grouped(day.key).map(itemCard)}</ul>}
              </li>
            ))}
            {unscheduled.length > 0 && (
              <li
                data-testid="plan-day"
                data-day="none"
                className="rounded-[var(--radius-card)] border border-dashed border-line p-3"
              >
                <h3 className="mb-2 text-sm font-semibold">No day yet</h3>
                <ul className="flex flex-wrap gap-3">{unscheduled.map(itemCard)}</ul>
              </li>
            )}
          </ol>
        </section>

        <section aria-labelledby="plan-tasks-title" className="space-y-3">
          <h2 id="plan-tasks-title" className="text-lg font-semibold">
            Your tasks <span className="text-sm font-normal text-muted">({plan.tasks.length})</span>
          </h2>
          <ul className="space-y-3">
            {plan.tasks.map((task) => (
              <PlanTaskRow
                key={task.key}
                task={task}
                weekStart={cycle.weekStart}
                errors={errorMap}
                onChange={(patch) => updateTask(task.key, patch)}
                onRemove={() => setPlan({ ...plan, tasks: plan.tasks.filter((other) => other.key !== task.key) })}
              />
            ))}
          </ul>
          <Button variant="secondary" size="sm" onClick={addTask}>
            + Add a task
          </Button>
        </section>
      </div>

      {/* The approve bar sticks to the bottom of the window, so "Approve plan" is on every screen of a long plan. */}
      <div
        className="sticky bottom-0 z-20 space-y-3 rounded-[var(--radius-card)] border border-line bg-surface/95 px-4 py-3 shadow-[var(--shadow-pop)] backdrop-blur"
        data-testid="plan-bar"
      >
        {errors.length > 0 && (
          <Notice
            tone="danger"
            title={`The plan needs ${errors.length === 1 ? "one change" : `${errors.length} changes`} before it can be approved`}
          >
            <ul className="list-disc space-y-0.5 pl-5">
              {errors.map((entry) => (
                <li key={`${errorKey(entry.target)}-${entry.message}`}>
                  {describeTarget(entry, plan)}
                  {entry.message}
                </li>
              ))}
            </ul>
          </Notice>
        )}
        {failure && <Notice tone="danger">{failure}</Notice>}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">
            {plan.items.length} items on {new Set(plan.items.map((item) => item.channel)).size} channels · {plan.tasks.length}{" "}
            tasks
          </p>
          <div className="flex gap-2">
            <Button
              variant="ghost"
              onClick={() => {
                setPlan(initial);
                setErrors([]);
              }}
              disabled={pending}
            >
              Undo my changes
            </Button>
            <Button onClick={approve} disabled={pending}>
              {pending ? "Approving…" : "Approve plan"}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

function describeTarget(entry: PlanError, plan: EditablePlan): string {
  if (entry.target.kind === "item") {
    const key = entry.target.key;
    const item = plan.items.find((candidate) => candidate.key === key);
    return item ? `${channelLabel(item.channel)} item “${item.title.trim() || "untitled"}”: ` : "";
  }
  if (entry.target.kind === "task") {
    const key = entry.target.key;
    const task = plan.tasks.find((candidate) => candidate.key === key);
    return task ? `Task “${task.title.trim() || "untitled"}”: ` : "";
  }
  return "";
}
