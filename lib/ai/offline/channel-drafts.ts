import { type ChannelDraft, channelRules, fitToChannel } from "@/lib/channels";
import type { PhraseKey } from "@/lib/i18n/en";
import { afterOpening } from "@/lib/i18n/labels-of";
import type { Words } from "@/lib/i18n/phrasebook";
import { bullets, clause, joinSentences, sentence } from "@/lib/i18n/text";
import type { Channel } from "@/lib/schemas/growth";
import type { AngleKey } from "./angles";
import type { Facts } from "./facts";

/** A short-video script, its parts as separate fields. */
export interface VideoScript {
  hook: string;
  onScreenText: string;
  voiceOver: string;
  caption: string;
}

export interface DraftRequest {
  channel: Channel;
  facts: Facts;
  words: Words;
  angle: AngleKey;
  /** Which of the founder's facts to lead with: it rotates by week and item, so drafts vary. */
  variant: number;
  /** Which wording of the angle's opening: it alternates by week and regeneration. */
  phrasing?: number;
  /** The one thing the post should say (the plan's key message), if any. */
  message: string | null;
  cta: string | null;
}

export type WrittenDraft = ChannelDraft & { script: VideoScript | null };

const at = <T>(items: T[], index: number) => (items.length ? items[index % items.length] : undefined);

const hashtag = (word: string) => {
  const letters = word.replace(/[^\p{L}\p{N}]/gu, "");
  return letters ? letters[0]!.toUpperCase() + letters.slice(1) : "";
};

/** The call to action with the link: the tail fitting keeps. */
export function callToAction({ facts, words: w, cta }: Pick<DraftRequest, "facts" | "words" | "cta">): string {
  const action = cta ?? facts.cta;
  if (!action) return facts.url ? `${w.fill("need.cta")} ${facts.url}` : w.fill("need.cta");
  return `${w.label(sentence(action).replace(/\.$/, ""))} ${facts.url ?? w.fill("need.link")}`;
}

/**
 * The first of the candidate titles that fits the channel's limit, each also tried without a
 * leading label ("For parents: Weekly lessons…" as "Weekly lessons…"); else the last one up to
 * a clause that fits ("…, Nudeln und Müsli" left off), never cut mid-word with an ellipsis.
 */
function titled(candidates: string[], limit: number | undefined): string {
  const tries = candidates.flatMap((candidate) => {
    const rest = candidate.replace(/^[^:|]{1,60}\s?:\s+/, "");
    return rest !== candidate ? [candidate, rest[0]!.toUpperCase() + rest.slice(1)] : [candidate];
  });
  const last = tries.at(-1)!;
  if (!limit) return tries[0]!;
  const clauses = [...last.matchAll(/[,;–—]\s/g)].map((match) => last.slice(0, match.index).trim());
  return (
    tries.find((candidate) => candidate.length <= limit) ??
    clauses.filter((clause) => clause.length >= 20 && clause.length <= limit).at(-1) ??
    last
  );
}

/** A feature and its benefit as one sentence ("Rescue mode — a step-by-step plan…."), to stand after an opening's colon. */
const featureSentence = (feature: Facts["features"][number], { facts: f, words: w }: DraftRequest) =>
  w.t("open.feature", { what: feature.what, benefit: clause(feature.benefit, [f.brand], w.lowerClauses) }) ||
  sentence(feature.what);

/** The angle's opening lines, from the founder's own material (or a fill-in where there is none). */
function opening(request: DraftRequest): string[] {
  const { facts: f, words: w, variant } = request;
  const alt = (request.phrasing ?? 0) % 2 === 1;
  const key = (base: string) => (alt ? `${base}2` : base) as PhraseKey;
  const audience = f.audience ? clause(f.audience, [f.brand], w.lowerClauses) : null;
  const feature = at(f.features, variant);
  const featureLine = feature ? featureSentence(feature, request) : "";
  switch (request.angle) {
    case "launch":
      return [w.t("post.launch", { brand: f.brand }), f.product];
    case "pain":
      return [
        w.t(key("open.pain"), { problem: f.problem }) || f.problem,
        f.quote ? w.t("open.painQuote", { quote: f.quote }) : w.fill("need.quote"),
      ];
    case "story": {
      // Two sentences of the story in the founder's order: "Then I started over…" never opens it.
      const from = f.story.length > 1 ? variant % (f.story.length - 1) : 0;
      const told = f.story.length ? [f.story[from]!, f.story[from + 1] ?? ""] : [w.fill("need.story")];
      return [afterOpening(w.t(key("open.story"), { brand: f.brand }), told[0] ?? ""), told[1] ?? ""];
    }
    case "how-to":
      return [w.t(key("open.howto"), { audience: audience ?? f.brand }), featureLine || w.fill("need.tip")];
    case "question":
      return [
        w.t(key("open.question"), { audience }) || w.t("open.questionBody", { problem: f.problem }),
        audience ? w.t("open.questionBody", { problem: f.problem }) : "",
      ];
    case "proof": {
      const proof = at(
        [
          f.research,
          f.quote ? w.t("quoted", { quote: f.quote }) : null,
          f.existingAudience ? sentence(f.existingAudience) : null,
        ].filter((entry): entry is string => Boolean(entry)),
        variant,
      );
      return [afterOpening(w.t(key("open.proof"), { brand: f.brand }), proof ?? w.fill("need.proof"))];
    }
    case "behind":
      return [
        [w.t(key("open.behind")), w.fill("need.decision")].filter(Boolean).join(" "),
        at(
          [f.why, f.edge, f.problem].filter((entry): entry is string => Boolean(entry)),
          variant,
        ) ?? "",
      ];
  }
}

/**
 * The offline engine's channel-ready draft: written the way each channel is written (a
 * thread, a LinkedIn story, a video script, a community post, a long-form piece) from the
 * angle's material, then fitted to the channel's limits with the call to action kept.
 */
export function writeChannelDraft(request: DraftRequest): WrittenDraft {
  const { channel, facts: f, words: w, variant } = request;
  const rule = channelRules[channel];
  const open = opening(request).filter(Boolean);
  // Compared by their words: an emoji or a full stop of the message's own does not make it new.
  const gist = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s]/gu, "")
      .replace(/\s+/g, " ")
      .trim();
  const opened = gist(open.join(" "));
  const message = request.message && !opened.includes(gist(request.message).slice(0, 40)) ? sentence(request.message) : "";
  const launch = request.angle === "launch";
  // The launch post shows the features; a weekly post one of them, in turn, so weeks differ.
  const features = f.features.length
    ? (launch ? [0, 1, 2] : [1])
        .map((offset) => at(f.features, variant + offset)!)
        .filter((feature, index, all) => all.indexOf(feature) === index)
    : [];
  const featureLines = features
    .map((feature) =>
      feature.benefit ? w.labelled(feature.what, clause(feature.benefit, [f.brand], w.lowerClauses)) : feature.what,
    )
    .filter((line) => !message || !line.toLowerCase().includes(message.toLowerCase().replace(/\.$/, "")));
  const said = `${open.join(" ")} ${message}`.toLowerCase();
  const fresh = featureLines.filter((line) => !said.includes(line.split(":")[0]!.toLowerCase()));
  const context =
    at(
      [f.problem, f.story.join(" "), f.why, f.edge].filter(
        (entry): entry is string => Boolean(entry) && !said.includes(entry!.toLowerCase().slice(0, 30)),
      ),
      variant + (request.phrasing ?? 0),
    ) ?? "";
  // A weekly post keeps the founder's facts inside the angle's own paragraphs, so no paragraph is last week's.
  const weekly = (extra: string[]) =>
    [joinSentences([...open, message]), joinSentences(extra.filter(Boolean).map(sentence))].filter(Boolean);
  // Short formats say it all in one paragraph.
  const short = rule.format === "short-post" || rule.format === "visual";
  const lead = launch
    ? [...open, message]
    : short
      ? [joinSentences([...open, message])]
      : weekly([fresh[0] ?? "", rule.format === "post" ? context : ""]);
  const cta = callToAction(request);
  // What a title says: the message, or (a positioning too long for a title: "For X: …") what follows its label.
  const headline = request.message ?? f.product;
  const hashtags = [f.brand, ...f.topics].map(hashtag).filter(Boolean);
  let title: string | null = null;
  let script: VideoScript | null = null;
  let body: string;

  switch (rule.format) {
    case "short-post":
      body = [...lead, cta].filter(Boolean).join("\n\n");
      break;
    case "post":
      body = [
        ...lead,
        launch && featureLines.length ? `${w.t("post.what", { brand: f.brand })}\n${bullets(featureLines.slice(0, 2))}` : "",
        request.angle === "question"
          ? ""
          : w.t((["post.question", "post.question2", "post.question3"] as PhraseKey[])[(request.phrasing ?? 0) % 3]!),
        cta,
      ]
        .filter(Boolean)
        .join("\n\n");
      break;
    case "visual":
      title = rule.titleLimit
        ? titled(
            [w.labelled(f.brand, clause(headline, [f.brand], w.lowerClauses)), sentence(headline).replace(/\.$/, "")],
            rule.titleLimit,
          )
        : null;
      body = [rule.titleLimit ? "" : w.t("post.image", { brand: f.brand }), ...lead, cta].filter(Boolean).join("\n\n");
      break;
    case "video": {
      title = rule.titleLimit
        ? titled(
            [`${sentence(headline).replace(/\.$/, "")} | ${f.brand}`, sentence(headline).replace(/\.$/, "")],
            rule.titleLimit,
          )
        : null;
      script = {
        // A hook is said on its own: an opening that leads into the next line ("Quick poll for…:") ends there.
        hook: sentence((open[0] ?? f.problem).replace(/\s*:$/, "")),
        onScreenText: features[0] ? featureSentence(features[0], request) : f.brand,
        voiceOver: [open[1], message || f.product].filter(Boolean).join(" "),
        caption: cta,
      };
      body = scriptBody(script, w);
      break;
    }
    case "community":
      title = channel === "reddit" ? w.t("post.redditTitle", { brand: f.brand }) : null;
      body = [
        launch ? w.t("post.hi", { brand: f.brand, problem: f.problem }) : "",
        ...lead,
        launch && featureLines.length ? bullets(featureLines) : "",
        launch ? w.t("post.feedback") : "",
        f.url ? w.t("post.link", { url: f.url }) : cta,
      ]
        .filter(Boolean)
        .join("\n\n");
      break;
    case "long-form": {
      // Titled after its message, which the piece opens toward: never its own first line again.
      title = titled([sentence(headline).replace(/\.$/, "")], rule.titleLimit);
      const headings = (["post.h1", "post.h2", "post.h3", "post.h4"] as PhraseKey[]).map((key) => w.t(key, { brand: f.brand }));
      // Each section says what its heading promises, so no sentence is said twice: the problem, the story, the product.
      const sections = launch
        ? [
            [open[0], f.problem].filter(Boolean).join("\n\n"),
            f.story.length ? f.story.join(" ") : (f.why ?? w.fill("need.story")),
            [f.product, message, featureLines.length ? bullets(featureLines) : ""].filter(Boolean).join("\n\n"),
            cta,
          ]
        : [...weekly([fresh[0] ?? "", context]), cta].filter(Boolean);
      // The launch story has an outline; a weekly piece is written from its angle, without the same headings every week.
      body = [
        launch && headings.every(Boolean)
          ? `**${w.label(w.t("post.outline"))}**\n${headings.map((heading, index) => `${index + 1}. ${heading}`).join("\n")}`
          : "",
        ...sections.map((section, index) => (launch && headings[index] ? `## ${headings[index]}\n\n${section}` : section)),
      ]
        .filter(Boolean)
        .join("\n\n");
      break;
    }
  }
  return { ...fitToChannel(channel, { title, body, hashtags, tail: cta }), script };
}

/** A video script as the post body: each part on its own labelled line. */
export const scriptBody = (script: VideoScript, w: Words) =>
  [
    [w.t("title.hook"), script.hook],
    [w.t("title.onScreen"), script.onScreenText],
    [w.t("title.voiceOver"), script.voiceOver],
    [w.t("title.caption"), script.caption],
  ]
    .map(([label, text]) => (label ? w.labelled(label, text!) : text!))
    .join("\n");
