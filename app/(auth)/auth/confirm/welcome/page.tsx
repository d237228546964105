import { AuthCard } from "@/components/auth-card";
import { ButtonLink } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { getMe } from "@/lib/operations/account";

export const metadata = { title: "You are in" };

export default async function WelcomePage() {
  const me = await readOperation(getMe);
  return (
    <AuthCard
      title="Your e-mail is confirmed"
      description={
        <>
          Welcome, {me.account.email}. You are signed in on the {me.account.plan} plan.
        </>
      }
    >
      <p className="text-[15px]">
        Start your first project from the dashboard. If you drive Launchloop from code or an AI agent, create an API key too.
      </p>
      <div className="flex flex-col gap-3">
        <ButtonLink href="/dashboard">Go to my dashboard</ButtonLink>
        <ButtonLink href="/settings/keys" variant="secondary">
          Create an API key
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
