/**
 * Keyboard shortcuts as short strings: "j", "?", "shift+p", "mod+s", "mod+enter". `mod` is ⌘ on
 * a Mac and Ctrl elsewhere (either is accepted, so a shortcut never depends on guessing the system).
 */
export type Shortcut = string;

interface Chord {
  key: string;
  mod: boolean;
  shift: boolean;
  alt: boolean;
}

/** What a keydown event says, as far as shortcuts care. */
export interface KeyPress {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function parseShortcut(shortcut: Shortcut): Chord {
  const parts = shortcut.toLowerCase().split("+");
  // "shift++" would be odd; a lone "+" is the plus key.
  const key = parts.at(-1) || "+";
  const modifiers = new Set(parts.slice(0, -1));
  return { key, mod: modifiers.has("mod"), shift: modifiers.has("shift"), alt: modifiers.has("alt") };
}

/** A key whose character already says whether Shift was held ("?" is Shift+/ on most layouts): Shift is not compared. */
const isSymbol = (key: string) => key.length === 1 && !/[a-z0-9]/.test(key);

export function matchesShortcut(press: KeyPress, shortcut: Shortcut): boolean {
  const chord = parseShortcut(shortcut);
  if (press.key.toLowerCase() !== chord.key) return false;
  if ((press.metaKey || press.ctrlKey) !== chord.mod) return false;
  if (press.altKey !== chord.alt) return false;
  return isSymbol(chord.key) || press.shiftKey === chord.shift;
}

/** Shortcuts that still work while the founder types in a field: only those with ⌘/Ctrl (save, send, the palette). */
export const runsWhileTyping = (shortcut: Shortcut) => parseShortcut(shortcut).mod;

const keyNames: Record<string, [mac: string, other: string]> = {
  enter: ["↵", "Enter"],
  escape: ["Esc", "Esc"],
  arrowup: ["↑", "↑"],
  arrowdown: ["↓", "↓"],
};

/** The shortcut as a founder reads it: "⌘S" on a Mac, "Ctrl+S" elsewhere; "J", "?", "⇧P". */
export function shortcutLabel(shortcut: Shortcut, mac: boolean): string {
  const chord = parseShortcut(shortcut);
  const key = keyNames[chord.key]?.[mac ? 0 : 1] ?? chord.key.toUpperCase();
  const modifiers = [chord.mod && (mac ? "⌘" : "Ctrl"), chord.alt && (mac ? "⌥" : "Alt"), chord.shift && (mac ? "⇧" : "Shift")];
  const named = modifiers.filter((modifier): modifier is string => Boolean(modifier));
  return mac ? [...named, key].join("") : [...named, key].join("+");
}

/** The same shortcut for `aria-keyshortcuts` ("Meta+S Control+S", "Shift+P", "J"). */
export function ariaShortcut(shortcut: Shortcut): string {
  const chord = parseShortcut(shortcut);
  const key = chord.key.length === 1 ? chord.key.toUpperCase() : chord.key[0]!.toUpperCase() + chord.key.slice(1);
  const rest = [chord.alt && "Alt", chord.shift && "Shift", key].filter(Boolean).join("+");
  return chord.mod ? `Meta+${rest} Control+${rest}` : rest;
}

/** Whether a key pressed here is typing (a text field, a select, an editable region), which plain-key shortcuts leave alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const field = element.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']");
  if (!field) return false;
  if (field.tagName !== "INPUT") return true;
  const type = (field as HTMLInputElement).type;
  return !["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image"].includes(type);
}
