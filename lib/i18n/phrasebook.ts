import { de } from "./de";
import { en, type PhraseKey, type Phrases } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { asLabelValue, labelledText, labelText } from "./labels-of";
import { pt } from "./pt";
import { forQuoting, isQuotedSlot } from "./quotes";
import { worksheetNotice, worksheetPhrase } from "./worksheet-words";

const phrasebooks: Record<string, Phrases> = { en, de, fr, es, pt };

/** The languages the offline engine writes finished text in; any other gets a worksheet. */
export const draftingLanguages = Object.keys(phrasebooks);

/** The primary language subtag of a BCP 47 tag: "de-AT" gives "de". */
export const primaryOf = (language: string) => language.toLowerCase().split("-")[0]!;

export type Vars = Record<string, string | number | null | undefined>;

/**
 * The offline engine's words for one language. In a language it has no phrasebook for,
 * it writes a worksheet: every template keeps only the founder's own words it was given
 * (generic sentences are left out), so no English is mixed into their language.
 */
export interface Words {
  language: string;
  worksheet: boolean;
  /** The phrase with its `{name}` slots filled; "" when a slot is empty or, in a worksheet, when it has none. */
  t: (key: PhraseKey, vars?: Vars) => string;
  /** A clearly marked fill-in for what the answers did not give. */
  fill: (need: PhraseKey) => string;
  /** A field label with its colon as the language writes it ("Rôle :" in French, "Role:" elsewhere). */
  label: (text: string) => string;
  /** "Label: value", said once when the value opens with the label's words ("Smart reminders that fit your day"). */
  labelled: (label: string, value: string, bold?: boolean) => string;
  /** "a, b and c" in the language. */
  list: (items: string[]) => string;
  /** Whether a clause inside a sentence may lose its capital (not in German, where nouns keep theirs). */
  lowerClauses: boolean;
}

const slot = /\{(\w+)\}/g;
/** `{hours:hour|hours}`: the word that agrees with the number in `hours`, by the language's plural rules. */
const agreement = /\{(\w+):([^|{}]*)\|([^|{}]*)\}/g;

const englishPlurals = new Intl.PluralRules("en");

function fillTemplate(template: string | undefined, vars: Vars, plurals: Intl.PluralRules, language: string): string {
  if (template === undefined) return "";
  let missing = false;
  const text = template
    .replace(agreement, (_, name: string, one: string, other: string) =>
      plurals.select(Number(vars[name])) === "one" ? one : other,
    )
    .replace(slot, (whole: string, name: string, offset: number, filled: string) => {
      const value = vars[name];
      if (value === null || value === undefined || String(value).trim() === "") missing = true;
      const text = String(value ?? "").trim();
      // A quoted answer in a slot the template quotes itself: quoted once, its own quotations inside in the inner marks.
      if (isQuotedSlot(filled, offset, offset + whole.length)) return forQuoting(text, language);
      // The value of the template's own label ("For {audience}: {text}") brings no second colon.
      return /:\s*$/.test(filled.slice(0, offset)) ? asLabelValue(text) : text;
    });
  return missing ? "" : text;
}

/** A worksheet line: the values of the template's slots, nothing of its words. */
function worksheetLine(template: string | undefined, vars: Vars): string {
  if (template === undefined) return "";
  const names = [...template.matchAll(slot)].map((match) => match[1]!);
  return names
    .map((name) => String(vars[name] ?? "").trim())
    .filter(Boolean)
    .join(" · ");
}

export function wordsFor(language: string | null | undefined): Words {
  const tag = language?.trim() || "en";
  const phrases = phrasebooks[primaryOf(tag)];
  if (!phrases) {
    return {
      language: tag,
      worksheet: true,
      // Titles stay readable: the language's heading (English where it has none), marked as a worksheet's.
      t: (key, vars = {}) =>
        key.startsWith("title.")
          ? `✎ ${fillTemplate(worksheetPhrase(tag, key) ?? en[key], vars, englishPlurals, tag)}`
          : worksheetLine(en[key], vars),
      fill: (need) => `[+ ${need.replace(/^need\./, "")}]`,
      label: (text) => labelText(text, false),
      labelled: (label, value, bold) => labelledText(label, value, false, bold),
      list: (items) => items.filter(Boolean).join(" · "),
      lowerClauses: false,
    };
  }
  const plurals = new Intl.PluralRules(primaryOf(tag));
  return {
    language: tag,
    worksheet: false,
    t: (key, vars = {}) => fillTemplate(phrases[key], vars, plurals, tag),
    fill: (need) => phrases.fill.replace("{what}", phrases[need]),
    // French sets a space before a colon; the phrasebooks' own sentences already do.
    label: (text) => labelText(text, primaryOf(tag) === "fr"),
    labelled: (label, value, bold) => labelledText(label, value, primaryOf(tag) === "fr", bold),
    list: (items) => {
      const kept = items.map((item) => item.trim()).filter(Boolean);
      return kept.length <= 1 ? (kept[0] ?? "") : `${kept.slice(0, -1).join(", ")} ${phrases["list.and"]} ${kept.at(-1)}`;
    },
    lowerClauses: primaryOf(tag) !== "de",
  };
}

export const worksheetLabel = (language: string) => `> ${worksheetNotice(language, draftingLanguages)}`;

/** The name of a language in English, for prompts ("German"), from its BCP 47 tag. */
export function languageName(language: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(language) ?? language;
  } catch {
    return language;
  }
}

/**
 * The headings an export prints, in the project's language (English for a language with
 * no phrasebook). Content items carry their own titles, already in the language.
 */
export function exportHeadings(language: string | null | undefined) {
  const phrases = phrasebooks[primaryOf(language ?? "en")] ?? en;
  return {
    launchPack: phrases["export.launchPack"],
    decisions: phrases["export.decisions"],
    positioning: phrases["export.positioning"],
    valueProposition: phrases["export.valueProposition"],
    brandName: phrases["export.brandName"],
    tagline: phrases["export.tagline"],
    colorPalette: phrases["export.colorPalette"],
    playbook: phrases["export.playbook"],
    contents: phrases["export.contents"],
    decision: phrases["export.decision"],
    choice: phrases["export.choice"],
    noDecisions: phrases["export.noDecisions"],
    overview: phrases["export.overview"],
    field: phrases["export.field"],
    value: phrases["export.value"],
    brand: phrases["export.brand"],
    project: phrases["export.project"],
    generated: phrases["export.generated"],
    section: phrases["export.section"],
    content: phrases["export.content"],
    title: phrases["export.title"],
    kind: phrases["export.kind"],
    writtenBy: phrases["export.writtenBy"],
    editedByFounder: phrases["export.editedByFounder"],
    yes: phrases["export.yes"],
    no: phrases["export.no"],
    /** A content kind's heading in the language, when the phrasebook has one. */
    kinds: (kind: string): string | undefined => (phrases as Record<string, string>)[`title.${kind}`],
    /** A channel's name in the language, when the phrasebook has one (e.g. "Facebook-Gruppe"). */
    channels: (channel: string): string | undefined => (phrases as Record<string, string>)[`channel.${channel}`],
    /** Each pipeline step's section title. */
    steps: {
      "market-strategist": phrases["step.market-strategist"],
      "brand-architect": phrases["step.brand-architect"],
      "launch-strategist": phrases["step.launch-strategist"],
      "website-copy": phrases["step.website-copy"],
      "launch-assets": phrases["step.launch-assets"],
    },
  };
}
export type ExportHeadings = ReturnType<typeof exportHeadings>;

/** A channel's name in the language (most are brands and stay as they are). */
export function channelLabel(channel: string, label: string, w: Words): string {
  const key = `channel.${channel}`;
  return (!w.worksheet && key in en && w.t(key as PhraseKey)) || label;
}
