import { z } from "zod";
import { email, text } from "@/lib/schemas/common";

// The browser's sign-in and password forms, closed like every API body; the same
// e-mail and password rules as the signup request.
export const password = text(8, 200);

export const signInForm = z.strictObject({
  email,
  password: z.string().min(1, "Enter your password").max(200),
  /** Asked for once an e-mail or an address has failed too often (the ALTCHA widget's payload). */
  captchaToken: text(1, 4096).optional(),
});
export const forgotPasswordForm = z.strictObject({ email });
export const resetPasswordForm = z.strictObject({ tokenHash: text(1, 512), password, keepApiKeys: z.boolean() });
export const linkToken = z.strictObject({ tokenHash: text(1, 512) });
export const confirmForm = z.strictObject({
  tokenHash: text(1, 512),
  password: z.string().min(1, "Enter your password").max(200),
});
