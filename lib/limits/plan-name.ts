const names: Record<string, string> = { free: "Free", pro: "Pro", studio: "Studio" };

/** A plan as founders read it everywhere (pages, e-mails, error sentences): "Free", "Pro", "Studio". */
export const planName = (plan: string) => names[plan] ?? plan.charAt(0).toUpperCase() + plan.slice(1);

/** "Pro and Studio": the plans that allow something, in one sentence. */
export const planNames = (plans: readonly string[]) =>
  plans.length <= 1
    ? plans.map(planName).join("")
    : `${plans.slice(0, -1).map(planName).join(", ")} and ${planName(plans.at(-1)!)}`;
