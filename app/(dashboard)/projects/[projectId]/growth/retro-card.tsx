"use client";

import dynamic from "next/dynamic";
import type { BoardCycle, GrowthItem, MeasuredItem } from "@/components/growth/types";
import { Button, Card, CardHeader } from "@/components/ui";

// The form and its grade suggestions load when the founder opens the retro.
const RetroForm = dynamic(() => import("./retro-form").then((module) => module.RetroForm), {
  loading: () => <p className="text-sm text-muted">Opening the retro…</p>,
});

/** The retro is its own step: a card with its button until the founder is done with the week (the board keeps whether it is open). */
export function RetroCard({
  open,
  onOpen,
  ...props
}: {
  cycle: BoardCycle;
  items: GrowthItem[];
  history: MeasuredItem[];
  open: boolean;
  onOpen: () => void;
}) {
  if (open) return <RetroForm {...props} />;
  return (
    <Card aria-labelledby="retro-title">
      <CardHeader
        id="retro-title"
        title="Close the week: your retro"
        description="When the week is done: how did each piece do? Grades shape next week's plan. Submitting closes the week."
        actions={
          <Button variant="secondary" onClick={onOpen}>
            Write the retro
          </Button>
        }
      />
      <div className="pb-5" />
    </Card>
  );
}
