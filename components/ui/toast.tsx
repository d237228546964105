"use client";

import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { cx } from "./cx";

type ToastTone = "success" | "danger" | "info";
interface ToastMessage {
  id: number;
  tone: ToastTone;
  message: string;
}

const ToastContext = createContext<(message: string, tone?: ToastTone) => void>(() => {});

/** Shows a short message in the corner; it is announced by screen readers and fades after a while. */
export function useToast() {
  return useContext(ToastContext);
}

const tones: Record<ToastTone, string> = {
  success: "border-success/30",
  danger: "border-danger/40",
  info: "border-line",
};

let nextId = 1;

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: string, tone: ToastTone = "success") => {
      const id = nextId++;
      setToasts((list) => [...list.slice(-2), { id, tone, message }]);
      setTimeout(() => dismiss(id), 6000);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        role="status"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:px-6"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={cx(
              "pointer-events-auto flex max-w-sm items-start gap-3 rounded-lg border bg-surface px-4 py-3 text-sm shadow-[var(--shadow-pop)]",
              tones[toast.tone],
            )}
          >
            <span
              className={cx(
                "mt-1.5 size-2 shrink-0 rounded-full",
                toast.tone === "danger" ? "bg-danger" : toast.tone === "success" ? "bg-success" : "bg-accent",
              )}
              aria-hidden
            />
            <p className="flex-1">{toast.message}</p>
            <button type="button" onClick={() => dismiss(toast.id)} className="text-muted hover:text-ink" aria-label="Dismiss">
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
