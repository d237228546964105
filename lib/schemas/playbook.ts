import { z } from "zod";
import { uuid } from "./common";
import { agentTypeSchema } from "./project";

export const learningKinds = ["worked", "quiet", "founder-note", "founder-edit"] as const;

export const learningSchema = z
  .object({
    date: z.string().describe("ISO date"),
    kind: z.enum(learningKinds),
    text: z.string(),
    itemId: uuid.optional().describe("founder-edit: the content item it is about (a newer edit of the item replaces it)"),
  })
  .meta({ id: "Learning", description: "A dated lesson from a retro or a founder's edit" });
export type Learning = z.infer<typeof learningSchema>;

export const playbookSchema = z
  .object({
    projectId: z.uuid(),
    name: z.string(),
    positioning: z.object({ name: z.string(), statement: z.string() }).nullable(),
    valueProposition: z.object({ angle: z.string(), statement: z.string() }).nullable(),
    audience: z.object({
      summary: z.string().nullable(),
      profiles: z.array(z.object({ name: z.string(), description: z.string(), whereTheyAre: z.array(z.string()) })),
    }),
    brand: z.object({ name: z.string(), tagline: z.string().nullable(), palette: z.string().nullable() }),
    voice: z.object({
      description: z.string().nullable(),
      traits: z.array(z.string()),
      do: z.array(z.string()),
      dont: z.array(z.string()),
    }),
    channels: z.array(
      z.object({
        channel: z.string(),
        role: z.string().nullable(),
        cadence: z.string().nullable(),
        firstMove: z.string().nullable(),
      }),
    ),
    launchPlan: z
      .object({
        goal: z.string(),
        phases: z.array(z.object({ phase: z.string(), timing: z.string(), actions: z.array(z.string()) })),
        metrics: z.array(z.object({ metric: z.string(), target: z.string() })),
      })
      .nullable(),
    learnings: z.array(learningSchema).describe("Newest last; the newest 100 are kept"),
    approvedSteps: z.array(agentTypeSchema),
    markdown: z.string().describe("The playbook as one Markdown document"),
  })
  .meta({
    id: "Playbook",
    description: "The Marketing Playbook: decisions first, then approved work, then the founder's answers",
  });
export type Playbook = z.infer<typeof playbookSchema>;

export const playbookResponse = z.object({ playbook: playbookSchema }).meta({ id: "PlaybookResponse" });
