import { type Directives, readFeedback } from "@/lib/i18n/feedback";
import { primaryOf } from "@/lib/i18n/phrasebook";
import type { AgentInput } from "@/lib/schemas/agent-inputs";
import { inRequestedTone } from "./tone";

const optionLists = new Set(["positioningOptions", "taglineOptions", "valuePropositions", "brandNameOptions"]);

function mapStrings(value: unknown, change: (text: string) => string, key = ""): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((entry) => mapStrings(entry, change, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, mapStrings(entry, change, name)]));
  return value;
}

function shortenLists(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) {
    const kept = optionLists.has(key) || value.length <= 2 ? value : value.slice(0, Math.max(2, Math.ceil(value.length / 2)));
    return kept.map((entry) => shortenLists(entry));
  }
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, shortenLists(entry, name)]));
  if (typeof value === "string") {
    // Long paragraphs keep their first two sentences.
    return value
      .split("\n\n")
      .map((paragraph) =>
        paragraph.length > 240 && !/^[#|>-]/.test(paragraph)
          ? paragraph
              .split(/(?<=[.!?])\s+/)
              .slice(0, 2)
              .join(" ")
          : paragraph,
      )
      .join("\n\n");
  }
  return value;
}

function rotateOptions(value: unknown, by: number): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, entry]) => [
      name,
      optionLists.has(name) && Array.isArray(entry) && entry.length > 1
        ? [...entry.slice(by % entry.length), ...entry.slice(0, by % entry.length)]
        : entry,
    ]),
  );
}

/** Applies what a rejection asked for to any offline output: tone and length; a rerun leads with other options. */
export function applyDirectives<T>(output: T, directives: Directives, language: string): T {
  let result: unknown = output;
  const english = primaryOf(language) === "en";
  if (directives.tone || directives.emoji === "none")
    result = mapStrings(result, (text) => inRequestedTone(text, directives, english));
  if (directives.length === "shorter") result = shortenLists(result);
  return result as T;
}

/** The last touch of every offline pipeline draft: the founder's feedback, and other options first on a rerun. */
export function finish<T>(input: AgentInput, output: T): T {
  const rotated = input.rejections > 0 ? (rotateOptions(output, input.rejections) as T) : output;
  return applyDirectives(rotated, readFeedback(input.feedback), input.language);
}
