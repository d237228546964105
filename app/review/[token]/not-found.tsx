import { EmptyState } from "@/components/ui";

export default function ReviewLinkNotFound() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16">
      <EmptyState
        title="This link does not work"
        description="It may have expired, been revoked, or been mistyped. Ask the founder who sent it for a new one."
      />
    </div>
  );
}
