/** The shell's places: a project's sections and the account's settings, in the order the sidebar shows them. */
export const projectSections = [
  { segment: "launch", label: "Launch" },
  { segment: "pack", label: "Launch pack" },
  { segment: "playbook", label: "Playbook" },
  { segment: "growth", label: "Growth" },
  { segment: "results", label: "Results" },
  { segment: "settings", label: "Project settings" },
] as const;

export const accountSections = [
  { href: "/settings/account", label: "Account" },
  { href: "/settings/billing", label: "Plan and billing" },
  { href: "/settings/connected-apps", label: "Connected apps" },
  { href: "/settings/webhooks", label: "Webhooks" },
  { href: "/settings/keys", label: "API keys" },
] as const;

export interface ShellProject {
  id: string;
  name: string;
  status: string;
}

/** The project a dashboard path is about (`/projects/<id>/…`), if any. */
export function projectIdInPath(pathname: string): string | undefined {
  const match = /^\/projects\/([^/]+)/.exec(pathname);
  return match && match[1] !== "new" ? match[1] : undefined;
}

/** Whether `href` is the page at `pathname` or one of its sub-pages. */
export const isCurrent = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/** Where a project opens: the launch until its pack is ready, then the pack, then the growth loop. */
export function projectHome(project: ShellProject): string {
  const section = project.status === "growth" ? "growth" : project.status === "launch_ready" ? "pack" : "launch";
  return `/projects/${project.id}/${section}`;
}
