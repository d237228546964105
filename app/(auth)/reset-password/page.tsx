import { AuthCard } from "@/components/auth-card";
import { ButtonLink, Notice } from "@/components/ui";
import { ResetPasswordForm } from "./reset-form";

export const metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token_hash?: string }> }) {
  const { token_hash: tokenHash } = await searchParams;
  return (
    <AuthCard
      title="Choose a new password"
      description="Saving it signs out every other browser signed in to your account."
      footer={<p><a href="/login">Back to sign in</a></p>}
    >
      {tokenHash ? (
        <ResetPasswordForm tokenHash={tokenHash} />
      ) : (
        <>
          <Notice tone="danger">This link has no reset token. Open the link from your e-mail again, or ask for a new one.</Notice>
          <ButtonLink href="/forgot-password" variant="secondary">Ask for a new link</ButtonLink>
        </>
      )}
    </AuthCard>
  );
}
