import { gradeLabel, itemStatusLabel, labelOf, learningKindLabel } from "@/components/labels";
import { Badge } from "@/components/ui";
import { ChannelBadge, statusTone } from "./channel-badge";
import type { Learning } from "./learnings";
import type { Cycle } from "./types";

const gradeTone = { great: "success", ok: "accent", quiet: "warning" } as const;

/** A closed week at a glance: its items with results and grades, its tasks, the retro note and the learnings it added. */
export function WeekSummary({ cycle, learnings }: { cycle: Cycle; learnings: Learning[] }) {
  const overall = typeof cycle.retro?.overall === "string" ? cycle.retro.overall : "";
  return (
    <div className="space-y-4" data-testid="week-summary">
      <ul className="divide-y divide-line">
        {cycle.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
            <ChannelBadge channel={item.channel} />
            <span className="min-w-0 flex-1">{item.title}</span>
            <Badge tone={statusTone[item.status]}>{labelOf(itemStatusLabel, item.result ?? item.status)}</Badge>
            {item.grade && <Badge tone={gradeTone[item.grade]}>{gradeLabel[item.grade]}</Badge>}
          </li>
        ))}
      </ul>
      {cycle.tasks.length > 0 && (
        <p className="text-sm text-muted">
          Tasks: {cycle.tasks.filter((task) => task.status === "done").length} done,{" "}
          {cycle.tasks.filter((task) => task.status === "skipped").length} skipped,{" "}
          {cycle.tasks.filter((task) => task.status === "open").length} left open.
        </p>
      )}
      {overall && <blockquote className="border-l-4 border-accent/40 pl-3 text-sm italic">{overall}</blockquote>}
      {learnings.length > 0 && (
        <div className="space-y-2" data-testid="new-learnings">
          <h3 className="text-sm font-semibold">What the playbook learned</h3>
          <ul className="space-y-1.5 text-sm">
            {learnings.map((learning) => (
              <li key={`${learning.kind}-${learning.text}`} className="flex gap-2">
                <Badge tone={learning.kind === "worked" ? "success" : learning.kind === "quiet" ? "warning" : "neutral"}>
                  {labelOf(learningKindLabel, learning.kind)}
                </Badge>
                <span>{learning.text}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
