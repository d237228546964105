import { htmlEmail } from "@/lib/mail/html";
import type { RevokedAccess } from "./provider";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** After a password reset: what changed and what it ended, so an owner who did not ask knows at once. */
export function passwordChangedEmail({ revoked, resetUrl }: { revoked: RevokedAccess; resetUrl: string }) {
  const opening = "The password of your Launchloop account was just changed through a reset link.";
  const sessions = "Every browser that was signed in to your account has been signed out.";
  const keys =
    revoked.apiKeys.length > 0
      ? `${plural(revoked.apiKeys.length, "API key was", "API keys were")} revoked: ${revoked.apiKeys.join(", ")}. Create new keys in Settings → API keys.`
      : "No API key was revoked.";
  const apps =
    revoked.grants > 0
      ? `${plural(revoked.grants, "connected app was", "connected apps were")} disconnected; connect them again from your assistant.`
      : "";
  const links =
    revoked.shareLinks + revoked.calendarFeeds > 0
      ? `${[
          revoked.shareLinks > 0 ? plural(revoked.shareLinks, "share link", "share links") : "",
          revoked.calendarFeeds > 0 ? plural(revoked.calendarFeeds, "calendar subscription", "calendar subscriptions") : "",
        ]
          .filter(Boolean)
          .join(" and ")} stopped working; make new ones from your project where you still want them.`
      : "";
  const warning = `If this was not you, choose a new password now at ${resetUrl} and check Settings → API keys.`;
  const text = [opening, "", sessions, keys, ...[apps, links].filter(Boolean), "", warning].join("\n");
  const html = htmlEmail({
    heading: "Your password was changed",
    paragraphs: [opening, sessions, keys, apps, links].filter(Boolean),
    button: { label: "It was not me", href: resetUrl },
    footnote: warning,
  });
  return { subject: "Your Launchloop password was changed", text, html };
}
