import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui";

/** A project section's title: the page's one h1 (the shell names the project in its breadcrumbs). */
export function SectionHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return <PageHeader title={title} description={description} actions={actions} />;
}
