import { cheapestPlanWith, type Entitlements } from "@/lib/limits/plans";
import { planName } from "./plan-name";

/** What the founder's plan does not allow yet, each as the name of the cheapest plan that does: the badges on gated actions. */
export interface PlanNeeds {
  growth?: string;
  exports?: string;
  /** Only once the plan's project limit is reached. */
  moreProjects?: string;
}

const nameOf = (plan: string | null) => (plan ? planName(plan) : undefined);

export function planNeeds(limits: Entitlements, projectsUsed: number): PlanNeeds {
  return {
    growth: limits.canGrow ? undefined : nameOf(cheapestPlanWith((plan) => plan.canGrow)),
    exports: limits.canExport ? undefined : nameOf(cheapestPlanWith((plan) => plan.canExport)),
    moreProjects:
      projectsUsed < limits.projects
        ? undefined
        : nameOf(cheapestPlanWith((plan) => plan.projects > Math.max(projectsUsed, limits.projects))),
  };
}
