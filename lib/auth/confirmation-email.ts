/** The confirmation e-mail: a link for the browser and the token for API clients. */
export function confirmationEmail({ link, tokenHash, alreadyConfirmed }: { link: string; tokenHash: string; alreadyConfirmed: boolean }) {
  const opening = alreadyConfirmed
    ? "Someone (hopefully you) asked to sign up with this address, which already has a Launchloop account. If that was you, the link below gives you a new API key."
    : "Welcome to Launchloop! Confirm your e-mail address to get your API key.";
  const text = [
    opening,
    "",
    `Confirm: ${link}`,
    "",
    "API clients can exchange the token for a key directly:",
    "",
    `  curl -X POST ${new URL("/api/v1/keys/bootstrap", link).href} \\`,
    `    -H 'Content-Type: application/json' -d '{"tokenHash":"${tokenHash}"}'`,
    "",
    "The link works once and expires in 24 hours. If you did not sign up, ignore this message.",
  ].join("\n");
  const html = `<p>${opening}</p><p><a href="${link}">Confirm my e-mail and create my API key</a></p><p>API clients: POST <code>{"tokenHash":"${tokenHash}"}</code> to <code>/api/v1/keys/bootstrap</code>.</p><p>The link works once and expires in 24 hours.</p>`;
  return { subject: alreadyConfirmed ? "Your Launchloop sign-in link" : "Confirm your Launchloop account", text, html };
}
