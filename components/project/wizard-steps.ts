import { type IssueLike, plainIssueMessage } from "@/lib/errors/plain-issues";
import { isUnsafeText, unsafeTextMessage } from "@/lib/schemas/common-text";
import type { Onboarding } from "@/lib/schemas/project";

export type FieldKind = "text" | "textarea" | "list" | "channels" | "features";
type OnboardingField = keyof Onboarding;

export interface WizardField {
  name: OnboardingField | "name";
  label: string;
  kind: FieldKind;
  hint?: string;
  placeholder?: string;
  /** Characters of a text, or of each line of a list. */
  max?: number;
  /** Entries of a list. */
  items?: number;
  /** The onboarding schema (or the project's name) requires it. */
  required?: boolean;
}

export interface WizardStep {
  id: string;
  title: string;
  intro: string;
  fields: WizardField[];
}

function step(id: string, title: string, intro: string, fields: WizardField[]): WizardStep {
  return { id, title, intro, fields };
}

/** The onboarding questions in six short steps; the review step follows them (the stepper counts seven). */
export const wizardSteps: WizardStep[] = [
  step("product", "Your product", "What you are launching, in your own words.", [
    {
      name: "name",
      label: "Project name",
      kind: "text",
      max: 200,
      required: true,
      hint: "Only you see it, e.g. “Spring launch”.",
    },
    { name: "businessName", label: "Business or product name", kind: "text", max: 200, required: true },
    {
      name: "productDescription",
      label: "What does it do?",
      kind: "textarea",
      max: 3000,
      required: true,
      hint: "Two or three sentences a customer would understand.",
    },
    {
      name: "productReadiness",
      label: "How ready is it?",
      kind: "text",
      max: 200,
      placeholder: "Private beta, live, waitlist…",
    },
    {
      name: "revenueModel",
      label: "How does it make money?",
      kind: "text",
      max: 200,
      placeholder: "Subscription, one-off, free…",
    },
  ]),
  step("problem", "Problem and features", "Why it exists, and up to four features that matter most.", [
    { name: "problemSolved", label: "What problem does it solve?", kind: "textarea", max: 1000, required: true },
    { name: "whyItMatters", label: "Why does it matter to your customers?", kind: "textarea", max: 1000 },
    { name: "features", label: "Key features", kind: "features", items: 4 },
  ]),
  step("audience", "Your audience", "Who it is for and where they spend time.", [
    {
      name: "audienceType",
      label: "Who is it for?",
      kind: "text",
      max: 200,
      placeholder: "Freelance designers, indie game studios…",
    },
    { name: "audienceDescription", label: "Describe them", kind: "textarea", max: 1000 },
    {
      name: "talkedToAudience",
      label: "Have you talked to them?",
      kind: "text",
      max: 200,
      placeholder: "Interviewed 12 of them last month",
    },
    { name: "audienceFeedback", label: "What did they tell you?", kind: "textarea", max: 1000 },
    {
      name: "audienceGenerations",
      label: "Generations",
      kind: "list",
      items: 20,
      max: 200,
      hint: "One per line, e.g. Millennials.",
    },
    {
      name: "audiencePlatforms",
      label: "Where they spend time online",
      kind: "list",
      items: 20,
      max: 200,
      hint: "One per line.",
    },
    { name: "existingAudience", label: "Your audience today", kind: "text", max: 200, placeholder: "800 newsletter readers" },
    { name: "geographicFocus", label: "Where in the world", kind: "text", max: 200 },
  ]),
  step("voice", "Your voice", "How you sound, and what to stay away from.", [
    { name: "toneWords", label: "Words for your tone", kind: "list", items: 20, max: 200, hint: "One per line, e.g. friendly." },
    { name: "avoidToneWords", label: "Tones to avoid", kind: "list", items: 20, max: 200, hint: "One per line, e.g. corporate." },
    { name: "founderStory", label: "Your story as a founder", kind: "textarea", max: 3000 },
    { name: "whyChooseYou", label: "Why choose you over the alternatives?", kind: "textarea", max: 1000 },
    { name: "avoidTopics", label: "Topics to avoid", kind: "textarea", max: 1000 },
  ]),
  step("goals", "Goals and channels", "What success looks like and where to show up.", [
    {
      name: "successDefinition",
      label: "What would success look like?",
      kind: "list",
      items: 20,
      max: 200,
      hint: "One goal per line.",
    },
    { name: "successTimeline", label: "By when?", kind: "text", max: 200, placeholder: "Three months" },
    {
      name: "desiredActions",
      label: "What should people do?",
      kind: "list",
      items: 20,
      max: 200,
      hint: "One per line, e.g. Join the waitlist.",
    },
    { name: "actionPriority", label: "The one action that matters most", kind: "text", max: 200 },
    { name: "enabledChannels", label: "Channels to write for", kind: "channels", items: 15, max: 50 },
    { name: "founderPlatforms", label: "Where you already post", kind: "list", items: 20, max: 200, hint: "One per line." },
  ]),
  step("resources", "Resources", "What you can put in, so the plan fits your week.", [
    { name: "weeklyHours", label: "Hours a week for marketing", kind: "text", max: 200, placeholder: "5 hours" },
    { name: "marketingBudget", label: "Monthly budget", kind: "text", max: 200, placeholder: "Under 200 euros" },
    {
      name: "existingAssets",
      label: "What you already have",
      kind: "list",
      items: 20,
      max: 200,
      hint: "One per line, e.g. Landing page.",
    },
    { name: "assetUrls", label: "Links to them", kind: "textarea", max: 2000 },
    {
      name: "approvalPreference",
      label: "How do you want to review drafts?",
      kind: "text",
      max: 200,
      placeholder: "Review everything before it goes out",
    },
  ]),
];

/** Whether the onboarding schema (or the project's name) requires a field. */
export const isRequired = (name: WizardField["name"]) =>
  wizardSteps.some((entry) => entry.fields.some((field) => field.name === name && field.required));

/** What the form holds for each field kind before it becomes an answer. */
export type FeatureRow = { what: string; who: string; benefit: string };
export type FormValues = Record<string, string | string[] | FeatureRow[]>;

const lines = (value: string) =>
  value
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The answers of `fields` from the form's values: empty answers left out, lists one per line, features without empty rows. */
export function answersOf(fields: WizardField[], values: FormValues): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === "features") {
      const rows = ((value as FeatureRow[] | undefined) ?? []).filter(
        (row) => row.what.trim() || row.who.trim() || row.benefit.trim(),
      );
      if (rows.length)
        answers[field.name] = rows.map((row) => ({
          what: row.what.trim(),
          who: row.who.trim() || null,
          benefit: row.benefit.trim() || null,
        }));
    } else if (field.kind === "channels") {
      if ((value as string[] | undefined)?.length) answers[field.name] = value;
    } else if (field.kind === "list") {
      const entries = lines((value as string | undefined) ?? "");
      if (entries.length) answers[field.name] = entries;
    } else {
      const text = ((value as string | undefined) ?? "").trim();
      if (text) answers[field.name] = text;
    }
  }
  return answers;
}

/** The form's values from saved answers (the reverse of `answersOf`). */
export function valuesOf(answers: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of wizardSteps.flatMap((entry) => entry.fields)) {
    const answer = answers[field.name];
    if (answer === undefined || answer === null) continue;
    if (field.kind === "features") {
      values[field.name] = (answer as Array<{ what: string; who?: string | null; benefit?: string | null }>).map((row) => ({
        what: row.what,
        who: row.who ?? "",
        benefit: row.benefit ?? "",
      }));
    } else if (field.kind === "channels") values[field.name] = answer as string[];
    else if (field.kind === "list") values[field.name] = (answer as string[]).join("\n");
    else values[field.name] = String(answer);
  }
  return values;
}

/** A zod issue as a sentence for the field it belongs to (an entry of a list says which). */
export function issueMessage(issue: IssueLike): string {
  const where = issue.path.length > 1 && typeof issue.path[1] === "number" ? `Entry ${issue.path[1] + 1}: ` : "";
  if (issue.code === "too_big" && issue.origin === "string") return `${where}At most ${issue.maximum} characters.`;
  if (issue.code === "too_big" && issue.origin === "array") return `At most ${issue.maximum} entries.`;
  if (issue.code === "invalid_type" && issue.path.length === 1) return "Required.";
  return `${where}${plainIssueMessage(issue)}`;
}

/** A feature row's limits, as the onboarding schema's featureSchema has them. */
const featureLimits = { what: 1000, who: 200, benefit: 1000 } as const;

/** The first problem of one text answer (`where` prefixes an entry's number), or nothing. */
function textProblem(value: string, max: number, where = "", required = false, safe = true): string | undefined {
  if (required && value.length === 0) return `${where}Required.`;
  if (safe && isUnsafeText(value)) return `${where}${unsafeTextMessage}`;
  if (value.length > max) return `${where}At most ${max} characters.`;
  return undefined;
}

/** The first problem of a field's answer, checked as the onboarding schema checks it (the server checks again). */
function fieldProblem(field: WizardField, answer: unknown): string | undefined {
  if (answer === undefined) return field.required ? "Required." : undefined;
  if (field.kind === "features") {
    const rows = answer as Array<{ what: string; who: string | null; benefit: string | null }>;
    for (const [index, row] of rows.entries()) {
      const where = `Entry ${index + 1}: `;
      const problem =
        textProblem(row.what, featureLimits.what, where, true) ??
        textProblem(row.who ?? "", featureLimits.who, where, false, false) ??
        textProblem(row.benefit ?? "", featureLimits.benefit, where, false, false);
      if (problem) return problem;
    }
    return rows.length > (field.items ?? 4) ? `At most ${field.items ?? 4} entries.` : undefined;
  }
  if (field.kind === "list" || field.kind === "channels") {
    const entries = answer as string[];
    for (const [index, entry] of entries.entries()) {
      const problem = textProblem(entry, field.max ?? Number.POSITIVE_INFINITY, `Entry ${index + 1}: `);
      if (problem) return problem;
    }
    return field.items !== undefined && entries.length > field.items ? `At most ${field.items} entries.` : undefined;
  }
  return textProblem(answer as string, field.max ?? Number.POSITIVE_INFINITY, "", field.required);
}

/**
 * Checks one step's answers as the API's schema would (required answers, lengths, entries,
 * text Postgres can store), by hand rather than with zod: the form stays light, and the
 * server action validates everything again with the schema itself.
 */
export function validateStep(
  stepIndex: number,
  values: FormValues,
): { answers: Record<string, unknown>; errors: Record<string, string> } {
  const current = wizardSteps[stepIndex]!;
  const answers = answersOf(current.fields, values);
  const errors: Record<string, string> = {};
  for (const field of current.fields) {
    const problem = fieldProblem(field, answers[field.name]);
    if (problem) errors[field.name] = problem;
  }
  return { answers, errors };
}

/** The step that asks `field` (for errors the server finds). */
export const stepOfField = (field: string) =>
  Math.max(
    0,
    wizardSteps.findIndex((entry) => entry.fields.some((candidate) => candidate.name === field)),
  );
