import "server-only";
import { readOperationResult } from "@/lib/actions/run-operation";
import { getProjectLogo } from "@/lib/operations/dashboard";

/** A short-lived address of the project's logo, or null when it has none (or it cannot be read now); a page read, not metered. */
export async function projectLogoUrl(projectId: string): Promise<string | null> {
  const result = await readOperationResult(getProjectLogo, { params: { id: projectId } });
  return result.ok ? (result.data.logo?.url ?? null) : null;
}
