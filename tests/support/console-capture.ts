import { vi } from "vitest";

/** Every console line from now on (still printed), as text: what a test searches for secrets that must never be logged. */
export function captureConsole(): string[] {
  const logged: string[] = [];
  for (const level of ["log", "warn", "error", "info"] as const) {
    const original = console[level];
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((arg) =>
            arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === "string" ? arg : JSON.stringify(arg),
          )
          .join(" "),
      );
      original(...(args as []));
    });
  }
  return logged;
}
