import type { accounts } from "./schema";

/** An account row as the core passes it around: the caller every service acts for. */
export type AccountRecord = typeof accounts.$inferSelect;
