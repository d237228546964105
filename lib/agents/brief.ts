import type { AgentInput } from "./types";

const line = (label: string, value: unknown) => {
  if (value === null || value === undefined || value === "") return "";
  if (Array.isArray(value)) return value.length ? `- ${label}: ${value.join("; ")}` : "";
  return `- ${label}: ${value}`;
};

/**
 * The brief every agent's prompt carries: the founder's answers, their decisions, the
 * approved work of earlier steps and, after a rejection, the founder's feedback.
 */
export function buildBrief(input: AgentInput): string {
  const { onboarding: o, decisions: d } = input;
  const features = (o.features ?? []).map((f) => `${f.what}${f.who ? ` (for ${f.who})` : ""}${f.benefit ? `: ${f.benefit}` : ""}`);
  const answers = [
    line("Business", o.businessName),
    line("Product", o.productDescription),
    line("Problem solved", o.problemSolved),
    line("Features", features),
    line("Why it matters", o.whyItMatters),
    line("Audience", [o.audienceType, o.audienceDescription].filter(Boolean).join(": ")),
    line("Talked to the audience", o.talkedToAudience),
    line("What the audience said", o.audienceFeedback),
    line("Audience generations", o.audienceGenerations),
    line("Where the audience is", o.audiencePlatforms),
    line("Where the founder is active", o.founderPlatforms),
    line("Channels to use", o.enabledChannels),
    line("Success means", o.successDefinition),
    line("Success timeline", o.successTimeline),
    line("Tone", o.toneWords),
    line("Tone to avoid", o.avoidToneWords),
    line("Desired actions", o.desiredActions),
    line("Top action", o.actionPriority),
    line("Founder story", o.founderStory),
    line("Why choose them", o.whyChooseYou),
    line("Topics to avoid", o.avoidTopics),
    line("Existing assets", o.existingAssets),
    line("Links", o.assetUrls),
    line("Weekly hours for marketing", o.weeklyHours),
    line("Product readiness", o.productReadiness),
    line("Existing audience", o.existingAudience),
    line("Geographic focus", o.geographicFocus),
    line("Revenue model", o.revenueModel),
    line("Marketing budget", o.marketingBudget),
  ].filter(Boolean);
  const decisions = [
    d.positioning && line("Positioning", `${d.positioning.name}: ${d.positioning.statement}`),
    d.valueProposition && line("Value proposition", `${d.valueProposition.angle}: ${d.valueProposition.statement}`),
    line("Brand name", d.brandName),
    line("Tagline", d.tagline),
    line("Color palette", d.colorPalette),
  ].filter((entry): entry is string => Boolean(entry));
  const sections = [`# Project: ${input.projectName}`, "## The founder's answers", ...answers];
  if (decisions.length) sections.push("## Decisions the founder made (follow them)", ...decisions);
  for (const [step, output] of Object.entries(input.approved)) {
    sections.push(`## Approved work of the ${step} step`, JSON.stringify(output, null, 2));
  }
  if (input.feedback) sections.push("## The founder rejected the last draft of this step with this feedback (address it)", input.feedback);
  return sections.join("\n");
}
