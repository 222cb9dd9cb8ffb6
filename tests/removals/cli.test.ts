// The operator CLI's `removals:follow` (scripts/cli.ts, run as its own process, as an operator runs it) against the
// fake site, in a network set up as in production: DNS_SERVERS names our DNS server, CONNECT_TO maps every host's
// ports 80 and 443 to the fake site, NODE_EXTRA_CA_CERTS trusts its CA. A site whose robots.txt answers 404 is
// audited like any other: its gone URL is confirmed by the site, IndexNow is told, and the URL still served is
// recorded with the site's verdict.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { declareRemoval } from "@/lib/removals/declare-removal";
import { startTestSite, type TestSite } from "../fakes/test-site";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { createTestTenant, type TestTenant } from "../factories";
import { removalProject } from "./helpers";

let site: TestSite;
let dns: FakeDnsServer;
let tenant: TestTenant;
let caFile: string;
const domain = `cli-${Date.now().toString(36)}.removals.test`;

beforeAll(async () => {
  [site, dns, tenant] = await Promise.all([startTestSite({ hostnames: [domain, `www.${domain}`] }), startFakeDns(), createTestTenant("removals-cli")]);
  dns.set(domain, { A: ["93.184.216.34"] });
  caFile = path.join(mkdtempSync(path.join(tmpdir(), "removals-cli-")), "ca.pem");
  writeFileSync(caFile, site.ca);
});
afterAll(async () => { await Promise.all([site.close(), dns.close()]); });

function cli(args: string[], overrides: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env, DNS_SERVERS: dns.server, CONNECT_TO: `:443:127.0.0.1:${site.httpsPort},:80:127.0.0.1:${site.httpPort}`, NODE_EXTRA_CA_CERTS: caFile, ...overrides,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], { env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe("npm run cli -- removals:follow", () => {
  it("audits the URLs of a site whose robots.txt answers 404: the gone one is confirmed and goes to IndexNow, the other keeps the site's verdict", async () => {
    site.route("/old", { status: 404, body: "gone" });
    site.route("/still", { status: 200, body: "<html><head><title>still here</title></head></html>" });
    const p = await removalProject(tenant, { host: domain }, ["/old", "/still"]);
    await db.project.update({ where: { id: p.projectId }, data: { indexNowKey: "k".repeat(32), indexNowKeySource: "generated", indexNowKeyVerifiedAt: new Date() } });
    const batch = await declareRemoval(tenant.ctx, p.projectId, { urls: [p.urls["/old"].url, p.urls["/still"].url], intent: "gone", stuckAfterDays: 30 });

    const run = await cli(["removals:follow", "--project", p.projectId]);
    expect(run.stderr).not.toContain("error");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout.trim().split("\n").at(-1)!)).toMatchObject({ projectId: p.projectId, siteChecked: 2, confirmed: 1 });

    const row = (id: string) => db.removalUrl.findFirstOrThrow({ where: { batchId: batch.id, trackedUrlId: id } });
    expect(await row(p.urls["/old"].id)).toMatchObject({ state: "confirmed_by_site", siteConfirmed: true, siteReason: "answers 404", siteHttpStatus: 404 });
    expect(await row(p.urls["/still"].id)).toMatchObject({ state: "pending", siteConfirmed: false, siteReason: "still answers 200", siteHttpStatus: 200 });
    expect(await db.indexNowQueueEntry.count({ where: { trackedUrlId: p.urls["/old"].id } })).toBe(1);
    expect(site.requests.map((r) => `${r.host} ${r.path}`)).toEqual(expect.arrayContaining([`${domain} /robots.txt`, `${domain} /old`, `${domain} /still`]));
  }, 150_000);
});

describe("npm run cli -- removals:follow, when robots.txt cannot be read", () => {
  it("says robots.txt could not be read and why, never that a rule keeps our crawler out", async () => {
    const lost = `lost-${Date.now().toString(36)}.removals.test`; // our DNS server answers NXDOMAIN for it
    const p = await removalProject(tenant, { host: lost }, ["/old"]);
    const batch = await declareRemoval(tenant.ctx, p.projectId, { urls: [p.urls["/old"].url], intent: "gone", stuckAfterDays: 30 });
    const run = await cli(["removals:follow", "--project", p.projectId], { CONNECT_TO: "" });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout.trim().split("\n").at(-1)!)).toMatchObject({ siteChecked: 1, confirmed: 0 });
    const row = await db.removalUrl.findFirstOrThrow({ where: { batchId: batch.id } });
    expect(row).toMatchObject({ state: "pending", siteConfirmed: false });
    expect(row.siteReason).toMatch(/^robots\.txt could not be read \(.*NXDOMAIN.*\): the page was not checked$/);
  }, 150_000);
});
