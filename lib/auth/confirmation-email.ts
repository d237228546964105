import { htmlEmail } from "@/lib/mail/html";

/** The confirmation e-mail: a link for the browser and the token for API clients. */
export function confirmationEmail({
  link,
  tokenHash,
  alreadyConfirmed,
}: {
  link: string;
  tokenHash: string;
  alreadyConfirmed: boolean;
}) {
  const opening = alreadyConfirmed
    ? "Someone (hopefully you) asked to sign up with this address, which already has a Launchloop account. If that was you, the link below signs you in and can give you a new API key."
    : "Welcome to Launchloop! Confirm your e-mail address to sign in and get started.";
  const bootstrapUrl = new URL("/api/v1/keys/bootstrap", link).href;
  const text = [
    opening,
    "",
    `Confirm: ${link}`,
    "",
    "API clients can exchange the token for a key directly:",
    "",
    `  curl -X POST ${bootstrapUrl} \\`,
    `    -H 'Content-Type: application/json' -d '{"tokenHash":"${tokenHash}"}'`,
    "",
    "The link works once and expires in 24 hours. If you did not sign up, ignore this message.",
  ].join("\n");
  const html = htmlEmail({
    heading: alreadyConfirmed ? "Your sign-in link" : "Confirm your e-mail",
    paragraphs: [opening, `API clients: POST {"tokenHash":"${tokenHash}"} to ${bootstrapUrl} for an API key.`],
    button: { label: "Confirm my e-mail", href: link },
    footnote: "The link works once and expires in 24 hours. If you did not sign up, ignore this message.",
  });
  return { subject: alreadyConfirmed ? "Your Launchloop sign-in link" : "Confirm your Launchloop account", text, html };
}
