import { AuthCard } from "@/components/auth-card";
import { ForgotPasswordForm } from "./forgot-form";

export const metadata = { title: "Forgot your password" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the address you signed up with. We e-mail you a link to choose a new password."
      footer={
        <p>
          Remembered it? <a href="/login">Sign in</a>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
