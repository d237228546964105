import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth-card";
import { Notice } from "@/components/ui";
import { currentBrowserSession } from "@/lib/actions/browser-session";
import { isSafeReturnPath, safeReturnPath } from "@/lib/schemas/return-path";
import { LoginForm } from "./login-form";

export const metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string; signed_out?: string }> }) {
  const { next, signed_out: signedOut } = await searchParams;
  if (await currentBrowserSession()) redirect(safeReturnPath(next));
  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to your projects, launch packs and growth loop."
      footer={
        <p>
          New to Launchloop? <a href="/signup">Create an account</a>
        </p>
      }
    >
      {signedOut && <Notice tone="success">You are signed out.</Notice>}
      <LoginForm next={isSafeReturnPath(next) ? next : undefined} />
    </AuthCard>
  );
}
