/** Launchloop's name and mark, leading to the dashboard. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <a href="/dashboard" className="brand-link">
      <span aria-hidden className="brand-mark">
        L
      </span>
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Launchloop</span>
    </a>
  );
}
