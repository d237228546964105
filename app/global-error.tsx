"use client";

import "./globals.css";

/** When even the root layout fails: the whole document, plain, with a way to try again and a way home. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        <title>Something went wrong · Launchloop</title>
        <main id="main" className="flex flex-1 items-center justify-center px-4 py-16">
          <section className="max-w-lg space-y-4 text-center">
            <p className="brand-link justify-center">
              <span aria-hidden className="brand-mark">
                L
              </span>
              Launchloop
            </p>
            <h1 className="text-2xl font-semibold tracking-tight">Launchloop could not load this page</h1>
            <p className="text-[15px] text-muted">Nothing was lost. Try again in a moment.</p>
            <p className="flex flex-wrap justify-center gap-4">
              <button type="button" className="underline" onClick={reset}>
                Try again
              </button>
              <a href="/">Go to the home page</a>
            </p>
          </section>
        </main>
      </body>
    </html>
  );
}
