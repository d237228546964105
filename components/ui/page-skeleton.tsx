/** What a dashboard page shows while it loads: its shape in grey, announced as busy to assistive technology. */
export function PageSkeleton() {
  return (
    <div aria-busy="true" aria-live="polite" className="animate-pulse space-y-6" data-testid="page-skeleton">
      <p role="status" className="sr-only">
        Loading…
      </p>
      <div className="space-y-3">
        <div className="h-8 w-64 max-w-full rounded-lg bg-sunken" />
        <div className="h-4 w-96 max-w-full rounded bg-sunken" />
      </div>
      <div className="h-40 rounded-[var(--radius-card)] border border-line bg-surface" />
      <div className="h-64 rounded-[var(--radius-card)] border border-line bg-surface" />
    </div>
  );
}
