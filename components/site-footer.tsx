export function SiteFooter() {
  return (
    <footer className="border-t border-line">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-8 text-sm text-muted sm:px-6">
        <span>© Launchloop</span>
        <a href="/pricing" className="text-muted no-underline hover:underline">
          Pricing
        </a>
        <a href="/docs" className="text-muted no-underline hover:underline">
          API reference
        </a>
        <a href="/docs/billing" className="text-muted no-underline hover:underline">
          Billing docs
        </a>
        <a href="/api/v1/meta" className="text-muted no-underline hover:underline">
          For agents
        </a>
        <a href="/terms" className="text-muted no-underline hover:underline">
          Terms
        </a>
        <a href="/privacy" className="text-muted no-underline hover:underline">
          Privacy
        </a>
      </div>
    </footer>
  );
}
