import { z } from "zod";
import { createCaptchaChallenge } from "@/lib/auth/captcha";
import { defineOperation } from "./operation";

/** The browser signup form's proof-of-work challenge (not part of the versioned API). */
export const getCaptchaChallenge = defineOperation({
  id: "getCaptchaChallenge",
  reads: true,
  principals: ["none"],
  tag: "Account",
  summary: "An ALTCHA challenge for browser signups",
  response: z.record(z.string(), z.unknown()),
  handler: async (_input, ctx) => ({ ...(await createCaptchaChallenge(ctx.now)) }),
});
