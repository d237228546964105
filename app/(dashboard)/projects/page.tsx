import { redirect } from "next/navigation";

/** The projects list is the dashboard's first screen. */
export default function ProjectsPage() {
  redirect("/dashboard");
}
