import { describe, expect, it } from "vitest";
import { type FormValues, isRequired, validateStep, wizardSteps } from "@/components/project/wizard-steps";
import { channels } from "@/lib/schemas/growth-lists";
import { createProjectRequest, onboardingSchema } from "@/lib/schemas/project";

// The wizard checks its answers by hand (no zod in the browser); the API checks them with the schema.
// Here both judge the same answers: a field the form lets through must be one the schema accepts, and the reverse.
const schemaFieldsWithErrors = (stepIndex: number, values: FormValues): string[] => {
  const { answers } = validateStep(stepIndex, values);
  const names = wizardSteps[stepIndex]!.fields.map((field) => field.name);
  const schema = onboardingSchema
    .pick(Object.fromEntries(names.filter((name) => name !== "name").map((name) => [name, true])) as never)
    .extend(names.includes("name") ? { name: createProjectRequest.shape.name } : {});
  const parsed = schema.safeParse(answers);
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].sort();
};

const long = (length: number) => "x".repeat(length);
const cases: Array<[string, number, FormValues]> = [
  ["nothing on the first step", 0, {}],
  ["the required answers", 0, { name: "Spring", businessName: "Tide", productDescription: "A tide clock." }],
  ["a name too long", 0, { name: long(201), businessName: "Tide", productDescription: "A tide clock." }],
  ["a description at its limit", 0, { name: "a", businessName: "b", productDescription: long(3000) }],
  ["a description over it", 0, { name: "a", businessName: "b", productDescription: long(3001) }],
  ["a NUL in a name", 0, { name: `a${String.fromCharCode(0)}`, businessName: "b", productDescription: "c" }],
  ["a lone surrogate", 0, { name: "a", businessName: "\ud800", productDescription: "c" }],
  ["spaces only", 0, { name: "   ", businessName: "b", productDescription: "c" }],
  ["no problem given", 1, {}],
  ["a feature without its what", 1, { problemSolved: "p", features: [{ what: " ", who: "me", benefit: "" }] }],
  ["a feature's who too long", 1, { problemSolved: "p", features: [{ what: "w", who: long(201), benefit: "" }] }],
  ["a feature's benefit at its limit", 1, { problemSolved: "p", features: [{ what: "w", who: "", benefit: long(1000) }] }],
  [
    "five features",
    1,
    { problemSolved: "p", features: Array.from({ length: 5 }, (_, index) => ({ what: `f${index}`, who: "", benefit: "" })) },
  ],
  ["a list entry too long", 2, { audiencePlatforms: `ok\n${long(201)}` }],
  ["21 list entries", 2, { audienceGenerations: Array.from({ length: 21 }, (_, index) => `g${index}`).join("\n") }],
  ["20 list entries", 2, { audienceGenerations: Array.from({ length: 20 }, (_, index) => `g${index}`).join("\n") }],
  ["every channel", 4, { enabledChannels: [...channels] }],
  ["a long story", 3, { founderStory: long(3001), avoidTopics: long(1000) }],
  ["long links", 5, { assetUrls: long(2001), weeklyHours: long(200) }],
];

describe("the onboarding wizard's own check", () => {
  it.each(cases)("finds the fields the schema refuses: %s", (_, stepIndex, values) => {
    expect(Object.keys(validateStep(stepIndex, values).errors).sort()).toEqual(schemaFieldsWithErrors(stepIndex, values));
  });

  it("says what is wrong in a sentence", () => {
    expect(validateStep(0, {}).errors).toEqual({ name: "Required.", businessName: "Required.", productDescription: "Required." });
    expect(validateStep(2, { audiencePlatforms: `ok\n${long(201)}` }).errors.audiencePlatforms).toBe(
      "Entry 2: At most 200 characters.",
    );
    expect(validateStep(1, { problemSolved: "p", features: [{ what: "", who: "me", benefit: "" }] }).errors.features).toBe(
      "Entry 1: Required.",
    );
  });

  it("marks as required exactly what the schema requires", () => {
    for (const field of wizardSteps.flatMap((entry) => entry.fields)) {
      const required =
        field.name === "name" ||
        !(onboardingSchema.shape[field.name] as { safeParse: (value: unknown) => { success: boolean } }).safeParse(undefined)
          .success;
      expect([field.name, isRequired(field.name)]).toEqual([field.name, required]);
    }
  });

  it("asks every onboarding answer on some step", () => {
    const asked = new Set(wizardSteps.flatMap((entry) => entry.fields.map((field) => field.name)));
    expect(Object.keys(onboardingSchema.shape).filter((name) => !asked.has(name as never))).toEqual([]);
  });
});
