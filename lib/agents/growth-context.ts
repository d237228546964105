import { channelMentions, channelRules, resolveChannel, shortenToFit } from "@/lib/channels";
import { weekTitle } from "@/lib/growth/week";
import { isFillIn } from "@/lib/i18n/text";
import type { CycleHistory, PlaybookDigest } from "@/lib/schemas/agent-inputs";
import type { Channel } from "@/lib/schemas/growth";
import type { Onboarding } from "@/lib/schemas/project";
import { json } from "./prompt";

/*
 * What the growth tasks read, cut to what each one uses. A week is one plan and a draft per
 * item, each drafted when the founder asks; so every draft repeats its context, and the
 * context is what a draft is written from: no planning answers in a draft, no voice rules
 * in a plan, and nothing said twice.
 */

type BriefKey = keyof Onboarding;

// Both lists start alike, so a plan's and a draft's prompts share their opening.
const sharedKeys: BriefKey[] = [
  "businessName",
  "productDescription",
  "problemSolved",
  "features",
  "whyItMatters",
  "whyChooseYou",
  "audienceType",
  "audienceDescription",
];

/** What a post is written from: the product, the audience in their own words, the proof, the story, the link. */
const writerKeys: BriefKey[] = [
  ...sharedKeys,
  "audienceFeedback",
  "talkedToAudience",
  "founderStory",
  "existingAudience",
  "existingAssets",
  "productReadiness",
  "revenueModel",
  "geographicFocus",
  "actionPriority",
  "assetUrls",
  "avoidTopics",
];

/** What a week is planned from: the product, where the audience is, the goal and its timeline. */
const plannerKeys: BriefKey[] = [
  ...sharedKeys,
  "audiencePlatforms",
  "successDefinition",
  "successTimeline",
  "actionPriority",
  "productReadiness",
  "existingAudience",
  "geographicFocus",
  "avoidTopics",
];

const cut = (text: string, max: number) => shortenToFit(text.trim(), (candidate) => candidate.length <= max);

const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?…。]+$/, "");

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

const wordCount = (text: string) => (text.match(/\p{L}+/gu) ?? []).length;

/** The passages of the kept texts a string may be put together from: each whole, and each of its sentences; longest first. */
const passagesOf = (kept: string[]) =>
  [...new Set(kept.flatMap((text) => [text, ...text.split(/(?<=[.!?。！？])\s+/u).map(normalized)]))]
    .filter((passage) => passage.length >= 20)
    .sort((a, b) => b.length - a.length);

/**
 * Whether a string only puts kept passages together ("For {audience}: {the product's first
 * sentence}", "Stay on the positioning: “…”", "Avoid: {topics}"): with each passage taken
 * out, what is left is a label's few words, at most six and a quarter of the string's.
 */
function composedOf(text: string, passages: string[]): boolean {
  let rest = text;
  for (const passage of passages) rest = rest.split(passage).join(" ");
  const left = wordCount(rest);
  return rest !== text && left <= 6 && left <= wordCount(text) / 4;
}

/**
 * The value without the strings that only repeat another one: a string is left out when
 * the same words stand in `kept` (the founder's brief), when it is put together from the
 * brief's answers and sentences with no more than a label's words of its own, or when it
 * stands in another of the value's strings (of two equal ones, the first stays); strings
 * under 20 characters, a word or a name, always stay. A fill-in ("[add: a tagline]") tells
 * a model nothing and goes too. Nothing is lost; the offline pipeline's tagline, for one,
 * is often the founder's own benefit sentence, and its positioning the audience and the
 * product's first sentence.
 */
export function withoutRepeats<T>(value: T, kept: string[]): T {
  const keptTexts = kept.map(normalized);
  const passages = passagesOf(keptTexts);
  const own = stringsOf(value).map(normalized);
  const repeats = own.map(
    (text, index) =>
      text.length >= 20 &&
      (keptTexts.some((other) => other.includes(text)) ||
        composedOf(text, passages) ||
        own.some((other, at) => at !== index && other.includes(text) && (other !== text || at < index))),
  );
  let at = 0;
  const strip = (entry: unknown): unknown => {
    if (typeof entry === "string") return repeats[at++] || isFillIn(entry) ? undefined : entry;
    if (Array.isArray(entry)) return entry.map(strip);
    if (entry && typeof entry === "object")
      return Object.fromEntries(Object.entries(entry).map(([key, item]) => [key, strip(item)]));
    return entry;
  };
  return strip(value) as T;
}

/** The brief opens as every task's does (`project`, then the answers), with only the answers this task uses. */
const briefOf = (projectName: string, onboarding: Onboarding, keys: BriefKey[]) => ({
  project: projectName,
  ...Object.fromEntries(keys.map((key) => [key, onboarding[key]])),
});

const channelOf = (name: string) => resolveChannel(name) ?? channelMentions(name)[0];

/** The founder's answers a post is written from, then the playbook's positioning and voice; the same for every draft of a project. */
export function writerBrief(projectName: string, onboarding: Onboarding, playbook: PlaybookDigest): string {
  const brief = {
    ...briefOf(projectName, onboarding, writerKeys),
    // The voice says how the founder wants to sound; without one, their own tone words do.
    ...(!playbook.voice && { toneWords: onboarding.toneWords, avoidToneWords: onboarding.avoidToneWords }),
  };
  const { traits, ...voice } = playbook.voice ?? {};
  const strategy = withoutRepeats(
    {
      positioning: playbook.positioning?.statement,
      valueProposition: playbook.valueProposition?.statement,
      tagline: playbook.brand?.tagline,
      voice: playbook.voice && { ...voice, traits: voice.description ? undefined : traits },
    },
    stringsOf(brief),
  );
  return `## Founder brief\n${json(brief)}\n\n## Marketing Playbook\n${json(strategy)}`;
}

/** The founder's answers a week is planned from, then the playbook's positioning and channels. */
export function plannerBrief(projectName: string, onboarding: Onboarding, playbook: PlaybookDigest): string {
  const brief = briefOf(projectName, onboarding, plannerKeys);
  const strategy = withoutRepeats(
    {
      positioning: playbook.positioning?.statement,
      valueProposition: playbook.valueProposition?.statement,
      channels: playbook.channels?.map(({ channel, role, cadence }) => ({ channel, role, cadence })),
    },
    stringsOf(brief),
  );
  return `## Founder brief\n${json(brief)}\n\n## Marketing Playbook\n${json(strategy)}`;
}

type Learning = NonNullable<PlaybookDigest["learnings"]>[number];
/** A lesson said again later (the same post graded the same way) is read once, at its newest. */
const distinct = (learnings: Learning[]) =>
  learnings.filter((learning, index) => !learnings.slice(index + 1).some((later) => later.text === learning.text));
const lessonLines = (learnings: Learning[]) =>
  learnings.map((learning) => `- ${learning.date} ${learning.kind}: ${cut(learning.text, 240)}`).join("\n");

/** The founder's newest note and newest rewrite: what every draft of the week should know. */
export function founderLessons(playbook: PlaybookDigest): string {
  const learnings = playbook.learnings ?? [];
  const newest = (kind: string) => learnings.filter((learning) => learning.kind === kind).slice(-1);
  const picked = learnings.filter((learning) => [...newest("founder-note"), ...newest("founder-edit")].includes(learning));
  return picked.length ? `## The founder's latest note and edit\n${lessonLines(picked)}` : "";
}

/** What the last retros said about this item's channel: the three newest grades. */
export function channelLessons(playbook: PlaybookDigest, channel: Channel): string {
  const label = channelRules[channel].label;
  const graded = distinct(
    (playbook.learnings ?? []).filter(
      (learning) => (learning.kind === "worked" || learning.kind === "quiet") && learning.text.startsWith(`${label} "`),
    ),
  ).slice(-3);
  return graded.length ? `## What worked and what was quiet on ${label} (newest last)\n${lessonLines(graded)}` : "";
}

/** The role the launch strategy gave the item's channel, if it gave one. */
export function channelRole(playbook: PlaybookDigest, channel: Channel): string | null {
  return playbook.channels?.find((entry) => channelOf(entry.channel) === channel)?.role?.trim() || null;
}

/** Learnings the planner does not already read in the earlier weeks (a retro's grades and note are both). */
export function plannerLessons(playbook: PlaybookDigest, history: CycleHistory[]): string {
  const restated = (learning: Learning) =>
    history.some(
      (cycle) =>
        (learning.kind === "founder-note" && learning.text.startsWith(`Week ${cycle.weekNumber}:`)) ||
        ((learning.kind === "worked" || learning.kind === "quiet") &&
          cycle.items.some((item) => learning.text.includes(`"${item.title}" (${item.angle})`))),
    );
  const kept = distinct((playbook.learnings ?? []).filter((learning) => !restated(learning))).slice(-8);
  return kept.length ? `## Learnings (newest last)\n${lessonLines(kept)}` : "";
}

const numbersOf = (numbers: NonNullable<CycleHistory["items"][number]["numbers"]>) =>
  [
    `${numbers.likes} likes`,
    `${numbers.reposts} reposts`,
    `${numbers.replies} replies`,
    numbers.quotes === null ? "" : `${numbers.quotes} quotes`,
  ]
    .filter(Boolean)
    .join(", ");

/** Per channel, the sign-ups and clicks its posts' tracked links brought: "linkedin 3 from 40 clicks". */
function signupsByChannel(items: CycleHistory["items"]): string[] {
  const byChannel = new Map<string, { clicks: number; signups: number }>();
  for (const item of items) {
    if (!item.results) continue;
    const sum = byChannel.get(item.channel) ?? { clicks: 0, signups: 0 };
    sum.clicks += item.results.clicks;
    sum.signups += item.results.signups;
    byChannel.set(item.channel, sum);
  }
  return [...byChannel.entries()]
    .sort((a, b) => b[1].signups - a[1].signups || b[1].clicks - a[1].clicks)
    .map(([channel, sum]) => `${channel} ${sum.signups} from ${sum.clicks} clicks`);
}

/** The newest three weeks as lines: one per item (channel, title, angle, outcome, note, the network's numbers). */
export function historyLines(history: CycleHistory[]): string {
  const weeks = history.slice(-3).map((cycle) => {
    const items = cycle.items.map((item) => {
      const outcome = [item.status, item.result !== item.status ? item.result : null, item.grade].filter(Boolean).join(", ");
      const fields = [
        item.channel,
        cut(item.title, 100),
        cut(item.angle, 120),
        outcome,
        item.resultNote ? cut(item.resultNote, 200) : "",
        item.results ? `${item.results.signups} sign-ups from ${item.results.clicks} clicks` : "",
        item.numbers ? numbersOf(item.numbers) : "",
      ];
      return `- ${fields.filter(Boolean).join(" | ")}`;
    });
    const results = (cycle.channelResults ?? []).map(
      (entry) =>
        `${entry.channel} ${entry.posts} posts, median engagement ${entry.medianEngagement}, total ${entry.totalEngagement}`,
    );
    const tasks = cycle.tasks.map((task) => `${cut(task.title, 100)} (${task.status})`);
    const signups = signupsByChannel(cycle.items);
    return [
      cut(weekTitle(cycle.weekNumber, cycle.theme), 130),
      ...items,
      signups.length ? `Sign-ups by channel (what matters most): ${signups.join("; ")}` : "",
      results.length ? `Channel results: ${results.join("; ")}` : "",
      tasks.length ? `Founder tasks: ${tasks.join("; ")}` : "",
      cycle.overall?.trim() ? `Founder's note: ${cut(cycle.overall, 400)}` : "",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return weeks.length
    ? `## Earlier weeks (channel | title | angle | outcome | note | sign-ups and clicks | numbers)\n${weeks.join("\n\n")}`
    : "";
}
