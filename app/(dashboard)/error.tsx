"use client";

import { Button, Notice } from "@/components/ui";

/** What a dashboard page shows when reading it failed: a plain sentence and a way on. */
export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="space-y-4">
      <Notice tone="danger" title="This page could not be loaded">
        Nothing was lost. Try again in a moment, or go back to <a href="/dashboard">your projects</a>.
      </Notice>
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
