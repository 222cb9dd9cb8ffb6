// OpenAPI registrations of the Model Context Protocol endpoint (lib/api/mcp): one defineOperation per method.
import { z } from "zod";
import { defineOperation } from "../operation";

const P = "/api/mcp";
const tags = ["MCP"];

const JsonRpcMessage = z.looseObject({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number()]).optional(),
  method: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
}).describe("A JSON-RPC 2.0 message of the Model Context Protocol (request, notification or response)");

const ACCESS = "Authenticate with an API key, in `x-api-key` or `Authorization: Bearer <key>` (a session is refused: tools act in the key's "
  + "organization). Each request counts against the key's rate limit like any API request. Each tool checks the scopes and tenancy of the REST "
  + "endpoint it mirrors: a read-only key lists and reads, `projects:write` is needed to queue or run inspections.";

export const postMcpOp = defineOperation({
  method: "POST", path: P, tags, scopes: [], body: z.union([JsonRpcMessage, z.array(JsonRpcMessage)]), bodyContentType: "application/json",
  response: JsonRpcMessage, rawResponse: true, errors: ["RATE_LIMITED", "PAYLOAD_TOO_LARGE"],
  summary: "Model Context Protocol (Streamable HTTP, stateless)",
  description: [
    "The product's tools, resources and prompts for AI assistants, over MCP's Streamable HTTP transport. Send JSON-RPC messages with "
      + "`Accept: application/json, text/event-stream`; answers are JSON. The server is stateless: it issues no `Mcp-Session-Id`, any process "
      + "behind the load balancer answers any request, and a client stays connected for as many calls as it likes.",
    ACCESS,
    "Tools: list_projects, get_project_overview, search_urls, get_url, get_url_history, list_issues, list_issue_urls, get_trends, "
      + "test_robots_txt, list_removals, get_removal, get_inspection_queue, check_again, inspect_now, render_url. The three that spend credits (check_again, "
      + "inspect_now, render_url) say so and "
      + "refuse unless called with `confirm: true`. A failed tool call answers a result with `isError: true` and the error code.",
  ].join("\n\n"),
});

export const getMcpOp = defineOperation({
  method: "GET", path: P, tags, scopes: [], errors: ["METHOD_NOT_ALLOWED"], response: JsonRpcMessage, rawResponse: true,
  summary: "MCP server-sent event stream (not offered: 405)",
  description: "The stateless server sends nothing unprompted, so it offers no standalone event stream: an authenticated GET answers 405 "
    + "METHOD_NOT_ALLOWED with `Allow: POST`, which MCP clients take as \"no stream\". " + ACCESS,
});

export const deleteMcpOp = defineOperation({
  method: "DELETE", path: P, tags, scopes: [], errors: ["METHOD_NOT_ALLOWED"], response: JsonRpcMessage, rawResponse: true,
  summary: "End an MCP session (none to end: 405)",
  description: "The stateless server keeps no session, so there is none to terminate: an authenticated DELETE answers 405 METHOD_NOT_ALLOWED "
    + "with `Allow: POST`, which MCP clients accept. " + ACCESS,
});
