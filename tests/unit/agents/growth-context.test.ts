import { describe, expect, it } from "vitest";
import { channelLessons, plannerLessons, withoutRepeats } from "@/lib/agents/growth-context";

const benefit = "Your books reconcile themselves overnight";

describe("the growth tasks' context", () => {
  it("leaves out a playbook sentence the brief or an earlier sentence already says, and keeps words and names", () => {
    const strategy = withoutRepeats(
      {
        positioning: "For freelancers: Tidybooks matches every payment to its invoice overnight.",
        valueProposition: `${benefit}.`,
        tagline: `${benefit}.`,
        voice: {
          traits: ["clear", "clear"],
          do: ["Stay on the positioning: For freelancers: Tidybooks matches every payment to its invoice overnight."],
        },
      },
      [benefit.toLowerCase()],
    );
    expect(strategy).toEqual({
      positioning: undefined,
      valueProposition: undefined,
      tagline: undefined,
      voice: {
        traits: ["clear", "clear"],
        do: ["Stay on the positioning: For freelancers: Tidybooks matches every payment to its invoice overnight."],
      },
    });
    const twice = withoutRepeats({ a: "The same sentence, said twice.", b: "The same sentence, said twice." }, []);
    expect(twice).toEqual({ a: "The same sentence, said twice.", b: undefined });
  });

  it("gives a draft its channel's three newest distinct grades, and the planner only what earlier weeks do not say", () => {
    const learning = (kind: string, text: string) => ({ date: "2026-11-24", kind, text });
    const learnings = [
      learning("worked", 'X "Tip" (How-to) was great'),
      learning("quiet", 'X "Story" (Founder story) was quiet'),
      learning("worked", 'LinkedIn "Lesson" (Proof) was great'),
      learning("worked", 'X "Tip" (How-to) was great'),
      learning("quiet", 'X "Ask" (Question) was quiet'),
      learning("founder-note", "Week 1: X is where they answer."),
      learning("founder-edit", 'The founder rewrote "Launch post" (x-post); prefer their wording: Hi.'),
    ];
    const lessons = channelLessons({ learnings }, "x");
    expect(lessons.split("\n").slice(1)).toEqual([
      '- 2026-11-24 quiet: X "Story" (Founder story) was quiet',
      '- 2026-11-24 worked: X "Tip" (How-to) was great',
      '- 2026-11-24 quiet: X "Ask" (Question) was quiet',
    ]);
    const history = [
      {
        weekNumber: 1,
        theme: "Hello",
        items: [
          {
            channel: "x" as const,
            title: "Tip",
            angle: "How-to",
            status: "published",
            result: null,
            grade: "great",
            resultNote: null,
          },
        ],
        tasks: [],
        overall: "X is where they answer.",
      },
    ];
    const planner = plannerLessons({ learnings }, history);
    expect(planner).not.toContain('"Tip"');
    expect(planner).not.toContain("Week 1:");
    expect(planner).toContain('"Story"');
    expect(planner).toContain("prefer their wording");
  });
});
