import type { z } from "zod";
import { paidPlans, type planSchema } from "@/lib/schemas/common";

export type Plan = z.infer<typeof planSchema>;
export type PaidPlan = (typeof paidPlans)[number];
export { paidPlans };

export interface Entitlements {
  projects: number;
  dailyRuns: number;
  dailyRunsScope: "account" | "project";
  canExport: boolean;
  canGrow: boolean;
}

/** The one table of what each plan may do. Every gate in the product asks it. */
export const planCatalog = {
  free: { priceUsd: 0, projects: 1, dailyRuns: 15, dailyRunsScope: "account", canExport: false, canGrow: false },
  pro: { priceUsd: 24, projects: 1, dailyRuns: 40, dailyRunsScope: "account", canExport: true, canGrow: true },
  studio: { priceUsd: 89, projects: 10, dailyRuns: 100, dailyRunsScope: "project", canExport: true, canGrow: true },
} as const satisfies Record<Plan, Entitlements & { priceUsd: number }>;

/** An unactivated account (an API signup without a paid plan) may do nothing yet. */
export const noEntitlements: Entitlements = {
  projects: 0,
  dailyRuns: 0,
  dailyRunsScope: "account",
  canExport: false,
  canGrow: false,
};

export function entitlementsOf(account: { plan: Plan; activated: boolean }): Entitlements {
  if (!account.activated) return noEntitlements;
  const { priceUsd: _price, ...entitlements } = planCatalog[account.plan];
  return entitlements;
}

/** The cheapest paid plan that allows what `allows` asks (what a gated action's badge names), or null when none does. */
export function cheapestPlanWith(allows: (entitlements: Entitlements) => boolean): PaidPlan | null {
  const offering = paidPlans.filter((plan) => allows(planCatalog[plan]));
  return offering.sort((a, b) => planCatalog[a].priceUsd - planCatalog[b].priceUsd)[0] ?? null;
}

/** The plans as the discovery endpoint and the pricing page list them. */
export function publicPlans() {
  return (Object.keys(planCatalog) as Plan[]).map((plan) => ({
    plan,
    priceUsd: planCatalog[plan].priceUsd,
    projects: planCatalog[plan].projects,
    dailyRuns: planCatalog[plan].dailyRuns,
    dailyRunsScope: planCatalog[plan].dailyRunsScope,
    canExport: planCatalog[plan].canExport,
    canGrow: planCatalog[plan].canGrow,
  }));
}

/** The request a client sends to get a checkout link for `plan`. */
export function checkoutPointer(plan: PaidPlan) {
  return { method: "POST" as const, path: "/api/v1/billing/checkout" as const, body: { plan } };
}
