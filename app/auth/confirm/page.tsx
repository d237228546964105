import { KeyBootstrapForm } from "@/components/key-bootstrap-form";

export const dynamic = "force-dynamic";

export default async function ConfirmPage({ searchParams }: { searchParams: Promise<{ token_hash?: string }> }) {
  const { token_hash: tokenHash } = await searchParams;
  if (!tokenHash) {
    return (
      <>
        <h1>Confirm your e-mail</h1>
        <p className="error">This link has no token. Open the link from your confirmation e-mail again.</p>
      </>
    );
  }
  return (
    <>
      <h1>Confirm your e-mail</h1>
      <p className="muted">One click confirms your address and creates your first API key.</p>
      <KeyBootstrapForm tokenHash={tokenHash} />
      <p className="muted">
        From a terminal instead: <code>POST /api/v1/keys/bootstrap</code> with <code>{`{"tokenHash":"${tokenHash}"}`}</code>.
      </p>
    </>
  );
}
