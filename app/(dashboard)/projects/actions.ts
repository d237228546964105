"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { createCheckout } from "@/lib/operations/billing";

/** Sends the 402's checkout request for the signed-in founder; the card then goes to the hosted page. */
export async function startCheckout(plan: "pro" | "studio") {
  return runOperation(createCheckout, { body: { plan } });
}
