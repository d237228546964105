"use client";

import { usePathname, useRouter } from "next/navigation";
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { cx, Modal } from "@/components/ui";
import { accountSections, projectHome, projectIdInPath, projectSections, type ShellProject } from "./nav-model";

interface Command {
  label: string;
  group: string;
  href: string;
}

/** Everything the palette can jump to: the projects, the current project's sections, new project, the settings. */
export function paletteCommands(projects: ShellProject[], pathname: string): Command[] {
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
    { label: "New project", group: "Actions", href: "/projects/new" },
    { label: "All projects", group: "Actions", href: "/dashboard" },
    ...accountSections.map((section) => ({ label: section.label, group: "Settings", href: section.href })),
  ];
}

/** ⌘K / Ctrl+K: jump to a project, a section or an action by typing a few letters. */
export function CommandPalette({ projects }: { projects: ShellProject[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const commands = useMemo(() => paletteCommands(projects, pathname), [projects, pathname]);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = commands.filter((command) =>
    words.every((word) => `${command.group} ${command.label}`.toLowerCase().includes(word)),
  );

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setQuery("");
        setActive(0);
        setOpen((value) => !value);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const go = (command: Command | undefined) => {
    if (!command) return;
    setOpen(false);
    router.push(command.href);
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
        onClick={() => {
          setQuery("");
          setActive(0);
          setOpen(true);
        }}
        className="inline-flex h-9 items-center gap-2 rounded-full border border-line bg-surface px-3 text-sm text-muted hover:bg-sunken"
        aria-keyshortcuts="Control+K Meta+K"
      >
        Jump to… <kbd className="hidden rounded border border-line px-1 text-xs sm:inline">⌘K</kbd>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Jump to">
        <div className="space-y-3">
          <input
            // biome-ignore lint/a11y/noAutofocus: the palette exists to type into
            autoFocus
            type="text"
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
            aria-label="Project, section or action"
            placeholder="Type a project, a section or an action"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={move}
            className="block h-10 w-full rounded-lg border border-line bg-surface px-3 text-[15px] text-ink focus:border-accent focus:outline-none"
          />
          <div id={listId} role="listbox" aria-label="Results" className="max-h-72 overflow-y-auto">
            {shown.map((command, index) => (
              <div
                key={`${command.group}-${command.href}-${command.label}`}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                onMouseEnter={() => setActive(index)}
                onClick={() => go(command)}
                onKeyDown={() => undefined}
                className={cx(
                  "flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm",
                  index === active && "bg-accent-soft text-accent-strong",
                )}
              >
                <span className="truncate">{command.label}</span>
                <span className="shrink-0 text-xs text-muted">{command.group}</span>
              </div>
            ))}
          </div>
          {shown.length === 0 && <p className="px-3 py-2 text-sm text-muted">Nothing matches “{query}”.</p>}
        </div>
      </Modal>
    </>
  );
}
