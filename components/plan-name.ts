const names: Record<string, string> = { free: "Free", pro: "Pro", studio: "Studio" };

/** A plan as founders read it everywhere: "Free", "Pro", "Studio". */
export const planName = (plan: string) => names[plan] ?? plan.charAt(0).toUpperCase() + plan.slice(1);
