"use client";

import Link from "next/link";
import { stepLabels } from "@/components/project/labels";
import type { AgentType } from "@/lib/schemas/project";

/** The pack's steps as tabs, each a link to that step's address (relative to the pack's), with the blanks it has left (keeping the blanks filter). */
export function StepTabs({
  steps,
  shown,
  blanksOnly = false,
}: {
  steps: Array<[AgentType, number]>;
  shown: AgentType;
  /** Whether the blanks filter is on: each tab keeps it. */
  blanksOnly?: boolean;
}) {
  return (
    <div
      role="tablist"
      aria-label="Steps of the pack"
      className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
    >
      {steps.map(([agentType, blanks]) => (
        <Link
          key={agentType}
          href={`?step=${agentType}${blanksOnly ? "&blanks=1" : ""}`}
          scroll={false}
          role="tab"
          id={`tab-${agentType}`}
          aria-selected={agentType === shown}
          aria-controls={agentType === shown ? `section-${agentType}` : undefined}
          className="step-tab"
        >
          {stepLabels[agentType].title}
          {blanks > 0 && <span className="rounded-full bg-warning-soft px-2 text-xs font-semibold text-warning">{blanks}</span>}
        </Link>
      ))}
    </div>
  );
}
