import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends a message over SMTP when `SMTP_URL` is set; otherwise writes it as an `.eml`
 * file under `MAIL_DIR`, which any mail client opens and any text editor reads.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const { smtpUrl, mailFrom, mailDir } = config();
  try {
    if (smtpUrl) {
      const { default: nodemailer } = await import("nodemailer");
      await nodemailer.createTransport(smtpUrl).sendMail({ from: mailFrom, ...message });
      return;
    }
    await fs.mkdir(mailDir, { recursive: true });
    // Written aside under a name no reader lists, then renamed into place: a reader sees the whole message or none.
    const file = path.join(mailDir, mailFileName(message.to));
    const partial = path.join(mailDir, `.partial-${crypto.randomUUID()}`);
    await fs.writeFile(partial, toEml(mailFrom, message));
    await fs.rename(partial, file).catch(async (error: unknown) => {
      await fs.rm(partial, { force: true });
      throw error;
    });
  } catch (error) {
    throw new AppError("provider_unavailable", "The e-mail could not be sent. Retry later.", { cause: error });
  }
}

const maxRecipientChars = 80;

/**
 * `<time>-<recipient>-<random>.eml`, well under the 255 bytes a file name may have: a long
 * address is cut and completed by a digest of the whole, so names stay distinct and sortable.
 */
export function mailFileName(to: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const safe = to.toLowerCase().replace(/[^a-z0-9@._-]/g, "_");
  const recipient =
    safe.length <= maxRecipientChars
      ? safe
      : `${safe.slice(0, maxRecipientChars - 13)}~${createHash("sha256").update(to).digest("hex").slice(0, 12)}`;
  return `${stamp}-${recipient}-${crypto.randomUUID().slice(0, 8)}.eml`;
}

const encodeHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString("base64")}?=`;

/**
 * An RFC 5322 message with 8bit UTF-8 bodies (never quoted-printable), so links and tokens
 * stay readable and greppable in the file: plain text alone, or text and HTML as
 * multipart/alternative when the message has an HTML part.
 */
function toEml(from: string, message: MailMessage): string {
  const crlf = (text: string) => text.replace(/\r?\n/g, "\r\n");
  const headers = [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@launchloop.local>`,
    "MIME-Version: 1.0",
  ];
  const part = (type: string, body: string) =>
    [`Content-Type: ${type}; charset=utf-8`, "Content-Transfer-Encoding: 8bit", "", crlf(body)].join("\r\n");
  if (!message.html) return `${headers.join("\r\n")}\r\n${part("text/plain", message.text)}\r\n`;
  const boundary = `ll-${crypto.randomUUID()}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    part("text/plain", message.text),
    `--${boundary}`,
    part("text/html", message.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

const inFlight = new Set<Promise<void>>();

/**
 * Sends a message after the request has answered (`keepAlive` is the request's `waitUntil`),
 * so what a request answers, and when, never depends on the mail server or on whether
 * there was anything to send. A failure is logged under `label`, without the message.
 */
export function sendAfterResponse(
  send: () => Promise<void>,
  keepAlive: ((work: Promise<unknown>) => void) | undefined,
  label: string,
): void {
  const work: Promise<void> = send()
    .catch((error: unknown) => console.error(`[${label}] not sent:`, error instanceof Error ? error.message : "unknown error"))
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
  keepAlive?.(work);
}

/** Resolves once every message handed to `sendAfterResponse` so far was sent or has failed (shutdown, tests). */
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}
