"use client";

import { type ButtonHTMLAttributes, createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from "react";
import { type ButtonSize, type ButtonVariant, buttonClasses } from "./button";
import { cx } from "./cx";

/** Closes the list an item sits in: choosing an action closes it. */
const CloseMenu = createContext<() => void>(() => {});

/**
 * A button that shows a short list of actions below it (a disclosure: the actions stay plain
 * buttons in the tab order). Choosing one, Escape, or a click elsewhere closes the list;
 * Escape returns focus to the button.
 */
export function MenuButton({
  label,
  variant = "secondary",
  size = "md",
  align = "end",
  children,
}: {
  label: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Which edge of the button the list lines up with. */
  align?: "start" | "end";
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        ref={trigger}
        className={buttonClasses(variant, size)}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span aria-hidden className="ml-1 text-xs">
          ▾
        </span>
      </button>
      <div
        id={id}
        data-menu-list
        hidden={!open}
        className={cx(
          "absolute z-30 mt-1 flex min-w-56 flex-col gap-0.5 rounded-lg border border-line bg-surface p-1 shadow-[var(--shadow-pop)]",
          align === "end" ? "right-0" : "left-0",
        )}
      >
        <CloseMenu.Provider value={() => setOpen(false)}>{children}</CloseMenu.Provider>
      </div>
    </div>
  );
}

/** One action in a MenuButton's list. */
export function MenuItem({ className, onClick, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const close = useContext(CloseMenu);
  return (
    <button
      type="button"
      onClick={(event) => {
        close();
        onClick?.(event);
      }}
      className={cx(
        "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-sunken focus-visible:bg-sunken disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
