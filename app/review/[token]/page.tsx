import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui";
import { runOperation } from "@/lib/actions/run-operation";
import { getReviewWeek } from "@/lib/operations/reviews";
import { ReviewBoard } from "./review-board";

export const metadata: Metadata = {
  title: "Review this week",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/**
 * One week of a founder's posts, for a co-founder or adviser holding the link: approve, ask for
 * changes or edit, no account needed. Gone (404) once the link expires or is revoked.
 */
export default async function ReviewPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const result = await runOperation(getReviewWeek, { params: { token } });
  if (!result.ok) {
    if (result.error.code === "not_found" || result.error.code === "invalid_request") notFound();
    throw new Error(result.error.error);
  }
  const { project, week, items, reviewerApprovalSchedules } = result.data;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        eyebrow={`${project.name} · week ${week.weekNumber} · for review`}
        title={week.theme}
        description={
          reviewerApprovalSchedules
            ? "Approve what is ready: your approval schedules it. Ask for changes or edit the text where it is not."
            : "Approve what is ready, ask for changes or edit the text. The founder makes the final call before anything goes out."
        }
      />
      <ReviewBoard token={token} items={items} open={week.status === "approved"} />
    </div>
  );
}
