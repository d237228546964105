"use client";

import { useEffect, useState } from "react";
import { type Theme, themeCookie, themes } from "./themes";

const labels: Record<Theme, { icon: string; label: string }> = {
  system: { icon: "◐", label: "Theme: as your device" },
  light: { icon: "☀", label: "Theme: light" },
  dark: { icon: "☾", label: "Theme: dark" },
};

/**
 * Cycles the theme: as the device, light, dark. The choice lives in a cookie the server
 * reads to render `data-theme` on <html>, so no inline script is needed before paint.
 */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => {
    const chosen = document.documentElement.dataset.theme;
    setTheme(chosen === "light" || chosen === "dark" ? chosen : "system");
  }, []);
  const next = themes[(themes.indexOf(theme) + 1) % themes.length]!;
  const choose = () => {
    setTheme(next);
    if (next === "system") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = next;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server on the next render
    document.cookie = `${themeCookie}=${next}; path=/; max-age=31536000; samesite=lax`;
  };
  return (
    <button
      type="button"
      onClick={choose}
      title={`${labels[theme].label}. Switch to ${labels[next].label.toLowerCase().replace("theme: ", "")}.`}
      className="inline-flex size-9 items-center justify-center rounded-full border border-line bg-surface text-base hover:bg-sunken"
      data-theme-choice={theme}
    >
      <span aria-hidden>{labels[theme].icon}</span>
      <span className="sr-only">{labels[theme].label}</span>
    </button>
  );
}
