import { config } from "@/lib/config";
import { createSiteKeyAction, updateLinkSettingsAction } from "./actions";
import { SiteSetup } from "./site-setup";

/** The tracking setup (the site, tracking on or off, the site snippet) for a project, where Results and settings show it. */
export function TrackingSetup({
  projectId,
  settings,
}: {
  projectId: string;
  settings: { siteUrl: string | null; siteUrlFrom: "settings" | "onboarding" | null; linkTracking: boolean };
}) {
  return (
    <SiteSetup
      siteUrl={settings.siteUrl}
      siteUrlFrom={settings.siteUrlFrom}
      linkTracking={settings.linkTracking}
      appUrl={config().appUrl}
      saveSettings={updateLinkSettingsAction.bind(null, projectId)}
      makeSiteKey={createSiteKeyAction.bind(null, projectId)}
    />
  );
}
