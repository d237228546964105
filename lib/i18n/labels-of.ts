/**
 * A field label and its value, as the offline engine writes them: "Role: teach", "Rôle :
 * teach" in French. A founder's answer can already carry what the label adds (an emoji at
 * its end, its own "!"), or open with the label's own words ("Smart reminders" and
 * "reminders that fit your day"): then nothing is said twice and no mark is stacked.
 */

const emojiAtEnd =
  /(?:\s*\p{Extended_Pictographic}[\u{FE0F}\u{20E3}\u{1F3FB}-\u{1F3FF}]*(?:\u{200D}\p{Extended_Pictographic}\u{FE0F}?)*)+\s*$/u;
const word = /\p{L}[\p{L}\p{N}'’-]*/gu;
const letters = (text: string) => (text.match(word) ?? []).join(" ").toLowerCase();

/**
 * A value that follows a label: a colon of its own ("Ein Café in Altona: Wir rösten selbst")
 * becomes a dash, so the sentence holds one label, not two. Colons inside a fill-in
 * ("[add: …]"), a link or a time (7:30) stay.
 */
export function asLabelValue(value: string): string {
  let depth = 0;
  let out = "";
  for (let index = 0; index < value.length; index++) {
    const char = value[index]!;
    if (char === "[") depth++;
    if (char === "]") depth = Math.max(0, depth - 1);
    const colon = /^\s?:\s+/.exec(value.slice(index));
    if (colon && depth === 0 && index > 0 && (char === ":" || char === " ")) {
      out += " – ";
      index += colon[0].length - 1;
      continue;
    }
    out += char;
  }
  return out;
}

/** An opening that ends on its colon ("How it started:") and the founder's sentence after it, with no second colon. */
export const afterOpening = (opening: string, text: string) =>
  [opening, /:\s*$/.test(opening) ? asLabelValue(text) : text].filter(Boolean).join(" ");

/** The label's text with its colon: an emoji or a full stop at its end goes (it would sit against the colon), its own "!" or "?" ends it. */
export function labelText(text: string, french: boolean): string {
  const name = text
    .replace(emojiAtEnd, "")
    .trim()
    .replace(/[.。]$/u, "");
  if (/[!?…！？]$/u.test(name)) return name;
  return french ? `${name} :` : `${name}:`;
}

/**
 * "Label: value", or what reads as one phrase when the value repeats the label: a value that
 * opens with the whole label is said alone ("Care tips" and "“Care tips” for every plant"),
 * one that opens with the label's last word continues it ("Smart reminders that fit your day").
 */
export function labelledText(label: string, text: string, french: boolean, bold = false): string {
  const name = label.replace(emojiAtEnd, "").trim();
  const value = asLabelValue(text);
  const named = letters(name);
  if (named && `${letters(value)} `.startsWith(`${named} `) && letters(value) !== named) return value;
  const last = name.match(word)?.at(-1);
  const first = /^[\s"'„“”«»‚‘’*_]*(\p{L}[\p{L}\p{N}'’-]*)/u.exec(value);
  if (last && first && first[1]!.toLowerCase() === last.toLowerCase()) {
    const rest = value.slice(first.index + first[0].length);
    return bold ? `**${name}**${rest}` : `${name}${rest}`;
  }
  const head = labelText(name, french);
  return bold ? `**${head}** ${value}` : `${head} ${value}`;
}
