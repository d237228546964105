import type { Cycle } from "./types";

export interface Learning {
  date: string;
  kind: string;
  text: string;
}

export function learningsOf(playbook: Record<string, unknown>): Learning[] {
  const list = Array.isArray(playbook.learnings) ? playbook.learnings : [];
  return list.filter(
    (entry): entry is Learning => typeof entry === "object" && entry !== null && typeof (entry as Learning).text === "string",
  );
}

/** The playbook learnings a closed week's retro added: dated that day, naming one of its items or the week. */
export function learningsFromRetro(cycle: Cycle, learnings: Learning[]): Learning[] {
  if (!cycle.closedAt) return [];
  const day = cycle.closedAt.slice(0, 10);
  const titles = cycle.items.map((item) => `"${item.title}"`);
  return learnings.filter(
    (learning) =>
      learning.date === day &&
      (learning.text.startsWith(`Week ${cycle.weekNumber}:`) || titles.some((title) => learning.text.includes(title))),
  );
}
