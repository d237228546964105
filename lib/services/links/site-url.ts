import type { ProjectRecord } from "../project-records";

/** The founder's site: set in link settings, else the first address of their onboarding answers. */
export function siteUrlOf(project: Pick<ProjectRecord, "siteUrl" | "onboarding">): string | null {
  if (project.siteUrl) return project.siteUrl;
  const found = /https?:\/\/[^\s,;)]+/.exec(project.onboarding.assetUrls ?? "")?.[0];
  return found ?? null;
}
