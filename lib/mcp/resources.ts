import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "@/lib/errors";
import type { AuthenticatedContext } from "@/lib/operations/operation";
import { downloadAllContent } from "@/lib/services/exports";
import { getPlaybook } from "@/lib/services/playbook";
import { listProjects } from "@/lib/services/projects";

const asResourceError = (error: unknown) =>
  error instanceof AppError ? new McpError(ErrorCode.InvalidParams, JSON.stringify({ error: error.message, code: error.code, ...error.details })) : error;

/** Each project's playbook and launch pack as Markdown resources (the same services and gates as REST). */
export function registerProjectResources(server: McpServer, ctx: AuthenticatedContext) {
  const listed = (suffix: string, label: string) => async () => ({
    resources: (await listProjects(ctx)).projects.map((project) => ({
      uri: `launchloop://projects/${project.id}/${suffix}`,
      name: `${project.name}: ${label}`,
      mimeType: "text/markdown",
    })),
  });

  server.registerResource(
    "playbook",
    new ResourceTemplate("launchloop://projects/{projectId}/playbook", { list: listed("playbook", "Marketing Playbook") }),
    { title: "Marketing Playbook", description: "The project's strategy: positioning, audience, brand, voice, channels, launch plan, learnings.", mimeType: "text/markdown" },
    async (uri, { projectId }) => {
      try {
        const { playbook } = await getPlaybook(ctx, String(projectId));
        return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: playbook.markdown }] };
      } catch (error) {
        throw asResourceError(error);
      }
    },
  );

  server.registerResource(
    "launch-pack",
    new ResourceTemplate("launchloop://projects/{projectId}/launch-pack", { list: listed("launch-pack", "launch pack") }),
    { title: "Launch pack", description: "Every approved content item of the project as one Markdown document (plans with exports).", mimeType: "text/markdown" },
    async (uri, { projectId }) => {
      try {
        const file = await downloadAllContent(ctx, String(projectId));
        return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: String(file.body) }] };
      } catch (error) {
        throw asResourceError(error);
      }
    },
  );
}
