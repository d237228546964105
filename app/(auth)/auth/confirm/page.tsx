import { ForgetLinkToken } from "@/components/auth/forget-link-token";
import { AuthCard } from "@/components/auth-card";
import { KeyBootstrapForm } from "@/components/key-bootstrap-form";
import { ButtonLink, Notice } from "@/components/ui";
import { currentBrowserSession } from "@/lib/actions/browser-session";
import { accountOfLink } from "@/lib/actions/session";
import { ConfirmForm } from "./confirm-form";

export const metadata = { title: "Confirm your e-mail" };
export const dynamic = "force-dynamic";

function UnusableLink({ message }: { message: string }) {
  return (
    <AuthCard title="Confirm your e-mail">
      <Notice tone="danger">{message}</Notice>
      <ButtonLink href="/login" variant="secondary">
        Go to sign in
      </ButtonLink>
    </AuthCard>
  );
}

export default async function ConfirmPage({ searchParams }: { searchParams: Promise<{ token_hash?: string }> }) {
  const { token_hash: tokenHash } = await searchParams;
  if (!tokenHash) return <UnusableLink message="This link has no token. Open the link from your confirmation e-mail again." />;
  const link = await accountOfLink(tokenHash, "confirmation");
  if (link.status === "invalid") {
    return (
      <UnusableLink message="This confirmation link is unknown, expired or already used. Sign in, or sign up again for a new link." />
    );
  }
  const signedIn = await currentBrowserSession();
  const otherAccount =
    link.status === "valid" && signedIn && signedIn.account.email !== link.email ? signedIn.account.email : undefined;
  return (
    <AuthCard
      title="Confirm your e-mail"
      description={
        link.status === "valid" ? (
          <>
            This confirms <strong className="text-ink">{link.email}</strong> and signs you in to that account.
          </>
        ) : (
          "One click confirms your address and signs you in."
        )
      }
      footer={
        <details className="text-left">
          <summary className="cursor-pointer text-center">Only using the API? Get an API key instead</summary>
          <div className="mt-3 space-y-3">
            <p>This confirms your address and shows a key once, without signing in here. The link then works no more.</p>
            <KeyBootstrapForm tokenHash={tokenHash} />
            <p>
              From a terminal: <code>POST /api/v1/keys/bootstrap</code> with <code>{`{"tokenHash":"…"}`}</code> (the token from
              the link).
            </p>
          </div>
        </details>
      }
    >
      <ForgetLinkToken />
      {otherAccount && (
        <Notice tone="warning" title="You are signed in as someone else">
          This browser is signed in as {otherAccount}. Confirming signs it in as{" "}
          {link.status === "valid" ? link.email : "the link's account"} instead. Not your address? Close this page.
        </Notice>
      )}
      <ConfirmForm tokenHash={tokenHash} />
    </AuthCard>
  );
}
