import { channelMentions } from "@/lib/channels";
import { clean } from "@/lib/i18n/text";
import type { CycleHistory } from "@/lib/schemas/agent-inputs";
import type { Channel } from "@/lib/schemas/growth";

// Words that, next to a channel's name in a retro note, mean "stop this channel".
const deadWords =
  /\b(dead|is over|doesn'?t work|does not work|not working|waste of time|drop|stop|quit|no more|forget)\b|\btot\b|funktioniert nicht|bringt nichts|weglassen|\bmort\b|ne marche pas|arrêter|\bmuert[oa]\b|no funciona|dejar|\bmort[oa]\b|não funciona|parar/i;

/** Channels a founder's retro notes declare dead ("Reddit is dead for us"), with the note that said so. */
export function droppedChannels(history: CycleHistory[]): Map<Channel, string> {
  const dropped = new Map<Channel, string>();
  for (const cycle of history) {
    const notes = [cycle.overall, ...cycle.items.map((item) => item.resultNote)].filter((note): note is string =>
      Boolean(note?.trim()),
    );
    for (const note of notes) {
      for (const part of note.split(/[.;!?\n,]+\s*/)) {
        if (deadWords.test(part)) for (const channel of channelMentions(part)) dropped.set(channel, clean(part));
      }
    }
  }
  return dropped;
}
