import { PageHeader } from "@/components/ui";

export const metadata = { title: "Terms of service" };

/** What a founder agrees to at sign-up, in plain words. */
export default function TermsPage() {
  return (
    <article className="prose-ll mx-auto">
      <PageHeader title="Terms of service" description="The agreement between you and Launchloop, in plain words." />
      <h2>The service</h2>
      <p>
        Launchloop drafts marketing material from your answers: a launch pack, a playbook and weekly growth drafts. Drafts are
        suggestions. You review them, and you decide what gets published, where and when.
      </p>
      <h2>Your content</h2>
      <p>
        What you write and what the agents draft for you is yours. We store it to run the service for you and show it to nobody
        else, except through a share link you create (and can revoke) or an app you connect (and can disconnect).
      </p>
      <h2>Fair use</h2>
      <p>
        Each plan has its limits (projects, drafts a day, exports), shown on the <a href="/pricing">pricing page</a>. Do not use
        Launchloop to write spam, to mislead people or to break the rules of the networks you post on.
      </p>
      <h2>Plans and payment</h2>
      <p>
        Paid plans renew every month until you cancel them in your billing settings; a cancelled plan runs until the end of the
        period you paid for.
      </p>
      <h2>Ending</h2>
      <p>
        You can delete your account at any time in your account settings: your projects, drafts, keys and connected apps go with
        it.
      </p>
      <p>
        See also the <a href="/privacy">privacy policy</a>.
      </p>
    </article>
  );
}
