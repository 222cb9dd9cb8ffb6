// The stdio entry for MCP clients that only start local processes:
//   npm run -s mcp -- --url https://indexwatch.example.com --key iwk_…      (or INDEXWATCH_URL / INDEXWATCH_API_KEY)
// It speaks MCP on stdin/stdout and forwards every message, unchanged, to the app's Streamable HTTP endpoint
// (/api/mcp) with the API key, and every answer back: the tools, scopes and limits are the endpoint's own.
// Nothing but MCP messages is written to stdout; diagnostics go to stderr.
import { parseArgs } from "node:util";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

const { values } = parseArgs({ options: { url: { type: "string" }, key: { type: "string" } }, allowPositionals: false });
const base = values.url ?? process.env.INDEXWATCH_URL;
const key = values.key ?? process.env.INDEXWATCH_API_KEY;
if (!base || !key) {
  process.stderr.write("usage: npm run -s mcp -- --url <app base URL, e.g. http://localhost:3000> --key <API key>\n"
    + "       (or set INDEXWATCH_URL and INDEXWATCH_API_KEY)\n");
  process.exit(2);
}

const endpoint = new URL("/api/mcp", base);
const upstream = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { "x-api-key": key } } });
const local = new StdioServerTransport();

const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: string | number; method: string } => "method" in m && "id" in m;

local.onmessage = (message) => {
  upstream.send(message).catch((error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    process.stderr.write(`indexwatch-mcp: ${endpoint.href}: ${text}\n`);
    // A request must be answered: the HTTP failure (unreachable app, 401 bad key, 429) becomes its JSON-RPC error.
    if (isRequest(message)) {
      void local.send({ jsonrpc: "2.0", id: message.id, error: { code: -32000, message: `IndexWatch at ${endpoint.origin} did not answer: ${text}` } });
    }
  });
};
upstream.onmessage = (message) => {
  // The protocol version the server chose goes on every later request, as the SDK's own client does.
  const result = (message as { result?: { protocolVersion?: unknown } }).result;
  if (result && typeof result.protocolVersion === "string") upstream.setProtocolVersion(result.protocolVersion);
  void local.send(message);
};
upstream.onerror = (error) => process.stderr.write(`indexwatch-mcp: ${error.message}\n`);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await upstream.close().catch(() => {});
  await local.close().catch(() => {});
  process.exit(0);
}
local.onclose = () => void shutdown();
process.stdin.on("end", () => void shutdown());
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());

await upstream.start();
await local.start();
process.stderr.write(`indexwatch-mcp: forwarding stdio to ${endpoint.href}\n`);
