"use client";

import { useCommands } from "@/components/shell/commands";
import { pressing } from "@/components/shell/press-control";

const group = "This draft";

/**
 * The open item's keys (j/k next and previous, a approve, e edit, ⌘S save, c copy, ⇧P publish
 * now), also in ⌘K. Each presses the panel's own control, so the blank warnings and
 * confirmations a click gets come with it, and a key does nothing when its control is not shown.
 */
export function useItemCommands(itemId: string) {
  const panel = () => document.getElementById(`item-${itemId}`);
  const drafts = () => document.querySelector('nav[aria-label="Drafts"]');
  useCommands([
    { id: "item-next", label: "Next draft", group, shortcut: "j", ...pressing(drafts, [/^Next/]) },
    { id: "item-previous", label: "Previous draft", group, shortcut: "k", ...pressing(drafts, [/Previous$/]) },
    { id: "item-approve", label: "Approve draft", group, shortcut: "a", ...pressing(panel, [/^Approve draft$/]) },
    { id: "item-edit", label: "Edit draft", group, shortcut: "e", ...pressing(panel, [/^Edit$/]) },
    { id: "item-save", label: "Save draft", group, shortcut: "mod+s", ...pressing(panel, [/^Save draft$/]) },
    { id: "item-copy", label: "Copy post", group, shortcut: "c", ...pressing(panel, [/^Copy (post|whole thread)$/]) },
    { id: "item-publish", label: "Publish now", group, shortcut: "shift+p", ...pressing(panel, [/^(Publish|Retry) now$/]) },
  ]);
}
