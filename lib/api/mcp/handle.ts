// The HTTP side of /api/mcp. Stateless Streamable HTTP: every POST gets a fresh server and transport, answers in JSON and
// keeps nothing. The app runs as several processes sharing only the database (docs/operations/self-hosting.md), the tools
// answer at once (long work is queued), and the server never speaks unprompted, so a session would hold nothing worth
// pinning a client to one process: without one, any process answers any call, restarts and deploys cut nobody off, and
// there is no per-process session table to cap or expire. Authentication and the rate limit run on every request (route()).
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isJSONRPCRequest, type JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { API_KEY_PREFIX } from "@/lib/auth/api-key-secret";
import type { Principal } from "@/lib/auth/principal";
import { DomainError } from "@/lib/core/errors";
import type { RequestInfo } from "@/lib/core/context";
import { limitRequest } from "../limit-request";
import { errorResponse } from "../render-error";
import { MAX_JSON_BODY_BYTES } from "../read-body";
import type { RouteHandler } from "../route";
import { createMcpServer } from "./server";

/**
 * The endpoint takes an API key in `x-api-key` or as `Authorization: Bearer <key>` (what most MCP clients can send).
 * route() reads a Bearer token as a session token, so a Bearer API key is handed to it as `x-api-key`.
 */
export function acceptingBearerApiKey(handler: RouteHandler): RouteHandler {
  const run = (req: Request, next?: Parameters<RouteHandler>[1]) => handler(bearerKeyAsApiKey(req), next);
  return Object.assign(run, { operation: handler.operation });
}

function bearerKeyAsApiKey(req: Request): Request {
  if (req.headers.has("x-api-key")) return req;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  if (!m || !m[1].startsWith(API_KEY_PREFIX)) return req;
  const headers = new Headers(req.headers);
  headers.delete("authorization");
  headers.set("x-api-key", m[1]);
  return new Request(req, { headers });
}

function apiKeyCaller(principal: Principal, request: RequestInfo) {
  if (principal.kind !== "apiKey") {
    throw new DomainError("UNAUTHORIZED", "The MCP endpoint takes an API key (x-api-key or Authorization: Bearer <key>), not a session");
  }
  return { principal, request };
}

/** JSON-RPC requests one POST may carry; each one beyond is answered with an error and never run. */
export const MCP_MAX_BATCH = 20;
/** The JSON-RPC errors of a batch's requests refused here (-32000..-32099 is the implementation-defined range). */
export const MCP_RATE_LIMITED = -32029;
export const MCP_BATCH_TOO_LARGE = -32600;

/** POST: one JSON-RPC message (or batch) through a server made for this request. */
export async function handleMcpPost(req: Request, principal: Principal, request: RequestInfo): Promise<Response> {
  const server = createMcpServer(apiKeyCaller(principal, request));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_JSON_BODY_BYTES });
  await server.connect(transport);
  countEachRequest(transport, principal, request);
  try {
    return await transport.handleRequest(req);
  } finally {
    await server.close();
  }
}

/** GET (an event stream) and DELETE (end a session): a stateless server has neither; MCP clients take 405 as "none". */
export function mcpMethodNotAllowed(principal: Principal, request: RequestInfo, method: string): Response {
  apiKeyCaller(principal, request);
  const error = new DomainError("METHOD_NOT_ALLOWED", `${method} is not offered: the MCP endpoint is stateless (no event stream, no session); send POST`);
  return errorResponse(error, { allow: "POST" });
}

/**
 * Each JSON-RPC request of a batch is a call of its own: route() counted the POST as one unit of the key's rate limit,
 * which covers its first request; every further one takes a unit more, and beyond the limit it is answered with a
 * JSON-RPC error (code MCP_RATE_LIMITED, `data: {code: "RATE_LIMITED", retryAfterSeconds}`) and never run. At most
 * MCP_MAX_BATCH requests run per POST; those beyond get MCP_BATCH_TOO_LARGE without being counted or run.
 */
function countEachRequest(transport: WebStandardStreamableHTTPServerTransport, principal: Principal, request: RequestInfo): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  let seen = 0;
  transport.onmessage = (message, extra) => {
    if (!isJSONRPCRequest(message)) return deliver(message, extra);
    const n = ++seen;
    if (n === 1) return deliver(message, extra);
    if (n > MCP_MAX_BATCH) {
      void refuse(message.id, MCP_BATCH_TOO_LARGE, `Invalid Request: at most ${MCP_MAX_BATCH} requests in one batch; send the rest in another`, { code: "BATCH_TOO_LARGE", limit: MCP_MAX_BATCH });
      return;
    }
    void limitRequest(principal, request).then(({ refusal }) => {
      if (!refusal) return deliver(message, extra);
      return refuse(message.id, MCP_RATE_LIMITED, refusal.message, { code: "RATE_LIMITED", ...refusal.meta });
    }, (error: unknown) => {
      console.error("[mcp] counting a batch request failed", error);
      return refuse(message.id, -32603, "Internal error", undefined);
    });
  };
  const refuse = (id: JSONRPCRequest["id"], code: number, message: string, data: Record<string, unknown> | undefined) =>
    transport.send({ jsonrpc: "2.0", id, error: { code, message, ...(data ? { data } : {}) } }).catch(() => {});
}
