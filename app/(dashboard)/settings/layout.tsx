import type { ReactNode } from "react";
import { SettingsNav } from "@/components/settings-nav";
import { PageHeader } from "@/components/ui";

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader title="Settings" description="Your account, your plan, the apps you connected and your API keys." />
      <SettingsNav />
      <div className="space-y-6">{children}</div>
    </>
  );
}
