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

  it("leaves out a playbook sentence put together from the brief's answers and sentences, and a fill-in; keeps one with words of its own", () => {
    const audience = "ward nurses and charge nurses in mid-sized hospitals";
    const product =
      "Handover is a tablet app for hospital wards that turns the spoken shift handover into a structured note. It works offline.";
    const topics = "Patient stories and any claim about clinical outcomes";
    const positioning =
      "For ward nurses and charge nurses in mid-sized hospitals: Handover is a tablet app for hospital wards that turns the spoken shift handover into a structured note.";
    const ownPositioning =
      "The only handover tool ward nurses and charge nurses in mid-sized hospitals can run without the IT department.";
    const strategy = withoutRepeats(
      {
        positioning,
        valueProposition: ownPositioning,
        tagline: "[add: a tagline: the outcome in under ten words]",
        voice: {
          description: `Handover sounds calm. It talks to ${audience} like a peer who solved the problem.`,
          do: [`Stay on the positioning: "${positioning}"`, "Keep sentences short; one idea per paragraph."],
          dont: [`Avoid: ${topics}.`, "Don't sound salesy."],
        },
      },
      [audience, product, topics],
    );
    expect(strategy).toEqual({
      positioning: undefined,
      valueProposition: ownPositioning,
      tagline: undefined,
      voice: {
        description: `Handover sounds calm. It talks to ${audience} like a peer who solved the problem.`,
        do: [undefined, "Keep sentences short; one idea per paragraph."],
        dont: [undefined, "Don't sound salesy."],
      },
    });
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
