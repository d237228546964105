/** Launchloop's name and mark, leading to the dashboard. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <a
      href="/dashboard"
      className="flex items-center gap-2 text-[17px] font-semibold tracking-tight text-ink no-underline hover:no-underline"
    >
      <span aria-hidden className="grid size-7 place-items-center rounded-lg bg-accent text-sm text-white">
        L
      </span>
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Launchloop</span>
    </a>
  );
}
