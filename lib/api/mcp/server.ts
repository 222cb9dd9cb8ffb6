// The MCP server of one HTTP request (stateless, lib/api/mcp/handle.ts): the tools (lib/api/mcp/tools/, one file each) on the SDK's
// low-level handlers, so that their arguments are checked by the REST declarations' schemas in route()'s order and every
// refusal is a tool result with a stable code; the project summaries as resources; two prompts.
import crypto from "node:crypto";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Protocol } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { DomainError } from "@/lib/core/errors";
import { listProjects } from "@/lib/projects/list-projects";
import { getProjectsOp } from "../operations/projects";
import { toDomainError } from "../render-error";
import { callOperation, type McpCaller } from "./call-operation";
import { PROMPTS } from "./prompts";
import { ToolRefusal } from "./tool";
import { TOOL_BY_NAME, TOOLS } from "./tools";
import { projectOverview } from "./tools/get-project-overview";

export const MCP_SERVER_NAME = "indexwatch";
export const MCP_SERVER_VERSION = "1.0.0";
export const SUMMARY_URI = "indexwatch://projects/{projectId}/summary";

const INSTRUCTIONS = [
  "IndexWatch monitors how well websites are indexed by Google (Google Search Console; fields named engineA…) and Bing (Bing Webmaster Tools; "
    + "fields named engineB…), audits every tracked URL with its own crawler and groups problems into issues.",
  "Start with list_projects, then get_project_overview. search_urls filters the URL inventory (e.g. engineAState: crawled_not_indexed); "
    + "get_url explains one URL: our audit, Google's and Bing's verdicts with where they came from, open issues with how to fix them, history.",
  "check_again, inspect_now and render_url spend the organization's credits, declare_removal spends Search Console quota and changes what is submitted to "
    + "IndexNow: say the cost, ask the user, and only then call them with confirm: true. cancel_removal cannot be undone: ask first. "
    + "Nothing waits for queued inspections or followed removals: read their progress with get_inspection_queue, get_url and get_removal.",
  "A failed call answers isError with a JSON {error: {code, message, …}}: NOT_FOUND (unknown id, or not this key's organization), FORBIDDEN "
    + "(the API key lacks a scope), VALIDATION_ERROR (bad arguments, see meta.errors), CONFIRMATION_REQUIRED, INSUFFICIENT_CREDITS, RATE_LIMITED, "
    + "RENDERER_UNAVAILABLE.",
].join("\n\n");

// JSON Schemas of the tools, computed once per process: zod's input form of the declarations' schemas.
let listed: Tool[] | undefined;
function listedTools(): Tool[] {
  listed ??= TOOLS.map((t) => {
    const { $schema: _s, ...inputSchema } = z.toJSONSchema(t.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    return {
      name: t.name, title: t.title, description: t.description,
      inputSchema: { ...inputSchema, type: "object" } as Tool["inputSchema"],
      annotations: { title: t.title, ...t.annotations },
    };
  });
  return listed;
}

function result(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
}

function errorResult(code: string, message: string, meta?: Record<string, unknown>): CallToolResult {
  const error = { code, message, ...meta };
  return { content: [{ type: "text", text: JSON.stringify({ error }) }], structuredContent: { error }, isError: true };
}

/** Arguments must be an object naming only the tool's own fields; their values are checked by the declarations' schemas. */
function argumentRefusal(input: z.ZodObject, args: unknown): CallToolResult | null {
  if (args === undefined) return null;
  if (typeof args !== "object" || args === null || Array.isArray(args)) return errorResult("VALIDATION_ERROR", "Arguments must be an object");
  const known = new Set(Object.keys(input.shape));
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length) {
    return errorResult("VALIDATION_ERROR", "Request validation failed", {
      errors: unknown.map((path) => ({ path, message: `Unknown argument; this tool takes ${[...known].join(", ") || "none"}`, code: "unrecognized_keys" })),
    });
  }
  const confirm = (args as Record<string, unknown>).confirm;
  if (confirm !== undefined && typeof confirm !== "boolean") {
    return errorResult("VALIDATION_ERROR", "Request validation failed", { errors: [{ path: "confirm", message: "Must be a boolean", code: "invalid_type" }] });
  }
  return null;
}

export async function callTool(caller: McpCaller, name: string, args: unknown): Promise<CallToolResult> {
  const tool = TOOL_BY_NAME.get(name);
  if (!tool) return errorResult("NOT_FOUND", `No tool named ${name}; tools/list names them`);
  const refusal = argumentRefusal(tool.input, args);
  if (refusal) return refusal;
  try {
    return result(await tool.run(caller, (args ?? {}) as Record<string, unknown>));
  } catch (e) {
    if (e instanceof ToolRefusal) return errorResult(e.code, e.message, e.meta);
    const err = toDomainError(e, crypto.randomUUID());
    return errorResult(err.code, err.message, err.meta);
  }
}

const LooseCallToolRequest = z.object({ method: z.literal(CallToolRequestSchema.shape.method.value), params: z.unknown() });

/** The tool's name from tools/call params; anything but `{name: string, arguments?}` is a -32602 in our words. */
function toolName(params: unknown): string {
  const name = typeof params === "object" && params !== null && !Array.isArray(params) ? (params as { name?: unknown }).name : undefined;
  if (typeof name !== "string" || !name) {
    // Not an McpError, whose message gains an "MCP error -32602:" prefix: the client sees this message as it is.
    throw Object.assign(new Error("Invalid params: tools/call takes {name: a tool's name (tools/list names them), arguments: an object of its arguments}"), { code: ErrorCode.InvalidParams });
  }
  return name;
}

/** A new server for one request, acting for one API key. */
export function createMcpServer(caller: McpCaller): McpServer {
  const mcp = new McpServer({ name: MCP_SERVER_NAME, title: "IndexWatch", version: MCP_SERVER_VERSION }, { instructions: INSTRUCTIONS });
  mcp.server.registerCapabilities({ tools: { listChanged: false } });
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools() }));
  // Protocol's registration, not Server's: Server's checks tools/call against the SDK's schema first and answers a
  // malformed one with zod's raw dump. Ours answers -32602 in our words, or a tool error for arguments that are no object.
  Protocol.prototype.setRequestHandler.call(mcp.server, LooseCallToolRequest as never,
    ((req: z.infer<typeof LooseCallToolRequest>) => callTool(caller, toolName(req.params), (req.params as { arguments?: unknown }).arguments)) as never);

  mcp.registerResource("project-summary", new ResourceTemplate(SUMMARY_URI, {
    list: async () => {
      const { data } = await callOperation(caller, getProjectsOp, { query: { limit: 100 } }, ({ ctx, query }) => listProjects(ctx, query));
      return {
        resources: data.map((p) => ({
          uri: SUMMARY_URI.replace("{projectId}", p.id), name: `${p.name} (${p.domain})`, mimeType: "application/json",
          description: `Counters, Google and Bing coverage and the top open issues of ${p.domain}`,
        })),
      };
    },
  }), {
    title: "Project summary", mimeType: "application/json",
    description: "A project's counters, Google and Bing coverage and most severe open issues (the get_project_overview tool's answer)",
  }, async (uri, { projectId }) => {
    try {
      const overview = await projectOverview(caller, { projectId: String(projectId) });
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(overview) }] };
    } catch (e) {
      const err = e instanceof DomainError ? e : toDomainError(e, crypto.randomUUID());
      throw new Error(`${err.code}: ${err.message}`);
    }
  });

  for (const p of PROMPTS) mcp.registerPrompt(p.name, { title: p.title, description: p.description, argsSchema: p.args }, p.messages as never);
  return mcp;
}
