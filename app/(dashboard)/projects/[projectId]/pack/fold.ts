/**
 * The start of a long Markdown body, whole blocks up to about `budget` characters (the
 * first block cut at a word if it alone is longer, never inside a "[…]"), or null when the
 * body is short enough to show whole. The pack shows each part folded like this and draws
 * a part in full only when the founder opens it, so a step's page stays small.
 */
export function foldedMarkdown(body: string, budget = 360): string | null {
  const text = body.trim();
  if (text.length <= budget * 1.3) return null;
  const blocks = text.split(/\n{2,}/);
  let kept = "";
  for (const block of blocks) {
    if (kept && kept.length + block.length + 2 > budget) break;
    if (!kept && block.length > budget) return `${cutAtWord(block, budget)} …`;
    kept = kept ? `${kept}\n\n${block}` : block;
  }
  // A fold never ends on a heading (or a bold line standing for one) whose text it hides.
  const blocksKept = kept.split("\n\n");
  while (blocksKept.length > 1 && /^(#{1,6} .*|\*\*[^*\n]+\*\*:?)$/.test(blocksKept.at(-1)!)) blocksKept.pop();
  kept = blocksKept.join("\n\n");
  return kept.length < text.length ? kept : null;
}

function cutAtWord(block: string, budget: number): string {
  let end = block.lastIndexOf(" ", budget);
  if (end <= 0) end = budget;
  const open = block.lastIndexOf("[", end);
  if (open > block.lastIndexOf("]", end)) end = open;
  return block.slice(0, end).trimEnd();
}
