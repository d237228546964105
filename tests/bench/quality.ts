import { eld } from "eld/medium";
import type { ApprovedOutputs } from "@/lib/agents";
import { historyLines } from "@/lib/agents/growth-context";
import { type CycleHistory, growthPlanner, type PlaybookDigest, toWeeklyPlan } from "@/lib/agents/growth-planner";
import { fittedDraft, growthWriter } from "@/lib/agents/growth-writer";
import { type ProjectFacts, pipelineInput, plannerInput, type RunFacts, writerInput } from "@/lib/agents/inputs";
import { runAgent, runTask } from "@/lib/agents/run";
import type { ContentDraft } from "@/lib/agents/types";
import { channelRules, channelsOfAnswers } from "@/lib/channels";
import { reloadConfig } from "@/lib/config";
import { plainSummary } from "@/lib/exports/markdown-blocks";
import { weeklyBudget } from "@/lib/growth/budget";
import { weekTitle } from "@/lib/growth/week";
import { detectProjectLanguage } from "@/lib/i18n/detect";
import { draftingLanguages } from "@/lib/i18n/phrasebook";
import type { BrandSystem, LaunchStrategy, MarketStrategy } from "@/lib/schemas/agent-outputs";
import type { WeeklyPlan } from "@/lib/schemas/growth";
import { agentTypes, type Decisions, type Onboarding } from "@/lib/schemas/project";
import { promptText, startFakeOpenAI, tokensOf } from "../support/fake-openai";
import { sampleOnboarding } from "../support/founder";
import { type BenchFounder, benchFounders } from "../support/founders";
import {
  brokenBrackets,
  cutShort,
  doubledLabels,
  doubledQuotes,
  doubledWords,
  emojiPunctuation,
  emptyBullets,
  emptyPlaceholders,
  foreignPunctuation,
  hashtagsIn,
  labelRepeats,
  lowercaseStarts,
  misfitPieces,
  repeatedHeadings,
  repeatedSentences,
  stackedLabels,
  strayHashtags,
} from "../support/rough-edges";

/**
 * `npm run bench:quality`: the words Launchloop writes, measured. Every founder of
 * tests/support/founders.ts goes through the whole offline pipeline and two growth weeks
 * (a retro in between that grades the week and drops a channel), then the model path runs
 * against a fake OpenAI-compatible server that counts tokens with o200k_base. It prints the
 * metrics and the issue's "Done when" thresholds; it reports, it does not fail. It also
 * runs every founder's offline pack and weeks in each of the five drafting languages and
 * counts the rough edges a founder would not send as is (tests/support/rough-edges.ts).
 */

const now = new Date("2026-11-23T09:00:00Z");

// Phrases that must never reach a founder: the old engine's filler and the planner's notes.
const leakedPhrases = [
  "Less busywork",
  "a late payment, a lost evening",
  "Doing it by hand",
  "General-purpose tools",
  "Hiring help",
  "The week the problem bites again",
  "Current tools feel heavy",
  "The early adopter looking for an edge",
  "The specialist answer",
  "The time saver",
  "The calm choice",
  "Quick one:",
  "Real talk:",
  "Okay, honest question:",
  "this one is for you",
  "Here is what we learned",
  "Launching today:",
  "How-to. How-to",
  "How-to:",
  "New angle (",
  "More of what worked",
  "was quiet",
  "(carried over)",
  "It takes two minutes",
  "Write plain, confident English",
];

/** Sentences of the sample founder (Tidybooks): none may reach another founder. */
const sampleSentences = Object.values(sampleOnboarding)
  .flatMap((value) =>
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value.flatMap((entry) => (typeof entry === "string" ? [entry] : Object.values(entry ?? {})))
        : [],
  )
  .filter((text): text is string => typeof text === "string" && text.split(/\s+/).length >= 4)
  .concat(["Tidybooks"]);

const stripLine = (line: string, brand: string) =>
  line
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/#[\p{L}\p{N}_]+/gu, " ")
    .replace(/\(\d+\/\d+\)/g, " ")
    .split(brand)
    .join(" ")
    .replace(/\p{Extended_Pictographic}/gu, " ")
    .replace(/[*_>|#`]+|^\s*(?:[-–]|\d+\.)\s+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const wordsIn = (line: string) => (line.match(/\p{L}{2,}/gu) ?? []).length;

/** Lines a reader reads as text: four or more words once links, tags, fill-ins and the brand are taken out. */
const substantiveLines = (texts: string[], brand: string) =>
  texts
    .flatMap((text) => text.split("\n"))
    .map((line) => stripLine(line, brand))
    .filter((line) => wordsIn(line) >= 4);

/**
 * The share of the engine's lines read as the founder's language. The founder's own words,
 * quoted as they wrote them, are theirs whatever a detector makes of them (eld reads "Verdura
 * de temporada. Sin plástico." as Portuguese by a hair): they are taken out of each line first,
 * and a line left with fewer than four words of the engine's is not counted.
 */
function languageShare(texts: string[], brand: string, language: string, ownAnswers: string[]) {
  const own = ownAnswers
    .map((answer) => stripLine(answer, brand))
    .filter((answer) => wordsIn(answer) >= 2)
    .sort((a, b) => b.length - a.length);
  const lines = substantiveLines(texts, brand).filter(
    (line) => wordsIn(own.reduce((rest, answer) => rest.split(answer).join(" "), line)) >= 4,
  );
  const off = lines.filter((line) => eld.detect(line).language !== language);
  return { share: lines.length ? (lines.length - off.length) / lines.length : 1, lines: lines.length, off };
}

/**
 * Whether `phrase` stands in `text` as words of its own ("Question" is not in "Questions").
 * Scripts written without spaces (Chinese, Japanese) have no word edges to look for.
 */
function containsWords(text: string, phrase: string) {
  const spaced = (char: string | undefined) =>
    Boolean(char && /[\p{L}\p{N}]/u.test(char) && !/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u.test(char));
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const before = spaced(phrase[0]) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = spaced(phrase.at(-1)) ? "(?![\\p{L}\\p{N}])" : "";
  return new RegExp(`${before}${escaped}${after}`, "u").test(text);
}

/** Every line of every answer the founder gave, however deep in the onboarding it sits. */
const answerLines = (value: unknown): string[] =>
  typeof value === "string"
    ? value.split("\n")
    : value && typeof value === "object"
      ? Object.values(value).flatMap(answerLines)
      : [];

function leaksIn(texts: string[], extra: string[], ownAnswers: string) {
  const all = texts.join("\n");
  const phrases = [...leakedPhrases, ...extra].filter((phrase) => phrase.trim().length >= 4);
  const found = phrases.filter((phrase) => all.includes(phrase));
  const sample = sampleSentences.filter((sentence) => !ownAnswers.includes(sentence) && all.includes(sentence));
  return [...new Set([...found, ...sample])];
}

/** Share of week two's lines already in week one (the founder's call-to-action line, repeated by design, aside). */
function overlap(week1: string[], week2: string[], brand: string, cta: string | null | undefined) {
  // "Réserver un cours d'essai :" is the call-to-action line too (French sets a space before its colon).
  const normalize = (line: string) => line.toLowerCase().replace(/\s+:/g, ":");
  const action = cta ? normalize(stripLine(`${cta}:`, brand)) : null;
  const seen = new Set(substantiveLines(week1, brand).map(normalize));
  const lines = substantiveLines(week2, brand)
    .map(normalize)
    .filter((line) => line !== action);
  return lines.length ? lines.filter((line) => seen.has(line)).length / lines.length : 0;
}

/** Numbers in drafts the founder never gave (thread markers, years and dates aside). */
function inventedNumbers(texts: string[], answers: string) {
  const numbers = texts.flatMap(
    (text) =>
      text
        .replace(/\(\d+\/\d+\)/g, "")
        .replace(/\d{4}-\d{2}-\d{2}/g, "")
        .match(/\d+(?:[.,]\d+)?/g) ?? [],
  );
  return [...new Set(numbers.filter((number) => !answers.includes(number)))];
}

function playbookOf(approved: ApprovedOutputs, decisions: Decisions, learnings: PlaybookDigest["learnings"]): PlaybookDigest {
  const market = approved["market-strategist"] as MarketStrategy | undefined;
  const brand = approved["brand-architect"] as BrandSystem | undefined;
  const launch = approved["launch-strategist"] as LaunchStrategy | undefined;
  return {
    positioning: decisions.positioning ?? market?.positioningOptions[0] ?? null,
    valueProposition: decisions.valueProposition ?? market?.valuePropositions[0] ?? null,
    brand: { name: decisions.brandName, tagline: decisions.tagline ?? brand?.taglineOptions[0] ?? null },
    voice: brand?.voice ?? null,
    channels: launch?.channelStrategy ?? [],
    learnings,
  };
}

interface Week {
  plan: WeeklyPlan;
  drafts: { text: string; leaks: string[] }[];
}

type PlannedItem = WeeklyPlan["contentPlan"][number]["items"][number] & {
  channel: WeeklyPlan["contentPlan"][number]["channel"];
  position: number;
};
const itemsOf = (plan: WeeklyPlan): PlannedItem[] =>
  plan.contentPlan
    .flatMap((entry) => entry.items.map((item) => ({ ...item, channel: entry.channel })))
    .map((item, position) => ({ ...item, position }));

const itemFacts = (item: PlannedItem) => ({
  ...item,
  cta: item.cta ?? null,
  notes: item.notes ?? null,
  draft: null,
  draftHistory: [],
});

async function writeWeek(project: ProjectFacts, playbook: PlaybookDigest, history: CycleHistory[], weekNumber: number) {
  const planned = await runTask(growthPlanner, plannerInput(project, playbook, history, weekNumber, now));
  const plan = toWeeklyPlan(planned.output, weekNumber);
  const drafts = [];
  const outputs = [];
  for (const item of itemsOf(plan)) {
    const input = writerInput(project, playbook, weekNumber, itemFacts(item), null);
    const written = await runTask(growthWriter, input);
    outputs.push(written.output);
    const draft = fittedDraft(written.output, input);
    const text = [draft.title ?? "", draft.body].join("\n");
    drafts.push({
      text,
      leaks: [item.angle, item.notes ?? "", item.title].filter((phrase) => phrase && containsWords(text, phrase)),
    });
  }
  return { week: { plan, drafts } as Week, plannerOutput: planned.output, writerOutputs: outputs };
}

/** A week's items as a retro grades them: the first great, then quiet and ok in turn, every one published. */
const graded = (items: PlannedItem[]): CycleHistory["items"] =>
  items.map((item, index) => ({
    channel: item.channel,
    title: item.title,
    angle: item.angle,
    status: "published",
    result: "published",
    grade: index === 0 ? "great" : index % 2 ? "quiet" : "ok",
    resultNote: null,
  }));

/** The learnings a retro writes for those grades (lib/services/growth/retro.ts). */
const retroLearnings = (items: PlannedItem[], date: string) =>
  graded(items).flatMap((item) =>
    item.grade === "ok"
      ? []
      : [
          {
            date,
            kind: item.grade === "great" ? "worked" : "quiet",
            text: `${channelRules[item.channel].label} "${item.title}" (${item.angle}) was ${item.grade}`,
          },
        ],
  );

async function offlineRun(founder: BenchFounder, language = detectProjectLanguage(founder.onboarding)) {
  const project: ProjectFacts = { name: founder.name, language, onboarding: founder.onboarding, decisions: {} };
  const runs: RunFacts[] = [];
  const pack: string[] = [];
  const packItems: ContentDraft[] = [];
  const outputs: unknown[] = [];
  let decisions: Decisions = {};
  for (const step of agentTypes) {
    const result = await runAgent(step, pipelineInput({ ...project, decisions }, runs, step, now));
    outputs.push(result.output);
    runs.push({ agentType: step, status: "approved", output: result.output, feedback: null });
    pack.push(...result.content.flatMap((item) => [item.title, item.body]));
    packItems.push(...result.content);
    if (step === "market-strategist")
      decisions = { ...decisions, positioning: (result.output as MarketStrategy).positioningOptions[0] };
    if (step === "brand-architect") decisions = { ...decisions, tagline: (result.output as BrandSystem).taglineOptions[0] };
  }
  const approved = Object.fromEntries(runs.map((run) => [run.agentType, run.output])) as ApprovedOutputs;
  const grown: ProjectFacts = { ...project, decisions };
  const one = await writeWeek(grown, playbookOf(approved, decisions, []), [], 1);
  const history: CycleHistory[] = [
    {
      weekNumber: 1,
      theme: one.week.plan.weekTheme,
      items: graded(itemsOf(one.week.plan)),
      tasks: one.week.plan.founderTasks.map((task) => ({ title: task.title, status: "done" })),
      overall: founder.retroNote,
    },
  ];
  const learnings = [{ date: "2026-11-29", kind: "founder-note", text: `Week 1: ${founder.retroNote}` }];
  const two = await writeWeek(grown, playbookOf(approved, decisions, learnings), history, 2);
  return {
    language,
    project: grown,
    approved,
    pack,
    packItems,
    outputs,
    decisions,
    history,
    learnings,
    one,
    two,
    launch: approved["launch-strategist"] as LaunchStrategy,
  };
}

const commonPrefix = (a: number[], b: number[]) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

/** Tokens per call and the share of them in a prefix shared with an earlier call of the same group. */
function tokenStats(bodies: unknown[]) {
  const sequences = bodies.map((body) => tokensOf(promptText(body as never)));
  let shared = 0;
  sequences.forEach((tokens, index) => {
    shared += Math.max(0, ...sequences.slice(0, index).map((earlier) => commonPrefix(tokens, earlier)));
  });
  const total = sequences.reduce((sum, tokens) => sum + tokens.length, 0);
  return { perCall: sequences.map((tokens) => tokens.length), total, sharedShare: total ? shared / total : 0 };
}

async function modelRun(fake: Awaited<ReturnType<typeof startFakeOpenAI>>, run: Awaited<ReturnType<typeof offlineRun>>) {
  // The launch pack: five calls, the fake answering what the offline engine wrote.
  fake.answer(...run.outputs.map((value) => ({ kind: "json" as const, value })));
  const runs: RunFacts[] = [];
  let decisions: Decisions = {};
  for (const [index, step] of agentTypes.entries()) {
    const result = await runAgent(step, pipelineInput({ ...run.project, decisions: decisions }, runs, step, now));
    runs.push({ agentType: step, status: "approved", output: run.outputs[index], feedback: null });
    if (step === "market-strategist")
      decisions = { ...decisions, positioning: (result.output as MarketStrategy).positioningOptions[0] };
    if (step === "brand-architect") decisions = { ...decisions, tagline: (result.output as BrandSystem).taglineOptions[0] };
  }
  const pack = tokenStats(fake.requests.map((request) => request.body));
  const recorded = fake.requests.length;

  // A growth week as founders pay it every week: week three, after two retros that graded
  // every item and one launch post the founder rewrote (the learnings the services write).
  const weekTwo = itemsOf(run.two.week.plan);
  const history: CycleHistory[] = [
    ...run.history,
    { weekNumber: 2, theme: run.two.week.plan.weekTheme, items: graded(weekTwo), tasks: [], overall: null },
  ];
  const edited = run.packItems[1] ?? run.packItems[0]!;
  const learnings = [
    ...retroLearnings(itemsOf(run.one.week.plan), "2026-11-29"),
    ...run.learnings,
    ...retroLearnings(weekTwo, "2026-12-06"),
    {
      date: "2026-12-07",
      kind: "founder-edit",
      text: `The founder rewrote "${edited.title}" (${edited.kind}); prefer their wording: ${plainSummary(edited.body, 280)}`,
    },
  ];
  const playbook = playbookOf(run.approved, run.decisions, learnings);
  fake.answer(
    { kind: "json", value: run.two.plannerOutput },
    ...Array.from({ length: 5 }, (_, index) => ({
      kind: "json" as const,
      value: run.two.writerOutputs[index % run.two.writerOutputs.length],
    })),
  );
  const plannerCall = plannerInput(run.project, playbook, history, 3, now);
  await runTask(growthPlanner, plannerCall);
  const writerCalls = Array.from({ length: 5 }, (_, index) =>
    writerInput(run.project, playbook, 3, itemFacts(weekTwo[index % weekTwo.length]!), null),
  );
  for (const input of writerCalls) await runTask(growthWriter, input);
  const week = tokenStats(fake.requests.map((request) => request.body));
  const prompts = fake.requests.map((request) => promptText(request.body));
  const missing = [
    ...missingFacts(prompts[0]!, plannerFacts(run.project.onboarding as Onboarding)).map((fact) => `planner: ${fact}`),
    ...prompts
      .slice(1)
      .flatMap((prompt, index) =>
        missingFacts(prompt, [
          ...writerFacts(run.project.onboarding as Onboarding),
          writerCalls[index]!.item.keyMessage,
          writerCalls[index]!.item.angle,
        ]).map((fact) => `draft ${index + 1}: ${fact}`),
      ),
  ];
  return { pack, week, missing, calls: recorded + fake.requests.length };
}

/** The founder's answers a draft is written from: every one must reach every draft prompt. */
const writerFacts = (o: Onboarding) => [
  o.businessName,
  o.productDescription,
  o.problemSolved,
  o.whyItMatters,
  o.audienceType,
  o.audienceDescription,
  o.talkedToAudience,
  o.audienceFeedback,
  o.founderStory,
  o.whyChooseYou,
  o.avoidTopics,
  o.assetUrls,
  o.actionPriority,
  o.productReadiness,
  o.existingAudience,
  o.revenueModel,
  ...(o.features ?? []).flatMap((feature) => [feature.what, feature.benefit]),
];

/** The answers a week is planned from. */
const plannerFacts = (o: Onboarding) => [
  o.businessName,
  o.productDescription,
  o.problemSolved,
  o.audienceType,
  o.audienceDescription,
  o.actionPriority,
  o.successTimeline,
  ...(o.successDefinition ?? []),
  ...(o.features ?? []).map((feature) => feature.benefit),
];

const missingFacts = (prompt: string, facts: (string | null | undefined)[]) =>
  facts
    .map((fact) => fact?.trim())
    .filter((fact): fact is string => Boolean(fact))
    .filter((fact) => !prompt.includes(fact) && !prompt.includes(JSON.stringify(fact).slice(1, -1)));

const roughEdgeKinds = [
  "doubled words",
  "doubled quotes",
  "label repeats",
  "stray hashtags",
  "misfit pieces",
  "repeated headings",
  "doubled labels",
  "stacked labels",
  "broken brackets",
  "lowercase starts",
  "empty placeholders",
  "foreign punctuation",
  "repeated sentences",
  "cut short",
  "emoji punctuation",
  "empty bullets",
] as const;

/** A week's plan as the founder reads it on the board (its title, "Week 2: …", is the app's own English): rationale, items, tasks, what it skipped. */
const planText = (plan: WeeklyPlan) =>
  [
    plan.rationale,
    ...itemsOf(plan).flatMap((item) => [item.title, item.angle, item.keyMessage, item.cta ?? "", item.notes ?? ""]),
    ...plan.founderTasks.flatMap((task) => [task.title, task.description]),
    ...plan.skipped.flatMap((entry) => [entry.what, entry.why]),
  ]
    .filter(Boolean)
    .join("\n");

/** The earlier weeks as the next plan's prompt reads them. */
const historyText = (run: Awaited<ReturnType<typeof offlineRun>>) =>
  historyLines([
    ...run.history,
    { weekNumber: 2, theme: run.two.week.plan.weekTheme, items: graded(itemsOf(run.two.week.plan)), tasks: [], overall: null },
  ]);

/** The rough edges in one offline run (launch pack and two weeks), by kind, with what was found. */
function roughEdges(run: Awaited<ReturnType<typeof offlineRun>>, founder: BenchFounder) {
  const texts = [
    ...run.packItems.map((item) => `${item.title}\n${item.body}`),
    ...[...run.one.week.drafts, ...run.two.week.drafts].map((draft) => draft.text),
    planText(run.one.week.plan),
    planText(run.two.week.plan),
  ];
  const weekTitles = [weekTitle(1, run.one.week.plan.weekTheme), weekTitle(2, run.two.week.plan.weekTheme)].join("\n");
  const brand = founder.onboarding.businessName ?? founder.name;
  const product = [
    founder.onboarding.productDescription ?? "",
    ...(founder.onboarding.features ?? []).flatMap((feature) => [feature.what ?? "", feature.benefit ?? ""]),
  ];
  const found: Record<(typeof roughEdgeKinds)[number], string[]> = {
    "doubled words": texts.flatMap(doubledWords),
    "doubled quotes": texts.flatMap(doubledQuotes),
    "label repeats": texts.flatMap(labelRepeats),
    "stray hashtags": texts.flatMap((text) =>
      strayHashtags(hashtagsIn(text), {
        brand,
        product,
        post: text,
        answersLanguage: founder.language,
      }),
    ),
    "misfit pieces": misfitPieces({
      kinds: run.packItems.map((item) => item.kind),
      channels: channelsOfAnswers(founder.onboarding).channels,
      productHunt: founder.productHunt,
      text: run.packItems.map((item) => `${item.title}\n${item.body}`).join("\n"),
    }),
    "repeated headings": texts.flatMap(repeatedHeadings),
    "doubled labels": [...texts, weekTitles, historyText(run)].flatMap(doubledLabels),
    "stacked labels": [...texts, weekTitles].flatMap(stackedLabels),
    "broken brackets": texts.flatMap(brokenBrackets),
    "lowercase starts": texts.flatMap((text) => lowercaseStarts(text, [brand])),
    "empty placeholders": [...texts, historyText(run)].flatMap(emptyPlaceholders),
    "foreign punctuation": texts.flatMap((text) => foreignPunctuation(text, run.language)),
    "repeated sentences": [
      ...run.packItems
        .filter((item) => /^(post-|announcement|press)/.test(item.kind))
        .map((item) => `${item.title}\n${item.body}`),
      ...[...run.one.week.drafts, ...run.two.week.drafts].map((draft) => draft.text),
    ].flatMap(repeatedSentences),
    "cut short": texts.flatMap(cutShort),
    "emoji punctuation": texts.flatMap(emojiPunctuation),
    "empty bullets": texts.flatMap(emptyBullets),
  };
  return found;
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const check = (ok: boolean) => (ok ? "ok  " : "FAIL");

delete process.env.OPENAI_API_KEY;
reloadConfig();
const offline = [];
for (const founder of benchFounders) offline.push({ founder, run: await offlineRun(founder) });
// The rough edges in each drafting language: the founder's own answers, the engine's words in each phrasebook.
const edgesByFounder = new Map<
  string,
  { language: string; run: Awaited<ReturnType<typeof offlineRun>>; found: ReturnType<typeof roughEdges> }[]
>();
for (const { founder, run } of offline) {
  const rows = [];
  // A founder writing in a language without a phrasebook (a worksheet) is measured in theirs too.
  for (const language of [...new Set([run.language, ...draftingLanguages])]) {
    const inLanguage = language === run.language ? run : await offlineRun(founder, language);
    rows.push({ language, run: inLanguage, found: roughEdges(inLanguage, founder) });
  }
  edgesByFounder.set(founder.key, rows);
}

const fake = await startFakeOpenAI({ countTokens: true });
process.env.OPENAI_API_KEY = "sk-bench";
process.env.OPENAI_BASE_URL = fake.baseUrl;
process.env.AI_MODEL = "bench-strategy";
process.env.AI_MODEL_DRAFTS = "bench-drafts";
reloadConfig();
const results = [];
try {
  for (const { founder, run } of offline) results.push({ founder, run, model: await modelRun(fake, run) });
} finally {
  await fake.close();
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MODEL", "AI_MODEL_DRAFTS"]) delete process.env[name];
  reloadConfig();
}

let failures = 0;
console.log("Launchloop quality benchmark: offline engine (pack + two weeks) and model path (fake OpenAI, o200k_base tokens)\n");
for (const { founder, run, model } of results) {
  const brand = founder.onboarding.businessName;
  const answers = JSON.stringify(founder.onboarding);
  const drafts = [...run.one.week.drafts, ...run.two.week.drafts];
  const texts = [...run.pack, ...drafts.map((draft) => draft.text)];
  const language = languageShare(texts, brand, founder.language, answerLines(founder.onboarding));
  const leaks = [
    ...leaksIn(texts, [], answers),
    ...drafts.flatMap((draft) => draft.leaks.map((leak) => `planner note in draft: ${leak}`)),
  ];
  const weekOverlap = overlap(
    run.one.week.drafts.map((draft) => draft.text),
    run.two.week.drafts.map((draft) => draft.text),
    brand,
    founder.onboarding.actionPriority,
  );
  const budget = weeklyBudget(founder.onboarding.weeklyHours);
  const planned = [run.one.week.plan, run.two.week.plan].map((plan) =>
    plan.contentPlan.reduce((sum, entry) => sum + entry.items.length, 0),
  );
  const launchPieces = run.launch.channelStrategy.reduce((sum, entry) => sum + Number(entry.cadence.match(/\d+/)?.[0] ?? 0), 0);
  const withinBudget =
    planned.every((count) => count <= budget.pieces) &&
    launchPieces <= budget.pieces &&
    run.one.week.plan.rationale.includes(String(budget.pieces));
  const dropped = !run.two.week.plan.contentPlan.some((entry) => entry.channel === founder.droppedChannel);
  const invented = inventedNumbers(
    drafts.map((draft) => draft.text),
    answers + JSON.stringify(run.one.week.plan) + JSON.stringify(run.two.week.plan),
  );
  const rows: [string, string, boolean][] = [
    ["detected language", `${run.language} (answers in ${founder.language})`, run.language === founder.language],
    [
      "lines in the project's language",
      `${pct(language.share)} of ${language.lines} substantive lines (>= 95%)`,
      language.share >= 0.95,
    ],
    [
      "leaked template or planner phrases",
      `${leaks.length}${leaks.length ? `: ${leaks.slice(0, 4).join(" | ")}` : ""} (= 0)`,
      leaks.length === 0,
    ],
    ["week-two overlap with week one", `${pct(weekOverlap)} of week two's lines, CTA line aside (<= 33%)`, weekOverlap <= 1 / 3],
    [
      "pieces planned vs hours budget",
      `${budget.hours} h/week -> budget ${budget.pieces}; launch plan ${launchPieces}, week 1 ${planned[0]}, week 2 ${planned[1]} (within, stated in the rationale)`,
      withinBudget,
    ],
    [
      "retro note drops a channel",
      `"${founder.retroNote}" -> ${founder.droppedChannel} ${dropped ? "dropped" : "still planned"}`,
      dropped,
    ],
    [
      "numbers in drafts the founder never gave",
      `${invented.length}${invented.length ? `: ${invented.slice(0, 6).join(", ")}` : ""}`,
      invented.length === 0,
    ],
    ["model path: tokens per call (pack)", model.pack.perCall.join(", "), true],
    ["model path: input tokens per launch pack", `${model.pack.total} (<= 20000)`, model.pack.total <= 20_000],
    ["model path: tokens per call (week 3)", model.week.perCall.join(", "), true],
    [
      "growth week input tokens (plan + 5 drafts)",
      `${model.week.total}, week 3 after two retros and an edit (<= 8000)`,
      model.week.total <= 8_000,
    ],
    [
      "model path: founder facts in every prompt",
      `${model.missing.length ? `missing ${model.missing.length}: ${model.missing.slice(0, 3).join(" | ")}` : "all"} (= all)`,
      model.missing.length === 0,
    ],
    ["model path: shared-prefix share (pack)", `${pct(model.pack.sharedShare)} (>= 50%)`, model.pack.sharedShare >= 0.5],
    ["model path: shared-prefix share (week)", pct(model.week.sharedShare), true],
  ];
  console.log(`## ${founder.key}: ${founder.name}`);
  for (const [label, value, ok] of rows) {
    if (!ok) failures++;
    console.log(`  ${check(ok)} ${label.padEnd(42)} ${value}`);
  }
  const edgeRows = edgesByFounder.get(founder.key) ?? [];
  const edgeTotal = edgeRows.reduce(
    (sum, { found }) => sum + roughEdgeKinds.reduce((kinds, kind) => kinds + found[kind].length, 0),
    0,
  );
  console.log(`  ${check(edgeTotal === 0)} ${"rough edges (offline, every language)".padEnd(42)} ${edgeTotal} (= 0)`);
  for (const { language, found } of edgeRows) {
    const counts = roughEdgeKinds.map((kind) => `${kind} ${found[kind].length}`).join(", ");
    const total = roughEdgeKinds.reduce((sum, kind) => sum + found[kind].length, 0);
    if (total) failures++;
    console.log(`  ${check(total === 0)} ${`rough edges (offline, ${language})`.padEnd(42)} ${counts} (= 0)`);
    for (const kind of roughEdgeKinds.filter((kind) => found[kind].length))
      console.log(
        `       ${kind}: ${found[kind]
          .slice(0, 3)
          .map((text) => JSON.stringify(text.slice(0, 90)))
          .join("; ")}`,
      );
  }
  if (language.off.length)
    console.log(
      `       lines not detected as ${founder.language}: ${language.off
        .slice(0, 3)
        .map((line) => JSON.stringify(line.slice(0, 80)))
        .join("; ")}`,
    );
  console.log("");
}

/** `BENCH_SHOW=<founder key>[:<language>]` (or `all`): every text the rough edges were looked for in, to read as a founder would. */
function show(run: Awaited<ReturnType<typeof offlineRun>>, title: string) {
  console.log(`\n######## ${title}`);
  for (const item of run.packItems) console.log(`\n=== pack: ${item.kind}\n# ${item.title}\n${item.body}`);
  for (const [number, week] of [
    [1, run.one.week],
    [2, run.two.week],
  ] as const) {
    const plan = week.plan;
    console.log(`\n=== ${weekTitle(number, plan.weekTheme)}\n${plan.rationale}`);
    for (const item of itemsOf(plan))
      console.log(
        `  item ${item.channel} | ${item.title} | ${item.angle} | ${item.keyMessage} | ${item.cta ?? ""} | ${item.notes ?? ""}`,
      );
    for (const task of plan.founderTasks) console.log(`  task ${task.title} | ${task.description} | ${task.category}`);
    for (const entry of plan.skipped) console.log(`  skipped ${entry.what} | ${entry.why}`);
    for (const draft of week.drafts) console.log(`---\n${draft.text}`);
  }
  console.log(`\n=== the planner's history (week 3)\n${historyText(run)}`);
}
const shown = process.env.BENCH_SHOW;
if (shown)
  for (const [key, rows] of edgesByFounder)
    for (const { language, run } of rows)
      if (shown === "all" || shown === key || shown === `${key}:${language}`) show(run, `${key} (${language})`);

console.log(failures ? `${failures} threshold(s) missed.` : 'Every founder meets every threshold of the issue\'s "Done when".');
