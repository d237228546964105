import {
  billingPortalResponse,
  deleteAccountRequest,
  deleteAccountResponse,
  deleteProjectParams,
  deleteProjectRequest,
  deleteProjectResponse,
} from "@/lib/schemas/account-admin";
import { deleteAccount as deleteAccountService, deleteProject as deleteProjectService } from "@/lib/services/account-deletion";
import { openBillingPortal as openBillingPortalService } from "@/lib/services/billing-portal";
import { defineOperation } from "./operation";

// What an API key may not do (service-api.md section 5 point 4): delete the account or
// projects, manage billing. These admit only a signed-in browser session; they have no
// REST route or MCP tool, and any key that reached them would get 403 `forbidden`.

export const deleteProject = defineOperation({
  id: "deleteProject",
  principals: ["session"],
  tag: "Projects",
  summary: "Delete a project and all its content (signed-in browser only)",
  params: deleteProjectParams,
  body: deleteProjectRequest,
  response: deleteProjectResponse,
  handler: ({ params, body }, ctx) => deleteProjectService(ctx, { projectId: params.id, ...body }),
});

export const deleteAccount = defineOperation({
  id: "deleteAccount",
  principals: ["session"],
  tag: "Account",
  summary: "Delete the account and all its data (signed-in browser only)",
  body: deleteAccountRequest,
  response: deleteAccountResponse,
  errors: ["provider_unavailable"],
  reaches: "the payment provider (Stripe): what it could still charge is cancelled",
  handler: ({ body }, ctx) => deleteAccountService(ctx, body),
});

export const openBillingPortal = defineOperation({
  id: "openBillingPortal",
  principals: ["session"],
  tag: "Billing",
  summary: "Open Stripe's customer portal (signed-in browser only)",
  response: billingPortalResponse,
  errors: ["not_found", "provider_unavailable"],
  reaches: "the payment provider (Stripe): its billing portal session is created there",
  handler: (_input, ctx) => openBillingPortalService(ctx),
});
