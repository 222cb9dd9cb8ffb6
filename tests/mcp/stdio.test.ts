// The stdio bridge (scripts/mcp-stdio.ts, `npm run mcp`): spawned as an MCP client spawns it, talked to with the SDK's
// StdioClientTransport, forwarding to the real route on a socket (tests/mcp/helpers.ts).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { db } from "@/lib/db";
import { createTestApiKey, createTestProject, createTestUser } from "../factories";
import { startMcpApp, tool, type McpApp } from "./helpers";

let app: McpApp;
let key: string;
let projectId: string;

beforeAll(async () => {
  app = await startMcpApp();
  const user = await createTestUser("mcp-stdio");
  key = (await createTestApiKey(user, ["projects:read", "organization:read"])).key;
  const project = await createTestProject(user, { domain: `stdio-${crypto.randomUUID().slice(0, 8)}.example` });
  projectId = project.id;
  await db.trackedUrl.create({ data: { organizationId: user.organizationId, projectId, url: `https://${project.domain}/a`, source: "manual", engineAState: "crawled_not_indexed" } });
});
afterAll(() => app?.close());

function bridge(args: string[]) {
  // Exactly what an MCP client configured from docs/guide/mcp.md runs: npm's script, silent so stdout carries only MCP.
  return new StdioClientTransport({ command: "npm", args: ["run", "-s", "mcp", "--", ...args], cwd: process.cwd(), env: { ...process.env } as Record<string, string>, stderr: "pipe" });
}

describe("npm run mcp (stdio bridge)", () => {
  it("speaks MCP on stdio and forwards tools, resources and prompts to the HTTP endpoint", async () => {
    const before = app.requests;
    const client = new Client({ name: "stdio-test", version: "1.0.0" });
    await client.connect(bridge(["--url", app.url, "--key", key]));
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "indexwatch" });
      expect(client.getInstructions()).toMatch(/Google/);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("get_project_overview");
      const overview = await tool(client, "get_project_overview", { projectId });
      expect(overview.isError).toBe(false);
      expect(overview.data.counters).toMatchObject({ totalUrls: 1, notIndexedUrls: 1 });
      const urls = await tool(client, "search_urls", { projectId, engineAState: "crawled_not_indexed" });
      expect(urls.data.meta.total).toBe(1);
      const refused = await tool(client, "inspect_now", { projectId, urlId: urls.data.urls[0].id, confirm: true });
      expect(refused.data.error).toMatchObject({ code: "FORBIDDEN" });
      expect((await client.listResources()).resources).toHaveLength(1);
      expect((await client.listPrompts()).prompts).toHaveLength(2);
      expect(app.requests - before).toBeGreaterThanOrEqual(7);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("answers the initialize with an error (not a hang) when the key is refused", async () => {
    const client = new Client({ name: "stdio-test", version: "1.0.0" });
    await expect(client.connect(bridge(["--url", app.url, "--key", "iwk_wrong"]))).rejects.toThrow(/401|credentials/i);
    await client.close();
  }, 60_000);
});
