import { ForgetLinkToken } from "@/components/auth/forget-link-token";
import { AuthCard } from "@/components/auth-card";
import { ButtonLink, Notice } from "@/components/ui";
import { accountOfLink } from "@/lib/actions/session";
import { ResetPasswordForm } from "./reset-form";

export const metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

function UnusableLink({ message }: { message: string }) {
  return (
    <>
      <Notice tone="danger">{message}</Notice>
      <ButtonLink href="/forgot-password" variant="secondary">
        Ask for a new link
      </ButtonLink>
    </>
  );
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token_hash?: string }> }) {
  const { token_hash: tokenHash } = await searchParams;
  const link = tokenHash ? await accountOfLink(tokenHash, "reset") : undefined;
  return (
    <AuthCard
      title="Choose a new password"
      description={
        link?.status === "valid" ? (
          <>
            For <strong className="text-ink">{link.email}</strong>. Saving it signs out every browser and connected app of this
            account.
          </>
        ) : (
          "Saving it signs out every browser and connected app of your account."
        )
      }
      footer={
        <p>
          <a href="/login">Back to sign in</a>
        </p>
      }
    >
      <ForgetLinkToken />
      {!tokenHash || !link ? (
        <UnusableLink message="This link has no reset token. Open the link from your e-mail again, or ask for a new one." />
      ) : link.status === "invalid" ? (
        <UnusableLink message="This reset link is unknown, expired or already used. Ask for a new one." />
      ) : (
        <ResetPasswordForm tokenHash={tokenHash} />
      )}
    </AuthCard>
  );
}
