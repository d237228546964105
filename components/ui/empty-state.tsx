import type { ReactNode } from "react";

/** What a list shows before it has anything: what goes here, and the one next step. */
export function EmptyState({ title, description, action }: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line bg-canvas px-6 py-10 text-center">
      <p className="text-base font-semibold">{title}</p>
      {description && <p className="max-w-md text-sm text-muted">{description}</p>}
      {action && <div className="pt-1">{action}</div>}
    </div>
  );
}
