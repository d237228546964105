"use client";

import type { BoardTask, FounderTask } from "@/components/growth/types";
import { taskStatusLabel } from "@/components/labels";
import { Badge, Button, Notice } from "@/components/ui";
import { When } from "@/components/ui/when";
import { useOperationAction } from "@/components/use-operation-action";
import { dayOf, weekDays } from "@/lib/growth/week-days";
import { updateTaskAction } from "./actions";

/** The founder's tasks for the week: tick them done, skip them, or reopen them. */
export function TaskChecklist({
  tasks,
  weekStart,
  onTask,
}: {
  tasks: BoardTask[];
  weekStart: string;
  onTask: (task: FounderTask) => void;
}) {
  const { pending, error, run } = useOperationAction();
  const days = weekDays(weekStart);
  const setStatus = (task: BoardTask, status: BoardTask["status"]) =>
    run(
      () => updateTaskAction(task.id, status),
      (data) => onTask(data.task),
      { refresh: false },
    );
  if (!tasks.length) return <p className="text-sm text-muted">No tasks this week.</p>;
  return (
    <div className="space-y-3">
      <ul className="space-y-2">
        {tasks.map((task) => {
          const day = dayOf(task.suggestedDay, weekStart);
          const dayLabel = day ? <When at={days.find((entry) => entry.key === day)!.date} /> : null;
          const id = `task-${task.id}`;
          return (
            <li key={task.id} data-testid="task" data-status={task.status} className="task-row">
              <input
                id={id}
                type="checkbox"
                className="task-check"
                checked={task.status === "done"}
                disabled={pending}
                onChange={(event) => setStatus(task, event.target.checked ? "done" : "open")}
                aria-describedby={`${id}-meta`}
              />
              <div className="min-w-0 flex-1 space-y-1">
                <label
                  htmlFor={id}
                  className={task.status === "open" ? "text-sm font-medium" : "text-sm font-medium text-muted line-through"}
                >
                  {task.title}
                </label>
                {task.description && <p className="text-sm text-muted">{task.description}</p>}
                <p id={`${id}-meta`} className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  <span>{task.effort}</span>
                  {dayLabel && <span>· {dayLabel}</span>}
                  {task.status !== "open" && (
                    <Badge tone={task.status === "done" ? "success" : "neutral"}>{taskStatusLabel[task.status]}</Badge>
                  )}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                disabled={pending}
                onClick={() => setStatus(task, task.status === "skipped" ? "open" : "skipped")}
              >
                {task.status === "skipped" ? "Reopen" : "Skip"}
                <span className="sr-only"> {task.title}</span>
              </Button>
            </li>
          );
        })}
      </ul>
      {error && <Notice tone="danger">{error}</Notice>}
    </div>
  );
}
