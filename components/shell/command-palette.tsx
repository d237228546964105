"use client";

import { usePathname, useRouter } from "next/navigation";
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { cx, Modal } from "@/components/ui";
import { availableCommands, type Command, isMac, useCommandRegistry, useCommands } from "./commands";
import { accountSections, projectHome, projectIdInPath, projectSections, type ShellProject } from "./nav-model";
import { shortcutLabel } from "./shortcuts";

interface Place {
  label: string;
  group: string;
  href: string;
}

/** Everything the palette can go to: the current project's sections, the projects, the settings. */
export function paletteCommands(projects: ShellProject[], pathname: string): Place[] {
  const current = projects.find((project) => project.id === projectIdInPath(pathname));
  return [
    ...(current
      ? projectSections.map((section) => ({
          label: `${section.label}`,
          group: current.name,
          href: `/projects/${current.id}/${section.segment}`,
        }))
      : []),
    ...projects.map((project) => ({ label: project.name, group: "Projects", href: projectHome(project) })),
    { label: "All projects", group: "Go to", href: "/dashboard" },
    ...accountSections.map((section) => ({ label: section.label, group: "Settings", href: section.href })),
  ];
}

type Entry = { key: string; label: string; group: string; shortcut?: string; run: () => void };

/**
 * ⌘K / Ctrl+K: the current page's actions (approve, plan the week, copy, publish now...), each
 * with its shortcut, then the shell's own (new project, switch project, the shortcuts sheet) and
 * every place to go; typing filters, arrows move, Enter runs. Hand-written over the shell's
 * `Modal` (no dependency): the registry in `commands.tsx` is what makes it run actions.
 */
export function CommandPalette({ projects }: { projects: ShellProject[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const registry = useCommandRegistry();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<string>();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const places = useMemo(() => paletteCommands(projects, pathname), [projects, pathname]);

  const show = (nextScope?: string) => {
    setQuery("");
    setActive(0);
    setScope(nextScope);
    setOpen(true);
  };
  useCommands([
    {
      id: "palette",
      label: "Jump to or run…",
      group: "Anywhere",
      shortcut: "mod+k",
      inDialogs: true,
      run: () => (open ? setOpen(false) : show()),
    },
    { id: "new-project", label: "New project", group: "Anywhere", shortcut: "n", run: () => router.push("/projects/new") },
    {
      id: "switch-project",
      label: "Switch project…",
      group: "Anywhere",
      shortcut: "p",
      run: () => show("Projects"),
      available: () => projects.length > 1,
    },
  ]);

  // Read when drawn (the palette is drawn when it opens): what the page offers at this moment.
  const entries: Entry[] = open
    ? [
        ...availableCommands(registry.list())
          .filter((command: Command) => command.id !== "palette")
          .map((command) => ({ key: `command-${command.id}`, ...command })),
        ...places.map((place) => ({
          key: `place-${place.group}-${place.href}`,
          label: place.label,
          group: place.group,
          run: () => router.push(place.href),
        })),
      ]
    : [];
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = entries.filter(
    (entry) =>
      (!scope || entry.group === scope) && words.every((word) => `${entry.group} ${entry.label}`.toLowerCase().includes(word)),
  );
  const mac = open && isMac();

  const go = (entry: Entry | undefined) => {
    if (!entry) return;
    setOpen(false);
    // After the dialog has closed and given focus back, so the command acts on the page as a click would.
    setTimeout(entry.run, 0);
  };
  const move = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (shown.length ? (index + step + shown.length) % shown.length : 0));
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(shown[active]);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => show()}
        className="inline-flex h-9 items-center gap-2 rounded-full border border-line bg-surface px-3 text-sm text-muted hover:bg-sunken"
        aria-keyshortcuts="Control+K Meta+K"
      >
        Jump to… <kbd className="hidden rounded border border-line px-1 text-xs sm:inline">⌘K</kbd>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={scope === "Projects" ? "Switch project" : "Jump to or run"}>
        <div className="space-y-3">
          <input
            // biome-ignore lint/a11y/noAutofocus: the palette exists to type into
            autoFocus
            type="text"
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
            aria-label={scope === "Projects" ? "Project" : "Project, section or action"}
            placeholder={scope === "Projects" ? "Type a project's name" : "Type an action, a project or a section"}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={move}
            className="block h-10 w-full rounded-lg border border-line bg-surface px-3 text-[15px] text-ink focus:border-accent focus:outline-none"
          />
          <div id={listId} role="listbox" aria-label="Results" className="max-h-80 overflow-y-auto">
            {shown.map((entry, index) => (
              <div
                key={entry.key}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                onMouseEnter={() => setActive(index)}
                onClick={() => go(entry)}
                onKeyDown={() => undefined}
                className={cx(
                  "flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm",
                  index === active && "bg-accent-soft text-accent-strong",
                )}
              >
                <span className="min-w-0 flex-1 truncate">{entry.label}</span>
                {entry.shortcut && (
                  <kbd className="shrink-0 rounded border border-line px-1.5 text-xs text-muted">
                    <span className="sr-only">shortcut </span>
                    {shortcutLabel(entry.shortcut, mac)}
                  </kbd>
                )}
                <span className="shrink-0 text-xs text-muted">{entry.group}</span>
              </div>
            ))}
          </div>
          {shown.length === 0 && <p className="px-3 py-2 text-sm text-muted">Nothing matches “{query}”.</p>}
        </div>
      </Modal>
    </>
  );
}
