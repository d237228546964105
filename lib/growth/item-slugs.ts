/** A title as a slug: letters and digits of any script, accents dropped, joined by hyphens. */
export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "") || "item";

/**
 * A planned item's slug, `w<week>-<channel>-<title>`, unique among `taken` (which it joins):
 * the planner and the plan editor name items alike.
 */
export function itemSlug(weekNumber: number, channel: string, title: string, taken: Set<string>): string {
  const base = `w${weekNumber}-${channel}-${slugOf(title)}`;
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
