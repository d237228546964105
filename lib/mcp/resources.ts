import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ServiceContext } from "@/lib/core/context";
import { asServiceError, describeError } from "@/lib/db/errors";
import { AppError, toErrorEnvelope } from "@/lib/errors";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import type { AnyOperation } from "@/lib/operations/operation";

/** Runs an operation through the executor (limits, validation, gates), as REST and the tools do. */
const run = <O extends AnyOperation>(operation: O, ctx: ServiceContext, params: Record<string, string> = {}) =>
  executeOperation(operation, { params }, { ...ctx, now: new Date() });

/** Markdown documents every project has, read through the same operations (and gates) as REST. */
const projectDocuments = [
  {
    name: "playbook",
    title: "Marketing Playbook",
    description: "The project's strategy: positioning, audience, brand, voice, channels, launch plan, learnings.",
    read: async (ctx: ServiceContext, projectId: string) =>
      (await run(operations.getPlaybook, ctx, { id: projectId })).playbook.markdown,
  },
  {
    name: "launch-pack",
    title: "Launch pack",
    description: "Every approved content item of the project as one Markdown document (plans with exports).",
    read: async (ctx: ServiceContext, projectId: string) =>
      String((await run(operations.downloadAllContent, ctx, { id: projectId })).body),
  },
];

/** A resource error as a JSON-RPC error whose message is the REST envelope. */
const asResourceError = (thrown: unknown, requestId: string) => {
  const error = asServiceError(thrown);
  if (!(error instanceof AppError)) console.error(`[${requestId}] MCP resource failed: ${describeError(error)}`);
  const envelope = toErrorEnvelope(error);
  const code = envelope.status < 500 ? ErrorCode.InvalidParams : ErrorCode.InternalError;
  return new McpError(code, JSON.stringify({ ...envelope.body, status: envelope.status }));
};

/** Each project's playbook and launch pack as Markdown resources. */
export function registerProjectResources(server: McpServer, ctx: ServiceContext) {
  for (const document of projectDocuments) {
    const list = async () => {
      try {
        const { projects } = await run(operations.listProjects, ctx);
        return {
          resources: projects.map((project) => ({
            uri: `launchloop://projects/${project.id}/${document.name}`,
            name: `${project.name}: ${document.title}`,
            mimeType: "text/markdown",
          })),
        };
      } catch (error) {
        throw asResourceError(error, ctx.requestId);
      }
    };
    server.registerResource(
      document.name,
      new ResourceTemplate(`launchloop://projects/{projectId}/${document.name}`, { list }),
      { title: document.title, description: document.description, mimeType: "text/markdown" },
      async (uri, { projectId }) => {
        try {
          return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: await document.read(ctx, String(projectId)) }] };
        } catch (error) {
          throw asResourceError(error, ctx.requestId);
        }
      },
    );
  }
}
