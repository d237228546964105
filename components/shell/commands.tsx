"use client";

import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from "react";
import { isTypingTarget, matchesShortcut, runsWhileTyping, type Shortcut } from "./shortcuts";

/** Something the founder can do from the keyboard or ⌘K: the current page's actions and the shell's own. */
export interface Command {
  id: string;
  label: string;
  /** Where the palette and the "?" sheet list it ("This draft", "Launch review", "Go to"...). */
  group: string;
  shortcut?: Shortcut;
  run: () => void;
  /** Asked when a key or the palette would run it: a command whose control is not on screen now is left out. */
  available?: () => boolean;
  /** Also while a dialog is open (the palette's own toggle); others wait for the dialog to close. */
  inDialogs?: boolean;
}

interface Registry {
  add: (read: () => Command[]) => () => void;
  list: () => Command[];
}

const CommandsContext = createContext<Registry | null>(null);

const dialogOpen = () => typeof document !== "undefined" && document.querySelector("dialog[open]") !== null;

/** The commands that can run now, in the order they were registered (the shell's, then the page's). */
export const availableCommands = (commands: Command[]) => commands.filter((command) => command.available?.() ?? true);

/**
 * Holds the commands the mounted pages and panels register, and runs their shortcuts from one
 * keydown listener: plain keys never while the founder types in a field or a dialog is open,
 * ⌘/Ctrl shortcuts (save, send, the palette) also while typing.
 */
export function CommandsProvider({ children }: { children: ReactNode }) {
  const sources = useRef(new Set<() => Command[]>());
  const registry = useMemo<Registry>(
    () => ({
      add: (read) => {
        sources.current.add(read);
        return () => sources.current.delete(read);
      },
      list: () => [...sources.current].flatMap((read) => read()),
    }),
    [],
  );
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const typing = isTypingTarget(event.target);
      const inDialog = dialogOpen();
      for (const command of registry.list()) {
        if (!command.shortcut || !matchesShortcut(event, command.shortcut)) continue;
        if (typing && !runsWhileTyping(command.shortcut)) continue;
        if (inDialog && !command.inDialogs) continue;
        if (command.available && !command.available()) continue;
        event.preventDefault();
        command.run();
        return;
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [registry]);
  return <CommandsContext.Provider value={registry}>{children}</CommandsContext.Provider>;
}

/** The registry itself (the palette and the shortcuts sheet list it). */
export function useCommandRegistry(): Registry {
  const registry = useContext(CommandsContext);
  if (!registry) throw new Error("useCommandRegistry needs a CommandsProvider (the app shell) above it.");
  return registry;
}

/**
 * Registers `commands` while the calling component is mounted; they always run with the
 * component's latest state. Outside the app shell (no provider) it does nothing.
 */
export function useCommands(commands: Command[]): void {
  const registry = useContext(CommandsContext);
  const latest = useRef(commands);
  useEffect(() => {
    latest.current = commands;
  });
  useEffect(() => registry?.add(() => latest.current), [registry]);
}

/** Whether this browser is a Mac's (⌘ rather than Ctrl in the labels); false on the server. */
export const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
