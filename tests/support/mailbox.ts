import fs from "node:fs";
import path from "node:path";

const recipientOf = (mail: string) => /^To: (.*)$/m.exec(mail)?.[1]?.trim().toLowerCase();

/** The .eml files written for `address` (by their To: header), oldest first. */
export function mailsTo(mailDir: string, address: string): string[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => fs.readFileSync(path.join(mailDir, file), "utf8"))
    .filter((mail) => recipientOf(mail) === address.toLowerCase());
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The newest e-mail to `address` that `matches`, waiting up to 15 s for it: a server sends
 * its e-mails after it has answered, so one may land a moment after the response.
 */
export function awaitMail(mailDir: string, address: string, matches: (mail: string) => boolean = () => true): string {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = mailsTo(mailDir, address).at(-1);
    if (mail && matches(mail)) return mail;
    if (Date.now() > deadline) throw new Error(`No e-mail for ${address}${mail ? " of the kind expected" : ""}`);
    pause(50);
  }
}

/** The token_hash of the newest confirmation e-mail sent to `address`. */
export function latestTokenHash(mailDir: string, address: string): string {
  const mail = awaitMail(mailDir, address, (text) => /token_hash=[0-9a-f]+&type=email/.test(text));
  return /token_hash=([0-9a-f]+)&type=email/.exec(mail)![1]!;
}
