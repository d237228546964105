import { createRouter } from "@/lib/http/router";
import { apiOperations } from "@/lib/operations";

// Every /api/v1 request is routed by the operation declarations, so the routes, the
// OpenAPI document and the MCP tools cannot drift apart.
const dispatch = createRouter(apiOperations);

export const dynamic = "force-dynamic";
export const maxDuration = 300;

export { dispatch as GET, dispatch as POST, dispatch as PUT, dispatch as PATCH, dispatch as DELETE, dispatch as OPTIONS };
