"use client";

import { useCommands } from "@/components/shell/commands";
import { findControl, pressing } from "@/components/shell/press-control";

const group = "Launch review";
const bar = () => document.querySelector('[data-testid="review-bar"]');
const feedbackBox = () => document.getElementById("feedback");
const feedbackField = () => document.getElementById("field-feedback");

/**
 * The review's keys (a approve, r write feedback, ⌘↵ reject and redraft with it), also in ⌘K.
 * Each presses the review's own control, so it runs exactly when a click could.
 */
export function useReviewCommands() {
  const approve = pressing(bar, [/^Approve and continue$/]);
  const send = pressing(feedbackBox, [/^Reject and redraft$/]);
  useCommands([
    { id: "review-approve", label: "Approve and continue", group, shortcut: "a", ...approve },
    {
      id: "review-reject",
      label: "Reject with feedback",
      group,
      shortcut: "r",
      available: () => feedbackField() !== null,
      run: () => {
        feedbackBox()?.scrollIntoView({ block: "center" });
        feedbackField()?.focus();
      },
    },
    {
      id: "review-send",
      label: "Reject and redraft with the feedback",
      group,
      shortcut: "mod+enter",
      available: () =>
        findControl(feedbackBox(), [/^Reject and redraft$/]) !== undefined && document.activeElement === feedbackField(),
      run: send.run,
    },
  ]);
}
