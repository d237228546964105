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

/** The token_hash of the newest confirmation e-mail sent to `address`. */
export function latestTokenHash(mailDir: string, address: string): string {
  const mail = mailsTo(mailDir, address).at(-1);
  const token = mail && /token_hash=([0-9a-f]+)&type=email/.exec(mail)?.[1];
  if (!token) throw new Error(`No confirmation e-mail for ${address}`);
  return token;
}
