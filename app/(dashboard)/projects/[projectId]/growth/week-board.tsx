"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { BlankCount } from "@/components/blanks/blank-guard";
import { channelLabel, statusTone } from "@/components/growth/channel-badge";
import { draftBlanks } from "@/components/growth/draft-blanks";
import {
  type BoardCycle,
  type BoardTask,
  type ChangeRequest,
  type GrowthItem,
  type MeasuredItem,
  openChangeRequest,
  withBody,
} from "@/components/growth/types";
import { WeekNumbersCard } from "@/components/growth/week-chart";
import { itemStatusLabel } from "@/components/labels";
import { ItemResultsBadge } from "@/components/results/item-results";
import { Badge, Button, buttonClasses, Card, CardBody, CardHeader, cx, Notice } from "@/components/ui";
import { When } from "@/components/ui/when";
import { describeFailure } from "@/lib/actions/form-state";
import { blanksLeft } from "@/lib/drafts/blanks";
import { weekTitle } from "@/lib/growth/week";
import { dayOf, weekDays } from "@/lib/growth/week-days";
import type { NetworkView } from "@/lib/networks/provider";
import type { JobState } from "@/lib/schemas/publishing";
import { generateItemAction, scheduleItemAction } from "./actions";
import { CardTime, timeEditable } from "./card-time";
import { DuePosts } from "./due-posts";
import { ItemPanel } from "./item-panel";
import type { AccountOption } from "./publication-panel";
import { RetroCard } from "./retro-card";
import { localDateKey, onDay } from "./schedule-time";
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

/** An approved week: its header, the open draft first, then the calendar of items with their states, the numbers, the tasks and the retro. */
export function WeekBoard({
  cycle,
  brand,
  accounts,
  networks,
  history,
  activeJobs,
  changeRequests,
}: {
  cycle: BoardCycle;
  brand: string;
  accounts: AccountOption[];
  /** The networks Launchloop publishes to, as their providers describe them. */
  networks: NetworkView[];
  history: MeasuredItem[];
  activeJobs: JobState[];
  /** What reviewers asked to change, by item (see openChangeRequest). */
  changeRequests: Record<string, ChangeRequest>;
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
  const [calendarOpen, setCalendarOpen] = useState(false);
  // Once the retro is open it is the page's work: on a phone the drafts, calendar, numbers and
  // tasks fold away behind one button (kept on the page, so nothing typed is lost).
  const [retroOpen, setRetroOpen] = useState(false);
  const [weekShown, setWeekShown] = useState(false);
  useEffect(() => setItems(cycle.items.map(withBody)), [cycle.items]);
  useEffect(() => setTasks(cycle.tasks), [cycle.tasks]);
  // Times are the browser's: the server draws the board by planned day, the browser by time.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // Read the board again at the next post's time, then every 5 s while it waits for its job
  // (up to 10 minutes past), so its reminder or publication shows without a reload.
  useEffect(() => {
    const due = items.flatMap((item) =>
      item.publication?.status === "scheduled" && item.publication.scheduledAt ? [Date.parse(item.publication.scheduledAt)] : [],
    );
    const next = Math.min(...due.filter((at) => at > Date.now() - 10 * 60_000));
    const wait = Math.max(next - Date.now(), 5000);
    if (!Number.isFinite(next) || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => router.refresh(), wait);
    return () => clearTimeout(timer);
  }, [items, router]);

  const days = weekDays(cycle.weekStart);
  /** The calendar day an item sits on: its time's day in the browser's zone within the week, else its planned day. */
  const calendarDayOf = (item: GrowthItem) => {
    const at = mounted ? item.publication?.scheduledAt : null;
    const timed = at ? days.find((day) => day.date === localDateKey(at)) : undefined;
    return timed?.key ?? dayOf(item.suggestedDay, cycle.weekStart);
  };
  const [dragging, setDragging] = useState<string | null>(null);
  async function moveToDay(itemId: string, date: string) {
    const item = items.find((candidate) => candidate.id === itemId);
    const at = item?.publication?.scheduledAt;
    if (!item || !at || !timeEditable(item) || localDateKey(at) === date) return;
    setError(null);
    const result = await scheduleItemAction(item.id, { scheduledAt: onDay(at, date) });
    if (result.ok) replaceItem(result.data.item);
    else setError(`${item.title} did not move: ${describeFailure(result)}`);
  }
  const dayLabelOf = (item: GrowthItem) => {
    const day = dayOf(item.suggestedDay, cycle.weekStart);
    return day ? <When at={days.find((entry) => entry.key === day)!.date} /> : item.suggestedDay || "No day";
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

  const unscheduled = items.filter((item) => !calendarDayOf(item));
  const ordered = inDayOrder(items, cycle.weekStart);
  const { openItem, position } = useOpenItem(ordered);
  const blanksOf = (item: GrowthItem) => draftBlanks(item.draft);
  const weekBlanks = items.reduce((sum, item) => sum + (item.status === "published" ? 0 : blanksOf(item)), 0);
  const theme = cycle.theme;
  const folded = retroOpen && !weekShown ? "max-sm:hidden" : undefined;

  return (
    <div className="space-y-8">
      <div className="space-y-6">
        <DuePosts items={items} onItem={replaceItem} />
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
          <CardBody className="space-y-4 pt-0">
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
                {blanksLeft(weekBlanks)} in this week's drafts: only you know what goes there. Click a highlighted blank to fill
                it.
              </p>
            )}
          </CardBody>
        </Card>
      </div>

      {retroOpen && (
        <Button
          variant="secondary"
          size="sm"
          className="sm:hidden"
          aria-expanded={weekShown}
          aria-controls="drafts-section week-calendar-card week-tasks"
          onClick={() => setWeekShown((shown) => !shown)}
        >
          {weekShown ? "Fold the week's drafts and tasks" : "Show the week's drafts and tasks"}
        </Button>
      )}
      <section id="drafts-section" aria-labelledby="drafts-title" className={cx("-mt-4 space-y-3", folded)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="drafts-title" className="text-lg font-semibold tracking-tight">
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
            changeRequest={openChangeRequest(openItem, changeRequests)}
          />
        ) : (
          <p className="text-sm text-muted">This week has no content items.</p>
        )}
      </section>

      <Card id="week-calendar-card" aria-labelledby="calendar-title" className={folded}>
        <CardHeader
          id="calendar-title"
          title="Calendar"
          description="The week's items by day; days with nothing planned stay narrow. A card opens its draft above."
          actions={
            <Button
              variant="secondary"
              size="sm"
              className="md:hidden"
              aria-expanded={calendarOpen}
              aria-controls="week-calendar"
              onClick={() => setCalendarOpen((open) => !open)}
            >
              {calendarOpen ? "Fold the calendar" : "Show the calendar"}
            </Button>
          }
        />
        {/* Below 768 px the calendar folds away behind its button: the drafts come first. */}
        <CardBody id="week-calendar" className={cx("space-y-4", calendarOpen ? "block" : "hidden md:block")}>
          <ol className="calendar-week" aria-label="Calendar">
            {days.map((day) => {
              const today = items.filter((item) => calendarDayOf(item) === day.key);
              return (
                <li
                  key={day.key}
                  data-testid="calendar-day"
                  data-day={day.key}
                  data-empty={today.length === 0 ? "true" : undefined}
                  className={cx("calendar-day", dragging && "outline-dashed outline-1 outline-accent/50")}
                  onDragOver={(event) => {
                    if (dragging) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    const itemId = event.dataTransfer.getData("text/plain") || dragging;
                    setDragging(null);
                    if (itemId) void moveToDay(itemId, day.date);
                  }}
                >
                  <p className="mb-2 text-xs font-semibold text-muted">
                    <When at={day.date} />
                  </p>
                  <ul className="space-y-1.5">
                    {today.map((item) => (
                      <li
                        key={item.id}
                        draggable={timeEditable(item)}
                        onDragStart={(event) => {
                          event.dataTransfer.setData("text/plain", item.id);
                          event.dataTransfer.effectAllowed = "move";
                          setDragging(item.id);
                        }}
                        onDragEnd={() => setDragging(null)}
                      >
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
                              <span className="min-w-0 truncate">{itemStatusLabel[item.status]}</span>
                            </Badge>
                            {item.status !== "published" && <BlankCount count={blanksOf(item)} className="max-w-full" />}
                            {openChangeRequest(item, changeRequests) && (
                              <Badge tone="warning" className="max-w-full" data-testid="changes-asked">
                                <span className="min-w-0 truncate">Changes asked</span>
                              </Badge>
                            )}
                          </span>
                        </a>
                        <CardTime item={item} onItem={replaceItem} mounted={mounted} />
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
      <div id="week-tasks" className={cx("space-y-8", folded)}>
        <WeekNumbersCard items={items} weekStart={cycle.weekStart} />
        <Card aria-labelledby="tasks-title">
          <CardHeader id="tasks-title" title="Your tasks" description="Things only you can do this week." />
          <CardBody>
            <TaskChecklist tasks={tasks} weekStart={cycle.weekStart} onTask={replaceTask} />
          </CardBody>
        </Card>
      </div>

      <RetroCard cycle={cycle} items={items} history={history} open={retroOpen} onOpen={() => setRetroOpen(true)} />
    </div>
  );
}
