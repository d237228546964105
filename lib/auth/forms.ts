import { z } from "zod";
import { email, text } from "@/lib/schemas/common";

// The browser's sign-in and password forms, closed like every API body; the same
// e-mail and password rules as the signup request.
export const password = text(8, 200);

export const signInForm = z.strictObject({ email, password: z.string().min(1, "Enter your password").max(200) });
export const forgotPasswordForm = z.strictObject({ email });
export const resetPasswordForm = z.strictObject({ tokenHash: text(1, 512), password });
export const confirmForm = z.strictObject({ tokenHash: text(1, 512) });
