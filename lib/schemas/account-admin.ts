import { z } from "zod";
import { idParams, text } from "./common";

export const deleteProjectParams = idParams;
export const deleteProjectRequest = z
  .strictObject({ confirmName: text(1, 200).describe("The project's name, typed again to confirm") })
  .meta({ id: "DeleteProjectRequest" });
export const deleteProjectResponse = z
  .object({ deleted: z.literal(true), projectId: z.uuid() })
  .meta({ id: "DeleteProjectResponse" });

export const deleteAccountRequest = z
  .strictObject({ confirmEmail: text(1, 254).describe("The account's e-mail, typed again to confirm") })
  .meta({ id: "DeleteAccountRequest" });
export const deleteAccountResponse = z.object({ deleted: z.literal(true) }).meta({ id: "DeleteAccountResponse" });

export const billingPortalResponse = z
  .object({ url: z.url().describe("Stripe's customer portal for this account") })
  .meta({ id: "BillingPortalResponse" });
