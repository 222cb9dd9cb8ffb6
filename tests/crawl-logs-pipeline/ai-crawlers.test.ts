// The AI crawler access matrix: each token's access under the live robots.txt (our robots engine) beside
// its family's verified hits in 30 days.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as aiRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/ai-crawlers/route";
import { getAiCrawlers } from "@/lib/crawl-logs/identify/get-ai-crawlers";
import { createSafeFetcher } from "@/lib/net/safe-fetch";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { startTestSite, type TestSite } from "../fakes/test-site";
import { createTestTenant, type TestTenant } from "../factories";
import { call } from "../http";
import { projectFor, type Target } from "../urls/helpers";
import { combined, IP, UA, uploadAndWait } from "./helpers";

let dns: FakeDnsServer;
let site: TestSite;
let owner: TestTenant;
let t: Target;

beforeAll(async () => {
  dns = await startFakeDns();
  process.env.DNS_SERVERS = dns.server;
  site = await startTestSite({ hostnames: ["*.ai-crawlers.test"] });
  site.route("/robots.txt", (_req, res) => void res.writeHead(200, { "content-type": "text/plain" })
    .end("User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow: /private\n\nUser-agent: *\nAllow: /\n"));
  owner = await createTestTenant("ai-crawlers");
  t = await projectFor(owner, `shop-${crypto.randomUUID().slice(0, 8)}.ai-crawlers.test`);
});
afterAll(async () => { await site.close(); await dns.close(); });

describe("AI crawlers", () => {
  it("show robots.txt access per token and verified hits per family", async () => {
    const at = new Date(Date.now() - 3_600_000);
    await uploadAndWait(t, [combined(IP.gptbot, at, "/", 200, UA.gptbot), combined(IP.gptbot, at, "/x", 200, UA.gptbot),
      combined(IP.spoofed, at, "/", 200, UA.gptbot)].join("\n"));
    const fetcher = createSafeFetcher({ connectTo: site.connectTo([t.domain]), tlsCa: site.ca });
    const data = await getAiCrawlers(owner.ctx, t.projectId, { fetcher });
    expect(data.robotsStatus).toBe(200);
    const row = (token: string) => data.crawlers.find((c) => c.token === token)!;
    expect(data.crawlers.map((c) => c.token)).toEqual(["GPTBot", "OAI-SearchBot", "ChatGPT-User", "ClaudeBot", "Claude-User", "Claude-SearchBot", "PerplexityBot",
      "Perplexity-User", "Google-Extended", "Applebot-Extended", "CCBot", "Bytespider", "Amazonbot", "meta-externalagent"]);
    expect(row("GPTBot")).toMatchObject({ allowed: false, verifiedHits30d: 2, operator: "OpenAI" });
    expect(row("GPTBot").lastSeenAt).not.toBeNull();
    expect(row("CCBot").allowed).toBe(false);
    expect(row("Google-Extended")).toMatchObject({ allowed: true, family: null, verifiedHits30d: 0 });
    expect(row("ClaudeBot")).toMatchObject({ allowed: true, verifiedHits30d: 0, lastSeenAt: null });
  });

  it("say null when robots.txt cannot be read, and 404 for another organization", async () => {
    const unreachable = createSafeFetcher({ connectTo: `${t.domain}:443:127.0.0.1:9` });
    const data = await getAiCrawlers(owner.ctx, t.projectId, { fetcher: unreachable });
    expect(data.robotsError).not.toBeNull();
    expect(data.crawlers.every((c) => c.allowed === null)).toBe(true);
    const other = await projectFor(await createTestTenant("ai-crawlers-other"));
    const res = await call(aiRoute.GET, { url: `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}/ai-crawlers`,
      headers: other.headers, params: { organizationId: t.orgId, id: t.projectId } });
    expect(res.res.status).toBe(404);
  });
});
