import { config } from "@/lib/config";
import type { MailMessage } from "@/lib/mail";
import { type AlertRecord, fixPathOf } from "./serialize";

/** Where the founder turns alert kinds off (named in every alert e-mail). */
export const alertSettingsPath = "/settings/account#alerts";

/** One e-mail for every alert gathered since the last: each in plain words with where to fix it. */
export function alertEmail(alerts: AlertRecord[]): Omit<MailMessage, "to"> {
  const { appUrl } = config();
  const subject =
    alerts.length === 1 ? `Launchloop: ${alerts[0]!.message}` : `Launchloop: ${alerts.length} things need your attention`;
  const text = [
    alerts.length === 1 ? "Something needs your attention:" : `${alerts.length} things need your attention:`,
    "",
    ...alerts.flatMap((alert) => [`- ${alert.message}`, `  Fix it: ${appUrl}${fixPathOf(alert)}`, ""]),
    "The dashboard shows these too, until you dismiss them.",
    `Turn alerts off, kind by kind, in your account settings: ${appUrl}${alertSettingsPath}`,
  ].join("\n");
  return { subject: subject.length > 150 ? `${subject.slice(0, 147)}...` : subject, text };
}
