import { AuthCard } from "@/components/auth-card";
import { KeyBootstrapForm } from "@/components/key-bootstrap-form";
import { ButtonLink, Notice } from "@/components/ui";
import { ConfirmForm } from "./confirm-form";

export const metadata = { title: "Confirm your e-mail" };
export const dynamic = "force-dynamic";

export default async function ConfirmPage({ searchParams }: { searchParams: Promise<{ token_hash?: string }> }) {
  const { token_hash: tokenHash } = await searchParams;
  if (!tokenHash) {
    return (
      <AuthCard title="Confirm your e-mail">
        <Notice tone="danger">This link has no token. Open the link from your confirmation e-mail again.</Notice>
        <ButtonLink href="/login" variant="secondary">Go to sign in</ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your e-mail"
      description="One click confirms your address and signs you in."
      footer={
        <details className="text-left">
          <summary className="cursor-pointer text-center">Only using the API? Get an API key instead</summary>
          <div className="mt-3 space-y-3">
            <p>This confirms your address and shows a key once, without signing in here. The link then works no more.</p>
            <KeyBootstrapForm tokenHash={tokenHash} />
            <p>
              From a terminal: <code>POST /api/v1/keys/bootstrap</code> with <code>{`{"tokenHash":"…"}`}</code> (the token from the link).
            </p>
          </div>
        </details>
      }
    >
      <ConfirmForm tokenHash={tokenHash} />
    </AuthCard>
  );
}
