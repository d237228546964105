import { describe, expect, it } from "vitest";
import {
  ariaShortcut,
  isTypingTarget,
  matchesShortcut,
  parseShortcut,
  runsWhileTyping,
  shortcutLabel,
} from "@/components/shell/shortcuts";

const press = (
  key: string,
  modifiers: Partial<{ metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe("keyboard shortcuts", () => {
  it("reads a shortcut's key and modifiers", () => {
    expect(parseShortcut("mod+s")).toEqual({ key: "s", mod: true, shift: false, alt: false });
    expect(parseShortcut("shift+P")).toEqual({ key: "p", mod: false, shift: true, alt: false });
    expect(parseShortcut("?")).toEqual({ key: "?", mod: false, shift: false, alt: false });
  });

  it("matches a plain key only without ⌘, Ctrl or Alt, and Shift only when asked for", () => {
    expect(matchesShortcut(press("j"), "j")).toBe(true);
    expect(matchesShortcut(press("J", { shiftKey: true }), "j")).toBe(false);
    expect(matchesShortcut(press("j", { metaKey: true }), "j")).toBe(false);
    expect(matchesShortcut(press("j", { ctrlKey: true }), "j")).toBe(false);
    expect(matchesShortcut(press("j", { altKey: true }), "j")).toBe(false);
    expect(matchesShortcut(press("P", { shiftKey: true }), "shift+p")).toBe(true);
    expect(matchesShortcut(press("p"), "shift+p")).toBe(false);
  });

  it("takes ⌘ or Ctrl for mod, whatever the system", () => {
    expect(matchesShortcut(press("s", { metaKey: true }), "mod+s")).toBe(true);
    expect(matchesShortcut(press("s", { ctrlKey: true }), "mod+s")).toBe(true);
    expect(matchesShortcut(press("s"), "mod+s")).toBe(false);
    expect(matchesShortcut(press("K", { metaKey: true }), "mod+k")).toBe(true);
    expect(matchesShortcut(press("Enter", { ctrlKey: true }), "mod+enter")).toBe(true);
  });

  it("lets a symbol say its own Shift: ? is Shift+/ on most layouts", () => {
    expect(matchesShortcut(press("?", { shiftKey: true }), "?")).toBe(true);
    expect(matchesShortcut(press("?"), "?")).toBe(true);
    expect(matchesShortcut(press("/"), "?")).toBe(false);
  });

  it("runs only ⌘/Ctrl shortcuts while the founder types", () => {
    expect(runsWhileTyping("mod+s")).toBe(true);
    expect(runsWhileTyping("mod+enter")).toBe(true);
    expect(runsWhileTyping("a")).toBe(false);
    expect(runsWhileTyping("?")).toBe(false);
  });

  it("names a shortcut the system's way", () => {
    expect(shortcutLabel("mod+s", true)).toBe("⌘S");
    expect(shortcutLabel("mod+s", false)).toBe("Ctrl+S");
    expect(shortcutLabel("mod+enter", true)).toBe("⌘↵");
    expect(shortcutLabel("shift+p", true)).toBe("⇧P");
    expect(shortcutLabel("shift+p", false)).toBe("Shift+P");
    expect(shortcutLabel("j", false)).toBe("J");
    expect(shortcutLabel("?", true)).toBe("?");
    expect(ariaShortcut("mod+s")).toBe("Meta+S Control+S");
    expect(ariaShortcut("shift+p")).toBe("Shift+P");
    expect(ariaShortcut("j")).toBe("J");
  });

  it("knows typing from pressing: text fields and editable regions, not buttons or checkboxes", () => {
    const element = (tagName: string, extra: Record<string, unknown> = {}) => {
      const self: Record<string, unknown> = { tagName, isContentEditable: false, ...extra };
      self.closest = () => (["INPUT", "TEXTAREA", "SELECT"].includes(tagName) ? self : null);
      return self as unknown as EventTarget;
    };
    expect(isTypingTarget(element("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(element("INPUT", { type: "text" }))).toBe(true);
    expect(isTypingTarget(element("INPUT", { type: "search" }))).toBe(true);
    expect(isTypingTarget(element("SELECT"))).toBe(true);
    expect(isTypingTarget(element("DIV", { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(element("INPUT", { type: "checkbox" }))).toBe(false);
    expect(isTypingTarget(element("BUTTON"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
