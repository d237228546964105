import {
  bootstrapRequest,
  bootstrapResponse,
  meResponse,
  resendConfirmationRequest,
  resendConfirmationResponse,
  signupRequest,
  signupResponse,
} from "@/lib/schemas/account";
import { bootstrapKey } from "@/lib/services/key-bootstrap";
import { describeAccount } from "@/lib/services/me";
import { resendConfirmation as resendConfirmationService, signUp } from "@/lib/services/signup";
import { defineOperation } from "./operation";

export const signup = defineOperation({
  id: "signup",
  rest: { method: "POST", path: "/api/v1/signup" },
  principals: ["none"],
  tag: "Account",
  summary: "Create an account",
  description:
    "Sends a confirmation e-mail and answers 202 `confirmation_required`; never returns a key and never reveals whether the e-mail was known. " +
    "With a solved `captchaToken` (browser) the account gets the free tier; without (API) it starts unactivated until a paid plan is activated through checkout. " +
    "Next: open the e-mail's link, or POST its `token_hash` to /api/v1/keys/bootstrap.",
  body: signupRequest,
  captcha: "captchaToken",
  status: 202,
  response: signupResponse,
  errors: ["signups_closed", "invalid_invite", "invalid_captcha", "provider_unavailable"],
  limit: "signup",
  handler: ({ body }, ctx) => signUp(ctx, body),
});

export const resendConfirmation = defineOperation({
  id: "resendConfirmation",
  rest: { method: "POST", path: "/api/v1/signup/resend" },
  principals: ["none"],
  tag: "Account",
  summary: "Send the confirmation e-mail again",
  description:
    "Sends the newest pending sign-up's confirmation link again, with that sign-up's own password and door: nothing about the account changes. " +
    "Answers 202 `resend_requested` whether or not the address is known, pending or confirmed (only a pending one gets an e-mail). " +
    "At most 3 an hour per address and 10 per client address (429).",
  body: resendConfirmationRequest,
  status: 202,
  response: resendConfirmationResponse,
  handler: ({ body }, ctx) => resendConfirmationService(ctx, body),
});

export const bootstrapApiKey = defineOperation({
  id: "bootstrapApiKey",
  rest: { method: "POST", path: "/api/v1/keys/bootstrap" },
  principals: ["none"],
  tag: "Account",
  summary: "Confirm the e-mail and get an API key",
  description:
    "Exchanges the `token_hash` of the confirmation e-mail for a new API key, shown once. " +
    "An identical retry within 15 minutes replays the identical response; an unknown, expired or used token is 400 `invalid_token`. " +
    "When the sign-in service fails to check the token, the answer is 503 `provider_unavailable`: retry.",
  body: bootstrapRequest,
  response: bootstrapResponse,
  errors: ["invalid_token", "provider_unavailable"],
  handler: ({ body }, ctx) => bootstrapKey(ctx, body),
});

export const getMe = defineOperation({
  id: "getMe",
  rest: { method: "GET", path: "/api/v1/me" },
  tag: "Account",
  summary: "The caller's account, limits, usage and billing",
  description: "While the account is unactivated, `activation.checkout` is the request that gets a checkout link.",
  response: meResponse,
  tool: {
    name: "account_get",
    title: "Your account",
    description:
      "Shows the account behind the API key: plan, limits, usage today and billing. Call it first to see what the plan allows; while the account is unactivated, `activation.checkout` says how to upgrade (billing_checkout).",
    readOnly: true,
    idempotent: true,
  },
  handler: (_input, ctx) => describeAccount(ctx),
});
