import type { z } from "zod";
import type { upgradeError } from "@/lib/schemas/errors";

/** The body of a 402, as the API sends it (its response schema's type): which plans lift the lock and how to check out. */
export type UpgradeBody = z.output<typeof upgradeError>;

export const isUpgrade = (error: { code: string }): error is UpgradeBody => error.code === "upgrade_required";
