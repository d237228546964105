import { PageHeader } from "@/components/ui";

export const metadata = { title: "Privacy policy" };

/** What Launchloop keeps about a founder, why, and for how long, in plain words. */
export default function PrivacyPage() {
  return (
    <article className="prose-ll mx-auto">
      <PageHeader title="Privacy policy" description="What we keep about you, why, and for how long." />
      <h2>What we keep</h2>
      <ul>
        <li>Your e-mail address and a hash of your password (never the password itself), to sign you in.</li>
        <li>Your answers, your projects and every draft, to run the service for you.</li>
        <li>Your plan and its payments, through our payment provider; we never see your card number.</li>
        <li>API keys and connected apps as hashes, so that nobody, us included, can read them back.</li>
      </ul>
      <h2>What we do not do</h2>
      <p>We do not sell your data, show it to other customers or use it to advertise to you.</p>
      <h2>Model providers</h2>
      <p>
        When a language model is configured, your answers and drafts are sent to it to write the next draft, and to nothing else.
      </p>
      <h2>Your choices</h2>
      <p>
        Export your pack at any time. Delete your account in your account settings: everything above goes with it, except what the
        law requires us to keep about payments.
      </p>
      <p>
        See also the <a href="/terms">terms of service</a>.
      </p>
    </article>
  );
}
