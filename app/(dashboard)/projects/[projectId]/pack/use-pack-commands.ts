"use client";

import { useCommands } from "@/components/shell/commands";
import { pressing } from "@/components/shell/press-control";

const group = "Launch pack";
const inMenu = { inClosedMenus: true };

/** Every entry of the Export menu, as a command: its label here, the menu entry's words there. */
const exportCommands = [
  { id: "pack-export-pdf", label: "Export the pack as PDF", entry: /^Export PDF/ },
  { id: "pack-export-docx", label: "Export the pack as Word", entry: /^Export Word/ },
  { id: "pack-export-xlsx", label: "Export the pack as Excel (XLSX)", entry: /^Export Excel/ },
  { id: "pack-export-json", label: "Export the pack as JSON", entry: /^Export JSON/ },
  { id: "pack-export-zip", label: "Export everything (ZIP with the brand cards)", entry: /^Export everything/ },
] as const;

/**
 * The pack's keys, also in ⌘K: the Export menu's own actions and Copy of the step's first part.
 * Each presses the control on screen (its plan badge, blank check and upgrade card included).
 */
export function usePackCommands() {
  const main = () => document.getElementById("main");
  const shownStep = () => document.querySelector<HTMLElement>('#main section[role="tabpanel"]');
  useCommands([
    {
      id: "pack-download",
      label: "Download the pack (Markdown)",
      group,
      shortcut: "d",
      ...pressing(main, [/^Download all/], inMenu),
    },
    ...exportCommands.map(({ id, label, entry }) => ({ id, label, group, ...pressing(main, [entry], inMenu) })),
    { id: "pack-copy", label: "Copy this step's first part", group, shortcut: "c", ...pressing(shownStep, [/^Copy$/]) },
  ]);
}
