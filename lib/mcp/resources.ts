import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "@/lib/errors";
import type { AuthenticatedContext } from "@/lib/operations/operation";
import { downloadAllContent } from "@/lib/services/exports";
import { getPlaybook } from "@/lib/services/playbook";
import { listProjects } from "@/lib/services/projects";

/** Markdown documents every project has, read through the same services (and gates) as REST. */
const projectDocuments = [
  {
    name: "playbook",
    title: "Marketing Playbook",
    description: "The project's strategy: positioning, audience, brand, voice, channels, launch plan, learnings.",
    read: async (ctx: AuthenticatedContext, projectId: string) => (await getPlaybook(ctx, projectId)).playbook.markdown,
  },
  {
    name: "launch-pack",
    title: "Launch pack",
    description: "Every approved content item of the project as one Markdown document (plans with exports).",
    read: async (ctx: AuthenticatedContext, projectId: string) => String((await downloadAllContent(ctx, projectId)).body),
  },
];

const asResourceError = (error: unknown) =>
  error instanceof AppError ? new McpError(ErrorCode.InvalidParams, JSON.stringify({ error: error.message, code: error.code, ...error.details })) : error;

/** Each project's playbook and launch pack as Markdown resources. */
export function registerProjectResources(server: McpServer, ctx: AuthenticatedContext) {
  for (const document of projectDocuments) {
    const list = async () => ({
      resources: (await listProjects(ctx)).projects.map((project) => ({
        uri: `launchloop://projects/${project.id}/${document.name}`,
        name: `${project.name}: ${document.title}`,
        mimeType: "text/markdown",
      })),
    });
    server.registerResource(
      document.name,
      new ResourceTemplate(`launchloop://projects/{projectId}/${document.name}`, { list }),
      { title: document.title, description: document.description, mimeType: "text/markdown" },
      async (uri, { projectId }) => {
        try {
          return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: await document.read(ctx, String(projectId)) }] };
        } catch (error) {
          throw asResourceError(error);
        }
      },
    );
  }
}
