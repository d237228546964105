import { countBlanks } from "@/lib/drafts/blanks";
import type { Draft } from "./types";

/** The blanks left in a growth draft: its body's, and its title's where the title is not the body's first line. */
export function draftBlanks(draft: Pick<Draft, "title" | "body"> | null): number {
  if (!draft) return 0;
  const title = draft.title && !draft.body.startsWith(draft.title) ? draft.title : "";
  return countBlanks(title) + countBlanks(draft.body);
}
