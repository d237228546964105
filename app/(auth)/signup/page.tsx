import { AuthCard } from "@/components/auth-card";
import { SignupForm } from "./signup-form";

export const metadata = { title: "Create your account" };

export default function SignupPage() {
  return (
    <AuthCard
      title="Create your Launchloop account"
      description="Free to start: one project, the five-agent launch pipeline and your Marketing Playbook."
      footer={
        <>
          <p>
            Already have an account? <a href="/login">Sign in</a>
          </p>
          <p>
            Building an agent or a script? <a href="/docs">Sign up through the API</a>
          </p>
        </>
      }
    >
      <SignupForm />
    </AuthCard>
  );
}
