import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { config } from "@/lib/config";

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
  if (smtpUrl) {
    await nodemailer.createTransport(smtpUrl).sendMail({ from: mailFrom, ...message });
    return;
  }
  await fs.mkdir(mailDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const recipient = message.to.replace(/[^A-Za-z0-9@._-]/g, "_");
  const file = path.join(mailDir, `${stamp}-${recipient}-${crypto.randomUUID().slice(0, 8)}.eml`);
  await fs.writeFile(file, toEml(mailFrom, message));
}

const encodeHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString("base64")}?=`;

/**
 * A single-part RFC 5322 message with an 8bit UTF-8 text body, so links and tokens stay
 * readable and greppable in the file (a composed multipart message would quote-print them).
 */
function toEml(from: string, message: MailMessage): string {
  const headers = [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@launchloop.local>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
  ];
  return `${headers.join("\r\n")}\r\n\r\n${message.text.replace(/\r?\n/g, "\r\n")}\r\n`;
}
