import { describe, expect, it } from "vitest";
import type { Playbook } from "@/lib/schemas/playbook";
import { playbookMarkdown, readableLearning } from "@/lib/services/playbook";

const playbook: Omit<Playbook, "markdown"> = {
  projectId: "00000000-0000-4000-8000-000000000000",
  name: "Tidybooks",
  positioning: null,
  valueProposition: null,
  audience: { summary: null, profiles: [] },
  brand: { name: "Tidybooks", tagline: null, palette: null },
  voice: { description: null, traits: [], do: [], dont: [] },
  channels: [
    { channel: "x", role: "Build in public", cadence: null, firstMove: null },
    { channel: "Indie Hackers", role: null, cadence: null, firstMove: null },
  ],
  launchPlan: null,
  learnings: [
    {
      date: "2026-11-27",
      kind: "founder-edit",
      text: 'The founder rewrote "Ideal customer profiles" (ideal-customer-profiles); prefer their wording: Freelancers.',
    },
    { date: "2026-11-27", kind: "founder-edit", text: 'The founder rewrote "Launch post" (post-x); prefer their wording: Hi.' },
    { date: "2026-11-28", kind: "worked", text: 'LinkedIn "The invoice that waited" (behind-the-scenes) was great' },
  ],
  approvedSteps: [],
};

describe("the playbook as a founder reads it", () => {
  it("writes learnings with their date as people write it and their kind in words, never a slug", () => {
    const markdown = playbookMarkdown(playbook);
    expect(markdown).toContain('- November 27, 2026 · Your edit: The founder rewrote "Launch post" (X launch post)');
    expect(markdown).toContain("- November 28, 2026 · Worked: LinkedIn");
    expect(markdown).not.toMatch(/\d{4}-\d{2}-\d{2}|\((founder-edit|post-x|ideal-customer-profiles)\)/);
  });

  it("names channels as the networks do, and keeps a channel written in words", () => {
    const markdown = playbookMarkdown(playbook);
    expect(markdown).toContain("- **X**: Build in public");
    expect(markdown).toContain("- **Indie Hackers**");
  });

  it("rewrites only the slugs of content kinds, not an angle in brackets", () => {
    expect(readableLearning('"Launch post" (post-linkedin)')).toBe('"Launch post" (LinkedIn launch post)');
    expect(readableLearning("(behind-the-scenes)")).toBe("(behind-the-scenes)");
  });
});
