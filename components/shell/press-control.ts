/**
 * The enabled button or link inside `root` whose text matches one of `names`: a keyboard
 * command presses the control on screen, so it asks what that control asks (blanks left, a
 * confirmation) and runs exactly when the founder could click it.
 */
export function findControl(
  root: ParentNode | null | undefined,
  names: readonly RegExp[],
  { inClosedMenus = false }: { inClosedMenus?: boolean } = {},
): HTMLElement | undefined {
  if (!root) return undefined;
  for (const control of root.querySelectorAll<HTMLElement>("button, a[href]")) {
    if ((control as HTMLButtonElement).disabled) continue;
    // A menu's actions are on the page while its list is folded (a command may choose them); anything else hidden is not.
    const hidden = control.closest("[hidden]");
    if (hidden && !(inClosedMenus && hidden.matches("[data-menu-list]"))) continue;
    const text = (control.textContent ?? "").replace(/\s+/g, " ").trim();
    if (names.some((name) => name.test(text))) return control;
  }
  return undefined;
}

/** A command's `run` and `available` for the control named `names` inside the element `rootOf()` finds. */
export function pressing(
  rootOf: () => ParentNode | null | undefined,
  names: readonly RegExp[],
  options?: { inClosedMenus?: boolean },
) {
  return {
    run: () => findControl(rootOf(), names, options)?.click(),
    available: () => findControl(rootOf(), names, options) !== undefined,
  };
}
