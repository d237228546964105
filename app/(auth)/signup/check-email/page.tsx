import { AuthCard } from "@/components/auth-card";
import { email as emailSchema } from "@/lib/schemas/common";
import { ResendConfirmationForm } from "./resend-form";

export const metadata = { title: "Check your inbox" };

export default async function CheckEmailPage({ searchParams }: { searchParams: Promise<{ email?: string }> }) {
  // Only an address the sign-up form would take is shown back: never arbitrary text from a link.
  const parsed = emailSchema.safeParse((await searchParams).email);
  const email = parsed.success ? parsed.data : undefined;
  return (
    <AuthCard
      title="Check your inbox"
      description={
        email ? (
          <>
            We sent a confirmation link to <strong className="text-ink">{email}</strong>.
          </>
        ) : (
          "We sent you a confirmation link."
        )
      }
      footer={
        <p>
          Wrong address? <a href="/signup">Sign up again</a>
        </p>
      }
    >
      <ol className="list-decimal space-y-2 pl-5 text-[15px]">
        <li>Open the e-mail from Launchloop.</li>
        <li>
          Click <strong>Confirm my e-mail</strong> and enter the password you just chose: you are signed in and land on your
          dashboard.
        </li>
        <li>The link works once, for 24 hours. Nothing there? Look in the spam folder, or have it sent again.</li>
      </ol>
      <ResendConfirmationForm email={email} />
    </AuthCard>
  );
}
