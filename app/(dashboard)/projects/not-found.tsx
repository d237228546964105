import { ButtonLink, EmptyState } from "@/components/ui";

export default function ProjectNotFound() {
  return (
    <EmptyState
      title="No such project"
      description="This project does not exist or belongs to another account."
      action={<ButtonLink href="/dashboard">Back to your projects</ButtonLink>}
    />
  );
}
