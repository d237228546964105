"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { BlankCount } from "@/components/blanks/blank-guard";
import { channelLabel, statusTone } from "@/components/growth/channel-badge";
import { draftBlanks } from "@/components/growth/draft-blanks";
import { type BoardCycle, type BoardTask, type GrowthItem, type MeasuredItem, withBody } from "@/components/growth/types";
import { WeekNumbersCard } from "@/components/growth/week-chart";
import { ItemResultsBadge } from "@/components/results/item-results";
import { Badge, Button, buttonClasses, Card, CardBody, CardHeader, Notice } from "@/components/ui";
import { describeFailure } from "@/lib/actions/form-state";
import { blanksLeft } from "@/lib/drafts/blanks";
import { weekTitle } from "@/lib/growth/week";
import { dayOf, weekDays } from "@/lib/growth/week-days";
import type { NetworkView } from "@/lib/networks/provider";
import type { JobState } from "@/lib/schemas/publishing";
import { generateItemAction } from "./actions";
import { ItemPanel } from "./item-panel";
import type { AccountOption } from "./publication-panel";
import { RetroCard } from "./retro-card";
import { TaskChecklist } from "./task-checklist";
import { useOpenItem } from "./use-open-item";
import { useProjectJobs } from "./use-project-jobs";

/** The week's items from Monday to Sunday (the plan's order within a day), those without a day last. */
function inDayOrder(items: GrowthItem[], weekStart: string): GrowthItem[] {
  const order = weekDays(weekStart).map((day) => day.key);
  const rank = (item: GrowthItem) => {
    const day = dayOf(item.suggestedDay, weekStart);
    return day ? order.indexOf(day) : order.length;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** A link that opens an item's draft on the board (see useOpenItem), as the calendar shows it. */
const itemLink = (item: GrowthItem) => ({
  href: `#item-${item.id}`,
  "data-testid": "calendar-item",
  "data-status": item.status,
  "data-channel": item.channel,
});

interface Progress {
  done: number;
  total: number;
  current: string | null;
}

/** An approved week: the calendar of items with their states, every draft, the tasks and the retro. */
export function WeekBoard({
  cycle,
  brand,
  accounts,
  networks,
  history,
  activeJobs,
}: {
  cycle: BoardCycle;
  brand: string;
  accounts: AccountOption[];
  /** The networks Launchloop publishes to, as their providers describe them. */
  networks: NetworkView[];
  history: MeasuredItem[];
  activeJobs: JobState[];
}) {
  const router = useRouter();
  // Drafts being written (by this tab before a reload, or another tab): their items show as busy until they land.
  const { jobs } = useProjectJobs(cycle.projectId, activeJobs);
  const drafting = new Map(jobs.filter((job) => job.kind === "draft").map((job) => [job.subjectId, job]));
  const [items, setItems] = useState(() => cycle.items.map(withBody));
  const [tasks, setTasks] = useState(cycle.tasks);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [generatingId, setGeneratingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setItems(cycle.items.map(withBody)), [cycle.items]);
  useEffect(() => setTasks(cycle.tasks), [cycle.tasks]);

  const days = weekDays(cycle.weekStart);
  const dayLabelOf = (item: GrowthItem) => {
    const day = dayOf(item.suggestedDay, cycle.weekStart);
    return day ? days.find((entry) => entry.key === day)!.longLabel : item.suggestedDay || "No day";
  };
  const replaceItem = (next: GrowthItem) => setItems((current) => current.map((item) => (item.id === next.id ? next : item)));
  const replaceTask = (next: BoardTask) => setTasks((current) => current.map((task) => (task.id === next.id ? next : task)));
  const planned = items.filter((item) => item.status === "planned");

  async function generateAll() {
    const queue = planned;
    setError(null);
    setProgress({ done: 0, total: queue.length, current: null });
    for (const [index, item] of queue.entries()) {
      setProgress({ done: index, total: queue.length, current: `${channelLabel(item.channel)}: ${item.title}` });
      setGeneratingId(item.id);
      const result = await generateItemAction(item.id);
      if (!result.ok) {
        setError(`Stopped after ${index} of ${queue.length}: ${describeFailure(result)}`);
        break;
      }
      replaceItem(result.data.item);
    }
    setGeneratingId(null);
    setProgress((current) => (current ? { ...current, done: current.total, current: null } : null));
    // The drafts live in the database: read them back, so the board shows them even if it was re-rendered meanwhile.
    router.refresh();
  }

  const unscheduled = items.filter((item) => !dayOf(item.suggestedDay, cycle.weekStart));
  const ordered = inDayOrder(items, cycle.weekStart);
  const { openItem, position } = useOpenItem(ordered);
  const blanksOf = (item: GrowthItem) => draftBlanks(item.draft);
  const weekBlanks = items.reduce((sum, item) => sum + (item.status === "published" ? 0 : blanksOf(item)), 0);
  const theme = cycle.theme;

  return (
    <div className="space-y-8">
      <div className="space-y-6">
        <Card aria-labelledby="week-title">
          <CardHeader
            id="week-title"
            title={weekTitle(cycle.weekNumber, theme)}
            description={`${items.length} items · ${items.filter((item) => item.status === "published").length} published · ${tasks.filter((task) => task.status === "done").length} of ${tasks.length} tasks done`}
            actions={
              planned.length > 0 && (
                <Button onClick={generateAll} disabled={progress !== null && progress.done < progress.total}>
                  Write all {planned.length} planned drafts
                </Button>
              )
            }
          />
          <CardBody className="space-y-4">
            <div role="status" aria-live="polite">
              {progress && progress.done < progress.total && (
                <div className="space-y-2">
                  <p className="text-sm">
                    Writing {progress.done + 1} of {progress.total}: <span className="font-medium">{progress.current}</span>
                  </p>
                  <div
                    role="progressbar"
                    aria-label="Drafts written"
                    aria-valuemin={0}
                    aria-valuemax={progress.total}
                    aria-valuenow={progress.done}
                    className="h-2 overflow-hidden rounded-full bg-sunken"
                  >
                    <div
                      className="h-full bg-accent transition-all"
                      style={{ width: `${(progress.done / progress.total) * 100}%` }}
                    />
                  </div>
                </div>
              )}
              {progress && progress.done >= progress.total && !error && (
                <p className="text-sm text-success">All {progress.total} drafts written.</p>
              )}
              {!progress && drafting.size > 0 && (
                <p className="flex items-center gap-3 text-sm" data-testid="drafting">
                  <span className="size-2 animate-pulse rounded-full bg-accent" aria-hidden />
                  Drafting…{" "}
                  {items
                    .filter((item) => drafting.has(item.id))
                    .map((item) => `${channelLabel(item.channel)}: ${item.title}`)
                    .join(", ")}
                </p>
              )}
            </div>
            {error && <Notice tone="danger">{error}</Notice>}
            {weekBlanks > 0 && (
              <p className="text-sm font-medium text-warning" data-testid="week-blanks">
                {blanksLeft(weekBlanks)} in this week's drafts: only you know what goes there. Open an item marked below and click
                a highlighted blank to fill it.
              </p>
            )}
            <ol className="grid gap-2 sm:grid-cols-2 md:grid-cols-4 xl:grid-cols-7" aria-label="Calendar">
              {days.map((day) => {
                const today = items.filter((item) => dayOf(item.suggestedDay, cycle.weekStart) === day.key);
                return (
                  <li key={day.key} data-testid="calendar-day" data-day={day.key} className="calendar-day">
                    <p className="mb-2 text-xs font-semibold text-muted">{day.label}</p>
                    <ul className="space-y-1.5">
                      {today.map((item) => (
                        <li key={item.id}>
                          <a
                            {...itemLink(item)}
                            aria-current={item.id === openItem?.id ? "true" : undefined}
                            className="calendar-item"
                          >
                            <span className="block truncate font-semibold">{channelLabel(item.channel)}</span>
                            <span className="mt-0.5 line-clamp-3 block break-words">{item.title}</span>
                            <ItemResultsBadge tracking={item.tracking} />
                            <span className="mt-1 flex flex-wrap gap-1">
                              <Badge tone={statusTone[item.status]} className="max-w-full">
                                <span className="min-w-0 truncate">{item.status}</span>
                              </Badge>
                              {item.status !== "published" && <BlankCount count={blanksOf(item)} className="max-w-full" />}
                            </span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ol>
            {unscheduled.length > 0 && (
              <p className="text-sm text-muted">
                No day yet:{" "}
                {unscheduled.map((item, index) => (
                  <span key={item.id}>
                    {index > 0 && ", "}
                    <a {...itemLink(item)}>{item.title}</a>
                  </span>
                ))}
              </p>
            )}
          </CardBody>
        </Card>
        <WeekNumbersCard items={items} weekStart={cycle.weekStart} />
        <Card aria-labelledby="tasks-title">
          <CardHeader id="tasks-title" title="Your tasks" description="Things only you can do this week." />
          <CardBody>
            <TaskChecklist tasks={tasks} weekStart={cycle.weekStart} onTask={replaceTask} />
          </CardBody>
        </Card>
      </div>

      <section aria-labelledby="drafts-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="drafts-title" className="text-xl font-semibold tracking-tight">
            Drafts and review
          </h2>
          {ordered.length > 1 && openItem && (
            <nav aria-label="Drafts" className="flex items-center gap-2 text-sm">
              <a href={`#item-${ordered.at(position - 1)!.id}`} className={buttonClasses("ghost", "sm")} rel="prev">
                ‹ Previous
              </a>
              <span className="text-muted tabular-nums" data-testid="draft-position">
                {position + 1} of {ordered.length}
              </span>
              <a
                href={`#item-${ordered.at((position + 1) % ordered.length)!.id}`}
                className={buttonClasses("ghost", "sm")}
                rel="next"
              >
                Next ›
              </a>
            </nav>
          )}
        </div>
        {openItem ? (
          <ItemPanel
            key={openItem.id}
            item={openItem}
            brand={brand}
            dayLabel={dayLabelOf(openItem)}
            onItem={replaceItem}
            generating={generatingId === openItem.id || drafting.has(openItem.id)}
            projectId={cycle.projectId}
            accounts={accounts}
            networks={networks}
          />
        ) : (
          <p className="text-sm text-muted">This week has no content items.</p>
        )}
      </section>

      <RetroCard cycle={cycle} items={items} history={history} />
    </div>
  );
}
