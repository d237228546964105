import { redirect } from "next/navigation";
import { runOperation } from "@/lib/actions/run-operation";
import { finishOAuthConnection } from "@/lib/operations/publishing";
import { oauthNetworkSchema } from "@/lib/schemas/publishing";

export const dynamic = "force-dynamic";

/** Where LinkedIn, X, Threads and Reddit send the founder back: the code becomes the connection's tokens, then project settings. */
export async function GET(request: Request, { params }: { params: Promise<{ network: string }> }) {
  const parsed = oauthNetworkSchema.safeParse((await params).network);
  if (!parsed.success) redirect("/projects?connected=failed");
  const network = parsed.data;
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "";
  const code = url.searchParams.get("code") ?? "";
  if (!code) redirect("/projects?connected=denied");
  const result = await runOperation(finishOAuthConnection, { body: { network, state, code } });
  if (!result.ok) {
    if (result.error.code === "unauthorized") redirect("/login");
    redirect("/projects?connected=failed");
  }
  redirect(`/projects/${result.data.connection.projectId}/settings?connected=${network}#connections`);
}
