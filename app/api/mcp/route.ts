import { route } from "@/lib/api/route";
import { deleteMcpOp, getMcpOp, postMcpOp } from "@/lib/api/operations/mcp";
import { acceptingBearerApiKey, handleMcpPost, mcpMethodNotAllowed } from "@/lib/api/mcp/handle";

// POST /api/mcp — the Model Context Protocol (Streamable HTTP, stateless; lib/api/mcp): tools, resources, prompts
export const POST = acceptingBearerApiKey(route(postMcpOp, async ({ req, principal, ctx }) => handleMcpPost(req, principal, ctx.request)));

// GET /api/mcp — no server-sent event stream: 405
export const GET = acceptingBearerApiKey(route(getMcpOp, async ({ principal, ctx }) => mcpMethodNotAllowed(principal, ctx.request, "GET")));

// DELETE /api/mcp — no session to end: 405
export const DELETE = acceptingBearerApiKey(route(deleteMcpOp, async ({ principal, ctx }) => mcpMethodNotAllowed(principal, ctx.request, "DELETE")));
