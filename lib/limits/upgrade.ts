import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { checkoutPointer, type PaidPlan } from "./plans";

export type GatedFeature = "projects" | "runs" | "exports" | "growth";

/**
 * The 402 of every plan gate: which plans lift the lock, the request that returns a
 * checkout link for the first of them, and where pricing and billing are explained.
 */
export function upgradeRequired(feature: GatedFeature, plans: PaidPlan[], message: string): AppError {
  const { appUrl } = config();
  return new AppError("upgrade_required", message, {
    details: {
      feature,
      upgrade: {
        plans,
        checkout: checkoutPointer(plans[0] ?? "studio"),
        pricingUrl: `${appUrl}/pricing`,
        docsUrl: `${appUrl}/docs/billing`,
      },
    },
  });
}
