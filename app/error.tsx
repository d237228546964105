"use client";

import { Button, ButtonLink } from "@/components/ui";

/**
 * What a page outside the dashboard shows when it fails (dashboard pages have their own
 * boundary inside the shell): a plain sentence, a way to try again and a way home.
 */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="flex flex-1 items-center justify-center px-4 py-16">
      <section aria-labelledby="error-title" className="max-w-lg space-y-4 text-center" data-testid="error-page">
        <a href="/" className="brand-link justify-center">
          <span aria-hidden className="brand-mark">
            L
          </span>
          Launchloop
        </a>
        <h1 id="error-title" className="text-2xl font-semibold tracking-tight">
          This page could not be loaded
        </h1>
        <p className="text-[15px] text-muted">Nothing was lost. Try again in a moment, or start again from the home page.</p>
        <div className="flex flex-wrap justify-center gap-3 pt-2">
          <Button onClick={reset}>Try again</Button>
          <ButtonLink href="/" variant="secondary">
            Go to the home page
          </ButtonLink>
        </div>
      </section>
    </main>
  );
}
