// The MCP endpoint on a real socket: a node:http server on 127.0.0.1 handing each request to app/api/mcp/route.ts as
// Next.js would (a Web Request, params as a promise), so the SDK's own client and transports talk to the real route.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as mcpRoute from "@/app/api/mcp/route";

type Handler = (req: Request, next: { params: Promise<Record<string, string>> }) => Promise<Response>;
const HANDLERS: Record<string, Handler | undefined> = { GET: mcpRoute.GET, POST: mcpRoute.POST, DELETE: mcpRoute.DELETE };

export type McpApp = { url: string; requests: number; close: () => Promise<void> };

export async function startMcpApp(): Promise<McpApp> {
  const app = { url: "", requests: 0, close: async () => {} };
  const server = http.createServer(async (req, res) => {
    try {
      app.requests++;
      const handler = HANDLERS[req.method ?? ""];
      if (!req.url?.startsWith("/api/mcp") || !handler) {
        res.writeHead(req.url?.startsWith("/api/mcp") ? 405 : 404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) for (const one of [v ?? []].flat()) headers.append(k, one);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(`${app.url}${req.url}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
      const response = await handler(request, { params: Promise.resolve({}) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) {
        const reader = response.body.getReader();
        for (let r = await reader.read(); !r.done; r = await reader.read()) res.write(r.value);
      }
      res.end();
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  app.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app.close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return app;
}

/** The SDK's client, connected over Streamable HTTP with the key as `Authorization: Bearer` (or `x-api-key`). */
export async function connectClient(app: McpApp, key: string, how: "bearer" | "x-api-key" = "bearer"): Promise<Client> {
  const headers: Record<string, string> = how === "bearer" ? { authorization: `Bearer ${key}` } : { "x-api-key": key };
  const client = new Client({ name: "indexwatch-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/api/mcp", app.url), { requestInit: { headers } }));
  return client;
}

export type ToolAnswer<T = any> = { isError: boolean; data: T; result: CallToolResult };

/** Calls a tool; `data` is the JSON of its text content (what an assistant reads), also checked against structuredContent. */
export async function tool<T = any>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer<T>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  const data = JSON.parse(text) as T;
  if (result.structuredContent) expectSame(result.structuredContent, data);
  return { isError: result.isError === true, data, result };
}

function expectSame(a: unknown, b: unknown) {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error("structuredContent differs from the text content");
}
