import { channelMentions } from "@/lib/channels";
import { clean } from "@/lib/i18n/text";
import type { CycleHistory } from "@/lib/schemas/agent-inputs";
import type { Channel } from "@/lib/schemas/growth";

// Words that, next to a channel's name in a retro note, mean "stop this channel" (Chinese and Japanese have no spaces, so no word boundaries).
const deadWords =
  /\b(dead|is over|doesn'?t work|does not work|not working|waste of time|drop|stop|quit|no more|forget)\b|\btot\b|funktioniert nicht|bringt nichts|weglassen|\bmort\b|ne marche pas|arrêter|\bmuert[oa]\b|no funciona|dejar|\bmort[oa]\b|não funciona|parar|没用|没有用|无用|没效果|没有效果|不管用|不行|死了|放弃|停掉|停止|不再|别再|算了|役に立たない|効果がない|効果なし|やめ/i;

// Where a note's clauses end: the stops and commas of Latin scripts, and the full-width ones of Chinese and Japanese.
const clauseEnd = /[.;!?\n,。；！？，、]+\s*/u;

/** Channels a founder's retro notes declare dead ("Reddit is dead for us"), with the note that said so. */
export function droppedChannels(history: CycleHistory[]): Map<Channel, string> {
  const dropped = new Map<Channel, string>();
  for (const cycle of history) {
    const notes = [cycle.overall, ...cycle.items.map((item) => item.resultNote)].filter((note): note is string =>
      Boolean(note?.trim()),
    );
    for (const note of notes) {
      for (const part of note.split(clauseEnd)) {
        if (deadWords.test(part)) for (const channel of channelMentions(part)) dropped.set(channel, clean(part));
      }
    }
  }
  return dropped;
}
