"use client";

import { useState } from "react";
import { Modal } from "@/components/ui";
import { type Command, isMac, useCommandRegistry, useCommands } from "./commands";
import { shortcutLabel } from "./shortcuts";

/** Every page's shortcuts, for the groups the page on screen has not registered: the sheet lists them all. */
const elsewhere: Pick<Command, "label" | "group" | "shortcut">[] = [
  { group: "This draft", label: "Next draft", shortcut: "j" },
  { group: "This draft", label: "Previous draft", shortcut: "k" },
  { group: "This draft", label: "Approve draft", shortcut: "a" },
  { group: "This draft", label: "Edit draft", shortcut: "e" },
  { group: "This draft", label: "Save draft", shortcut: "mod+s" },
  { group: "This draft", label: "Copy post", shortcut: "c" },
  { group: "This draft", label: "Publish now", shortcut: "shift+p" },
  { group: "Growth", label: "Start growth, then plan my week", shortcut: "w" },
  { group: "Launch review", label: "Approve and continue", shortcut: "a" },
  { group: "Launch review", label: "Reject with feedback", shortcut: "r" },
  { group: "Launch review", label: "Reject and redraft with the feedback", shortcut: "mod+enter" },
  { group: "Launch pack", label: "Download the pack (Markdown)", shortcut: "d" },
];

/** "?": every keyboard shortcut, the current page's first, in one sheet. */
export function ShortcutsSheet() {
  const registry = useCommandRegistry();
  const [open, setOpen] = useState(false);
  useCommands([{ id: "shortcuts", label: "Keyboard shortcuts", group: "Anywhere", shortcut: "?", run: () => setOpen(true) }]);
  const mac = open && isMac();
  const here = open ? registry.list().filter((command) => command.shortcut) : [];
  const groupsHere = new Set(here.map((command) => command.group));
  const rows = [...here, ...(open ? elsewhere.filter((command) => !groupsHere.has(command.group)) : [])];
  const groups = [...new Set(rows.map((row) => row.group))];
  return (
    <Modal open={open} onClose={() => setOpen(false)} title="Keyboard shortcuts">
      <div
        className="max-h-[60vh] space-y-4 overflow-y-auto"
        data-testid="shortcuts-sheet"
        role="region"
        aria-label="All shortcuts"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take focus to scroll from the keyboard
        tabIndex={0}
      >
        {groups.map((group) => (
          <section key={group} aria-label={group} className="space-y-1">
            <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{group}</h3>
            <dl className="divide-y divide-line">
              {rows
                .filter((row) => row.group === group)
                .map((row) => (
                  <div key={row.label} className="flex items-center justify-between gap-3 py-1.5 text-sm">
                    <dt>{row.label}</dt>
                    <dd>
                      <kbd className="rounded border border-line px-1.5 text-xs">{shortcutLabel(row.shortcut!, mac)}</kbd>
                    </dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
        <p className="text-xs text-muted">Letters work when you are not typing in a field; ⌘ or Ctrl shortcuts work anywhere.</p>
      </div>
    </Modal>
  );
}
