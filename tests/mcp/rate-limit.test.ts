// /api/mcp is rate-limited like the API: every HTTP request counts against the key (route()), and a refused one is the
// API's 429 RATE_LIMITED, which the SDK's client surfaces as an error (the process goes on and recovers).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { createTestApiKey, createTestProject, createTestUser } from "../factories";
import { openStore, policies, sleep, STORES, uniquePrefix } from "../rate-limit/stores";
import { connectClient, startMcpApp, tool, type McpApp } from "./helpers";

const spec = STORES.find((s) => s.kind === "postgres")!;
let app: McpApp;

beforeAll(async () => {
  // 6 requests per 5 s per key.
  await replaceRateLimits(createRateLimits(openStore(spec), policies({ apiMinute: { points: 6, duration: 5 }, anonymous: { points: 100, duration: 60 } }), uniquePrefix("mcp")));
  app = await startMcpApp();
});
afterAll(async () => {
  await app?.close();
  await replaceRateLimits(undefined);
});

describe("/api/mcp rate limit", () => {
  it("counts each request against the key, answers 429 RATE_LIMITED beyond it, then serves the same client again", async () => {
    const user = await createTestUser("mcp-rl");
    const { key } = await createTestApiKey(user, ["projects:read", "organization:read"]);
    const project = await createTestProject(user, { domain: `rl-${crypto.randomUUID().slice(0, 8)}.example` });
    const client = await connectClient(app, key, "x-api-key"); // initialize and its notification count too
    try {
      const outcomes: string[] = [];
      for (let i = 0; i < 8 && !outcomes.some((o) => o !== "ok"); i++) {
        outcomes.push(await tool(client, "list_projects").then((r) => (r.isError ? r.data.error.code : "ok"), (e: Error) => e.message));
      }
      expect(outcomes.filter((o) => o === "ok").length).toBeGreaterThanOrEqual(2);
      expect(outcomes.filter((o) => o === "ok").length).toBeLessThanOrEqual(4);
      expect(outcomes.at(-1)).toMatch(/429[\s\S]*RATE_LIMITED/);
      await sleep(5100);
      const again = await tool(client, "get_project_overview", { projectId: project.id });
      expect(again.isError).toBe(false);
    } finally {
      await client.close();
    }
  }, 30_000);

  it("counts each request of a batch against the key: those beyond the limit get a JSON-RPC error and are not run", async () => {
    const user = await createTestUser("mcp-rl-batch");
    const { key } = await createTestApiKey(user, ["projects:read", "organization:read"]);
    await createTestProject(user, { domain: `rlb-${crypto.randomUUID().slice(0, 8)}.example` });
    const batch = Array.from({ length: 10 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name: "list_projects", arguments: {} } }));
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": key },
      body: JSON.stringify(batch),
    });
    expect(res.status).toBe(200);
    const answers = (await res.json()) as { id: number; result?: { isError?: boolean }; error?: { code: number; message: string; data: Record<string, unknown> } }[];
    expect(answers.map((a) => a.id).sort((a, b) => a - b)).toEqual(batch.map((m) => m.id));
    // The POST's own unit covers the first request; 5 more units are left in the window of 6.
    const ran = answers.filter((a) => a.result);
    const refused = answers.filter((a) => a.error);
    expect(ran).toHaveLength(6);
    expect(ran.every((a) => a.result!.isError !== true)).toBe(true);
    expect(refused).toHaveLength(4);
    for (const a of refused) {
      expect(a.error).toMatchObject({ code: -32029, message: expect.stringMatching(/^Too many requests; try again in \d+ seconds?$/), data: { code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) } });
    }
    // The window is spent: the next POST is the API's 429.
    const next = await fetch(`${app.url}/api/mcp`, {
      method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": key },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(next.status).toBe(429);
    await next.text();
  }, 30_000);

  it("answers a raw request beyond the limit with the API's 429 envelope and Retry-After", async () => {
    const user = await createTestUser("mcp-rl-raw");
    const { key } = await createTestApiKey(user, ["projects:read", "organization:read"]);
    const post = () => fetch(`${app.url}/api/mcp`, {
      method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${key}` },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 7; i++) {
      const res = await post();
      statuses.push(res.status);
      if (res.status === 429) refused = res;
      else await res.text();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused!.json()).toMatchObject({ success: false, status: 429, code: "RATE_LIMITED" });
  }, 30_000);
});
