import { redirect } from "next/navigation";
import { runOperation } from "@/lib/actions/run-operation";
import { finishMastodonConnection } from "@/lib/operations/publishing";

export const dynamic = "force-dynamic";

/** Where the Mastodon instance sends the founder back: the code becomes the connection's token, then project settings. */
export async function GET(request: Request) {
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "";
  const code = url.searchParams.get("code") ?? "";
  if (!code) redirect(`/projects?connected=denied`);
  const result = await runOperation(finishMastodonConnection, { body: { state, code } });
  if (!result.ok) {
    if (result.error.code === "unauthorized") redirect("/login");
    redirect("/projects?connected=failed");
  }
  redirect(`/projects/${result.data.connection.projectId}/settings?connected=mastodon#connections`);
}
