import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { bootstrapRequest, checkoutRequest, signupRequest } from "@/lib/schemas/account";
import { contentEditRequest, exportQuery } from "@/lib/schemas/content";
import {
  cycleApprovalRequest,
  itemGenerateRequest,
  itemReviewRequest,
  retroRequest,
  taskUpdateRequest,
} from "@/lib/schemas/growth";
import { createProjectRequest, decisionsSchema, reviewRunRequest, startAgentRequest } from "@/lib/schemas/project";

const uuid = "3f2b7c9e-1a4d-4e8f-9b0c-2d5e6f7a8b9c";

/** Sets `value` at a dotted path of a deep copy of `base` (undefined deletes it). */
function withValue(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split(".");
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

interface Case {
  schema: z.ZodType;
  valid: unknown;
  /** Strings with their [min, max] length. */
  strings?: Record<string, [number, number]>;
  /** Arrays with their max item count and a valid item. */
  arrays?: Record<string, [number, unknown]>;
  /** Fields that accept null. */
  nullable?: string[];
  /** Fields that must be present. */
  required?: string[];
  /** Enum fields with a wrong value. */
  enums?: Record<string, unknown>;
}

const plannedItem = {
  slug: "launch-thread",
  title: "Launch thread",
  angle: "Story",
  keyMessage: "We shipped",
  suggestedDay: "Tue",
};
const contentPlanEntry = { channel: "x", count: 1, items: [plannedItem] };
const founderTask = { title: "Reply to comments", description: "Answer every reply", category: "community", effort: "30m" };
const plan = {
  weekTheme: "Launch week",
  rationale: "Why",
  contentPlan: [contentPlanEntry],
  founderTasks: [founderTask],
  skipped: [],
};

const cases: Record<string, Case> = {
  signup: {
    schema: signupRequest,
    valid: { email: "ada@example.com", password: "12345678", acceptTerms: true, captchaToken: "t", inviteCode: "i" },
    strings: { password: [8, 200], captchaToken: [1, 4096], inviteCode: [1, 200] },
    required: ["email", "password", "acceptTerms"],
    enums: { acceptTerms: false },
  },
  bootstrap: {
    schema: bootstrapRequest,
    valid: { tokenHash: "abc", name: "laptop" },
    strings: { tokenHash: [1, 512], name: [1, 80] },
    required: ["tokenHash"],
  },
  project: {
    schema: createProjectRequest,
    valid: {
      name: "Acme",
      onboarding: {
        businessName: "Acme",
        productDescription: "Invoices",
        problemSolved: "Late payments",
        features: [{ what: "Reminders", who: null, benefit: "Paid faster" }],
        whyItMatters: "w",
        audienceType: "a",
        audiencePlatforms: ["LinkedIn"],
        enabledChannels: ["x"],
        founderStory: "s",
        assetUrls: "https://acme.test",
      },
    },
    strings: {
      name: [1, 200],
      "onboarding.businessName": [1, 200],
      "onboarding.productDescription": [1, 3000],
      "onboarding.problemSolved": [1, 1000],
      "onboarding.whyItMatters": [0, 1000],
      "onboarding.audienceType": [0, 200],
      "onboarding.founderStory": [0, 3000],
      "onboarding.assetUrls": [0, 2000],
      "onboarding.features.0.what": [1, 1000],
      "onboarding.features.0.benefit": [0, 1000],
    },
    arrays: {
      "onboarding.features": [4, { what: "x" }],
      "onboarding.audiencePlatforms": [20, "x"],
      "onboarding.enabledChannels": [15, "x"],
    },
    nullable: ["onboarding.features", "onboarding.whyItMatters", "onboarding.audiencePlatforms", "onboarding.features.0.who"],
    required: ["name", "onboarding", "onboarding.businessName", "onboarding.productDescription", "onboarding.problemSolved"],
  },
  startAgent: {
    schema: startAgentRequest,
    valid: { projectId: uuid, agentType: "brand-architect" },
    required: ["projectId", "agentType"],
    enums: { agentType: "copywriter", projectId: "not-a-uuid" },
  },
  review: {
    schema: reviewRunRequest,
    valid: { runId: uuid, action: "reject", feedback: "Too formal", decisions: { brandName: "Acme" } },
    strings: { feedback: [0, 1000] },
    required: ["runId", "action"],
    enums: { action: "approved" },
  },
  decisions: {
    schema: decisionsSchema,
    valid: {
      positioning: { name: "The calm one", statement: "s" },
      valueProposition: { angle: "a", statement: "s" },
      brandName: "Acme",
      tagline: "Get paid",
      colorPalette: "Indigo",
    },
    strings: {
      "positioning.name": [0, 200],
      "positioning.statement": [1, 1000],
      "valueProposition.angle": [0, 200],
      "valueProposition.statement": [1, 1000],
      brandName: [1, 200],
      tagline: [1, 1000],
      colorPalette: [1, 200],
    },
    required: ["positioning.name", "positioning.statement", "valueProposition.statement"],
  },
  contentEdit: {
    schema: contentEditRequest,
    valid: { body: "Hello", title: "Hi" },
    strings: { body: [1, 20000], title: [1, 200] },
    required: ["body"],
  },
  approval: {
    schema: cycleApprovalRequest,
    valid: { plan },
    strings: {
      "plan.weekTheme": [1, 200],
      "plan.rationale": [0, 3000],
      "plan.contentPlan.0.items.0.slug": [0, 200],
      "plan.contentPlan.0.items.0.title": [1, 200],
      "plan.contentPlan.0.items.0.angle": [0, 1000],
      "plan.contentPlan.0.items.0.keyMessage": [0, 1000],
      "plan.contentPlan.0.items.0.suggestedDay": [0, 20],
      "plan.founderTasks.0.title": [1, 200],
      "plan.founderTasks.0.description": [0, 1000],
      "plan.founderTasks.0.category": [0, 50],
      "plan.founderTasks.0.effort": [0, 20],
    },
    arrays: {
      "plan.contentPlan": [15, contentPlanEntry],
      "plan.founderTasks": [10, founderTask],
      "plan.skipped": [25, { what: "TikTok", why: "No video yet" }],
      "plan.contentPlan.0.items": [10, plannedItem],
    },
    required: [
      "plan.weekTheme",
      "plan.rationale",
      "plan.contentPlan",
      "plan.founderTasks",
      "plan.contentPlan.0.count",
      "plan.contentPlan.0.items.0.slug",
    ],
    enums: { "plan.contentPlan.0.channel": "myspace", "plan.contentPlan.0.count": 11 },
  },
  retro: {
    schema: retroRequest,
    valid: { overall: "Good week", items: [{ itemId: uuid, result: "published", note: "n", grade: "great" }] },
    strings: { overall: [0, 3000], "items.0.note": [0, 500] },
    arrays: { items: [50, { itemId: uuid, result: "skipped" }] },
    required: ["overall", "items.0.itemId", "items.0.result"],
    enums: { "items.0.result": "draft", "items.0.grade": "bad" },
  },
  itemReview: {
    schema: itemReviewRequest,
    valid: { status: "approved", resultNote: "r", scheduledAt: "2026-11-25T09:00:00+01:00", connectionId: uuid },
    strings: { resultNote: [0, 1000] },
    nullable: ["scheduledAt", "connectionId"],
    enums: { status: "archived" },
  },
  itemGenerate: { schema: itemGenerateRequest, valid: { feedback: "shorter" }, strings: { feedback: [0, 1000] } },
  taskUpdate: { schema: taskUpdateRequest, valid: { status: "done" }, required: ["status"], enums: { status: "closed" } },
  checkout: { schema: checkoutRequest, valid: { plan: "studio" }, required: ["plan"], enums: { plan: "free" } },
  exportQuery: {
    schema: exportQuery,
    valid: { projectId: uuid, format: "pdf" },
    required: ["projectId"],
    enums: { format: "rtf" },
  },
};

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe.each(Object.entries(cases))("%s request schema", (_name, testCase) => {
  const { schema, valid } = testCase;

  it("accepts the valid sample and rejects an unknown property", () => {
    expect(schema.safeParse(valid).error?.issues).toBeUndefined();
    expect(accepts(schema, { ...(valid as object), unexpected: 1 })).toBe(false);
  });

  for (const [path, [min, max]] of Object.entries(testCase.strings ?? {})) {
    it(`${path}: ${min} to ${max} characters`, () => {
      expect(accepts(schema, withValue(valid, path, "x".repeat(max)))).toBe(true);
      expect(accepts(schema, withValue(valid, path, "x".repeat(max + 1)))).toBe(false);
      expect(accepts(schema, withValue(valid, path, "x".repeat(min)))).toBe(true);
      if (min > 0) expect(accepts(schema, withValue(valid, path, "x".repeat(min - 1)))).toBe(false);
    });
  }

  for (const [path, [max, item]] of Object.entries(testCase.arrays ?? {})) {
    it(`${path}: at most ${max} items`, () => {
      expect(accepts(schema, withValue(valid, path, Array(max).fill(item)))).toBe(true);
      expect(accepts(schema, withValue(valid, path, Array(max + 1).fill(item)))).toBe(false);
    });
  }

  for (const path of testCase.nullable ?? []) {
    it(`${path}: accepts null`, () => expect(accepts(schema, withValue(valid, path, null))).toBe(true));
  }

  for (const path of testCase.required ?? []) {
    it(`${path}: is required`, () => expect(accepts(schema, withValue(valid, path, undefined))).toBe(false));
  }

  for (const [path, wrong] of Object.entries(testCase.enums ?? {})) {
    it(`${path}: rejects ${JSON.stringify(wrong)}`, () => expect(accepts(schema, withValue(valid, path, wrong))).toBe(false));
  }
});

describe("request schemas: specific rules", () => {
  it("null is refused where the specification does not allow it", () => {
    expect(accepts(contentEditRequest, { body: "x", title: null })).toBe(false);
    expect(accepts(decisionsSchema, { brandName: null })).toBe(false);
    expect(accepts(createProjectRequest, withValue(cases.project!.valid, "onboarding.businessName", null))).toBe(false);
  });

  it("optional bodies default their lists", () => {
    expect(retroRequest.parse({ overall: "" })).toEqual({ overall: "", items: [] });
    expect(cycleApprovalRequest.parse({ plan: { ...plan, skipped: undefined } }).plan!.skipped).toEqual([]);
    expect(cycleApprovalRequest.parse({})).toEqual({});
    expect(itemGenerateRequest.parse({})).toEqual({});
  });

  it("export format defaults to json", () => {
    expect(exportQuery.parse({ projectId: uuid })).toEqual({ projectId: uuid, format: "json" });
  });

  it("count is a whole number from 0 to 10", () => {
    for (const count of [0, 10])
      expect(accepts(cycleApprovalRequest, withValue({ plan }, "plan.contentPlan.0.count", count))).toBe(true);
    for (const count of [-1, 11, 1.5, "1"])
      expect(accepts(cycleApprovalRequest, withValue({ plan }, "plan.contentPlan.0.count", count))).toBe(false);
  });
});

describe("signup e-mail rules", () => {
  const email = (value: string) => accepts(signupRequest, { email: value, password: "12345678", acceptTerms: true });

  it.each(["ada@example.com", "ada.lovelace+news@mail.example.co", "a_b@x-y.io", `${"a".repeat(64)}@${"b".repeat(180)}.com`])(
    "accepts %s",
    (value) => expect(email(value)).toBe(true),
  );

  it.each([
    ".ada@example.com",
    "ada..lovelace@example.com",
    "ada.@example.com",
    "ada@example",
    "ada@example.c",
    "ada@example.c0m",
    "ada@.example.com",
    "ada@example..com",
    "ada@-example.com",
    "ada example@example.com",
    "ada@@example.com",
    `${"a".repeat(64)}@${"b".repeat(186)}.com`,
  ])("rejects %s", (value) => expect(email(value)).toBe(false));

  it("caps the address at 254 characters", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(email(at254)).toBe(true);
    expect(email(`a${at254}`)).toBe(false);
  });
});
