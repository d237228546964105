import { channelRules } from "@/lib/channels";
import { config } from "@/lib/config";
import type { MailMessage } from "@/lib/mail";
import { composeLink } from "@/lib/networks/compose-link";
import { providerOfChannel } from "@/lib/networks/registry";
import type { Channel } from "@/lib/schemas/growth";
import type { ItemRecord } from "../growth/serialize";

/** The post's parts as it goes out: a thread's posts, or its one body. */
export const partsOf = (item: ItemRecord) =>
  item.draft?.parts?.length ? item.draft.parts : item.draft?.body ? [item.draft.body] : [];

/** The post as the founder pastes it: its parts, a thread's separated by a blank line. */
const postTextOf = (item: ItemRecord) => partsOf(item).join("\n\n");

/**
 * The e-mail that a post is due on a channel with no connected account: the post ready to
 * copy, the network's compose page ("Open in …") and where to say "I posted it". No secrets.
 */
export function reminderEmail(item: ItemRecord, project: { id: string; name: string }): Omit<MailMessage, "to"> {
  const provider = providerOfChannel(item.channel);
  const label = provider?.label ?? channelRules[item.channel as Channel]?.label ?? item.channel;
  const post = postTextOf(item);
  const opens = provider?.opensIn ? composeLink(provider.opensIn, post) : null;
  const board = `${config().appUrl}/projects/${project.id}/growth`;
  const text = [
    `It's time to post "${item.title}" on ${label} (${project.name}).`,
    "",
    "The post, ready to copy:",
    "",
    post || "(This item has no draft yet: write it on the growth board.)",
    "",
    ...(opens
      ? [
          `Open in ${label}: ${opens.href}`,
          ...(opens.prefilled ? [] : ["(The post is too long to send prefilled: paste it there.)"]),
          "",
        ]
      : []),
    `Once it is live, press "I posted it" on the growth board and paste the post's link: ${board}`,
    "",
    "You get these e-mails because reminders by e-mail are on in the project's settings.",
  ].join("\n");
  return { subject: `Time to post on ${label}: ${item.title}`, text };
}
