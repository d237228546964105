import { channelRules, fitToChannel, type ChannelDraft } from "@/lib/channels";
import type { Channel } from "@/lib/schemas/growth";
import { bullets, clause, clean, sentence } from "./words";

/** What a channel draft is written from. */
export interface DraftFacts {
  brand: string;
  audience: string;
  problem: string;
  /** The one thing the post should say. */
  message: string;
  /** The way in: a story, a lesson, a question... */
  angle: string;
  cta: string;
  url: string | null;
  story: string | null;
  features: { what: string; benefit: string }[];
  /** Topic words for hashtags. */
  topics: string[];
}

const hashtag = (word: string) => {
  const letters = word.replace(/[^\p{L}\p{N}]/gu, "");
  return letters ? letters[0]!.toUpperCase() + letters.slice(1) : "";
};

const callToAction = (facts: DraftFacts) => `${sentence(facts.cta).replace(/\.$/, "")}${facts.url ? `: ${facts.url}` : "."}`;

/**
 * The offline engine's channel-ready draft: written the way each channel is written
 * (a thread, a LinkedIn story, a video script, a community post, a long-form piece),
 * then fitted to the channel's real limits.
 */
export function writeChannelDraft(channel: Channel, facts: DraftFacts): ChannelDraft {
  const rule = channelRules[channel];
  const hook = sentence(facts.angle) || sentence(`${facts.audience}: ${facts.problem}?`);
  // Said once: the message is left out where the hook already says it.
  const message = hook.toLowerCase().includes(clause(facts.message).toLowerCase()) ? "" : sentence(facts.message);
  const featureLines = facts.features.slice(0, 3).map((feature) => `${clean(feature.what)}${feature.benefit ? `: ${clause(feature.benefit, [facts.brand])}` : ""}`);
  const hashtags = [facts.brand, ...facts.topics, ...(rule.format === "short-post" ? ["BuildInPublic"] : [])].map(hashtag).filter(Boolean);
  let title: string | null = null;
  let body: string;

  switch (rule.format) {
    case "short-post":
      body = [hook, message, facts.story ? sentence(clean(facts.story).split(/(?<=[.!?])\s/)[0]) : "", callToAction(facts)].filter(Boolean).join("\n\n");
      break;
    case "post":
      body = [
        hook,
        sentence(`If you are one of the ${facts.audience} out there, you know this one: ${facts.problem}`),
        facts.story ? clean(facts.story) : "",
        message,
        featureLines.length ? `What ${facts.brand} does:\n${bullets(featureLines)}` : "",
        callToAction(facts),
        "How do you handle this today?",
      ]
        .filter(Boolean)
        .join("\n\n");
      break;
    case "visual":
      title = channel === "pinterest" ? `${facts.brand}: ${clause(facts.message)}` : null;
      body = [
        channel === "pinterest" ? "" : `[Image: ${facts.brand} showing the result, not the screen]`,
        hook,
        message,
        callToAction(facts),
      ]
        .filter(Boolean)
        .join("\n\n");
      break;
    case "video":
      title = rule.titleLimit ? `${clause(facts.message)} | ${facts.brand}` : null;
      body = [
        `Hook (0-3s): ${hook}`,
        `Show (3-20s): ${sentence(`The problem: ${facts.problem}`)}`,
        `Demo (20-45s): ${featureLines[0] ? sentence(featureLines[0]) : message || hook}`,
        `Close (45-60s): ${callToAction(facts)}`,
        `Caption: ${message || hook}`,
      ].join("\n");
      break;
    case "community":
      title = channel === "reddit" ? `I built ${facts.brand} for ${facts.audience}: honest feedback welcome` : null;
      body = [
        sentence(`Hi all! I kept running into the same problem (${facts.problem}), so I built ${facts.brand}`),
        message,
        featureLines.length ? bullets(featureLines) : "",
        "I'd love honest feedback: what would make this useful for you?",
        facts.url ? `(Link if you want to try it: ${facts.url})` : "",
      ]
        .filter(Boolean)
        .join("\n\n");
      break;
    case "long-form": {
      title = channel === "newsletter" ? `${facts.brand}: ${clause(facts.message)}` : sentence(facts.angle).replace(/\.$/, "") || `A better way for ${facts.audience}`;
      const outline = ["Why this keeps happening", "What we learned building the fix", `How ${facts.brand} works`, "What to do next"];
      body = [
        `**Outline:**\n${outline.map((heading, index) => `${index + 1}. ${heading}`).join("\n")}`,
        `## ${outline[0]}\n\n${sentence(`Ask any of the ${facts.audience} we talked to and you hear the same thing: ${facts.problem}`)}`,
        `## ${outline[1]}\n\n${facts.story ? clean(facts.story) : message}`,
        `## ${outline[2]}\n\n${message || hook}${featureLines.length ? `\n\n${bullets(featureLines)}` : ""}`,
        `## ${outline[3]}\n\n${callToAction(facts)}`,
      ].join("\n\n");
      break;
    }
  }
  return fitToChannel(channel, { title, body, hashtags });
}
