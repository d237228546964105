import { z } from "zod";

/** Every machine code the service answers with, and what it means on the wire. */
export const errorCodes = {
  invalid_request: { status: 400, retryable: false, message: "The request is not valid." },
  invalid_json: { status: 400, retryable: false, message: "The request body is not valid JSON." },
  invalid_captcha: { status: 400, retryable: false, message: "The captcha solution is invalid, expired or already used." },
  captcha_required: {
    status: 400,
    retryable: false,
    message: "Too many sign-in attempts on this address or account: solve the spam check, then sign in again.",
  },
  invalid_token: { status: 400, retryable: false, message: "The confirmation token is unknown, expired or already used." },
  invalid_signature: { status: 400, retryable: false, message: "The webhook signature is missing or invalid." },
  run_not_reviewable: { status: 400, retryable: false, message: "Only a completed run can be reviewed." },
  unauthorized: { status: 401, retryable: false, message: "A valid API key is required: send 'Authorization: Bearer <key>'." },
  invalid_credentials: { status: 401, retryable: false, message: "That e-mail and password do not match an account." },
  upgrade_required: { status: 402, retryable: false, message: "Your plan does not include this." },
  forbidden: { status: 403, retryable: false, message: "This action is not permitted." },
  insufficient_scope: {
    status: 403,
    retryable: false,
    message: "This connected app was not allowed to do this: connect it again and allow it, or use an API key.",
  },
  signups_closed: { status: 403, retryable: false, message: "Signups are closed." },
  invalid_invite: { status: 403, retryable: false, message: "The invite code is missing or invalid." },
  not_found: { status: 404, retryable: false, message: "Not found." },
  method_not_allowed: { status: 405, retryable: false, message: "This method is not allowed on this path." },
  idempotency_request_in_progress: {
    status: 409,
    retryable: true,
    message: "A request with this Idempotency-Key is still running: retry after Retry-After seconds to get its answer.",
  },
  not_confirmed: { status: 409, retryable: false, message: "Confirm the project before running its pipeline." },
  step_mismatch: { status: 409, retryable: false, message: "That agent is not the project's current pipeline step." },
  agent_running: { status: 409, retryable: true, message: "An agent is already running for this project." },
  review_pending: { status: 409, retryable: false, message: "The current step's last run is waiting for review." },
  pipeline_incomplete: { status: 409, retryable: false, message: "Approve all five pipeline steps before starting growth." },
  growth_not_started: { status: 409, retryable: false, message: "Start the growth phase before planning a cycle." },
  cycle_open: { status: 409, retryable: false, message: "Another cycle is still open for this project." },
  cycle_state: { status: 409, retryable: false, message: "The cycle is not in a state that allows this." },
  invalid_transition: { status: 409, retryable: false, message: "The item cannot move to that status from its current one." },
  image_limit: { status: 409, retryable: false, message: "The post carries as many images as a post can: remove one first." },
  not_publishable: {
    status: 409,
    retryable: false,
    message: "Only an approved item with a connected account can be published or scheduled.",
  },
  connection_refused: {
    status: 400,
    retryable: false,
    message: "The network refused to connect that account: check the address and credentials.",
  },
  unsupported_media_type: {
    status: 415,
    retryable: false,
    message: "Send the request body as JSON (Content-Type: application/json).",
  },
  payload_too_large: { status: 413, retryable: false, message: "The request body is too large." },
  idempotency_key_reused: {
    status: 422,
    retryable: false,
    message: "This Idempotency-Key was used with another request (method, path or body): use a new key for a new request.",
  },
  rate_limited: { status: 429, retryable: true, message: "Too many requests. Slow down and retry later." },
  daily_run_limit: { status: 429, retryable: true, message: "The daily run limit of your plan is reached." },
  write_limit: { status: 429, retryable: true, message: "The hourly write limit is reached." },
  internal_error: { status: 500, retryable: true, message: "Something went wrong on our side." },
  service_unavailable: {
    status: 503,
    retryable: true,
    message: "The service is temporarily unavailable (its database cannot be reached). Retry shortly.",
  },
  billing_unavailable: {
    status: 503,
    retryable: false,
    message: "No payment provider is configured on this server, so no plan can be bought here; your plan is unchanged.",
  },
  provider_unavailable: { status: 503, retryable: true, message: "A service we depend on is unavailable. Retry later." },
} as const satisfies Record<string, { status: number; retryable: boolean; message: string }>;

export type ErrorCode = keyof typeof errorCodes;
export const errorCodeSchema = z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]);
