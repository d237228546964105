import { metadataJson, preflight } from "@/lib/http/oauth/endpoint";
import { protectedResourceMetadata } from "@/lib/oauth/metadata";

export const dynamic = "force-dynamic";

/** RFC 9728: the MCP server as an OAuth protected resource. */
export const GET = () => metadataJson(protectedResourceMetadata());
export const OPTIONS = preflight;
