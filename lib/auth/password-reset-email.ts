import { htmlEmail } from "@/lib/mail/html";

/** The forgotten-password e-mail: one link to choose a new password. */
export function passwordResetEmail({ link }: { link: string }) {
  const opening = "Someone (hopefully you) asked to reset the password of your Launchloop account.";
  const footnote =
    "The link works once and expires in 1 hour. If you did not ask, ignore this message: your password stays as it is.";
  const text = [opening, "", `Choose a new password: ${link}`, "", footnote].join("\n");
  const html = htmlEmail({
    heading: "Reset your password",
    paragraphs: [opening, "Choosing a new password signs out every browser signed in to your account."],
    button: { label: "Choose a new password", href: link },
    footnote,
  });
  return { subject: "Reset your Launchloop password", text, html };
}
