import { AddressOfPage } from "@/components/shell/address-of-page";
import DashboardPage from "../dashboard/page";

export { metadata } from "../dashboard/page";

/** The projects list is the dashboard's first screen: drawn here, shown at its own address. */
export default function ProjectsPage(props: { searchParams: Promise<{ password_changed?: string }> }) {
  return (
    <>
      <AddressOfPage pathname="/dashboard" />
      <DashboardPage {...props} />
    </>
  );
}
