// Server logs through the HTTP route: a real combined log (plain and gzip) is spooled, processed by the
// in-process job and read back as aggregates and TrackedUrl fields; spoofed crawlers are reported apart.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { createTestTenant } from "../factories";
import { admit, projectFor, type Target } from "../urls/helpers";
import { activity, combined, IP, listImports, UA, untracked, upload, uploadAndWait } from "./helpers";

let dns: FakeDnsServer;
let t: Target;
const NOW = Date.now();
const ago = (hours: number) => new Date(Math.floor((NOW - hours * 3600_000) / 1000) * 1000);

beforeAll(async () => {
  dns = await startFakeDns();
  process.env.DNS_SERVERS = dns.server;
  t = await projectFor(await createTestTenant("crawl-logs"));
  await admit(t, ["/a", "/b", "/c"].map((p) => `https://${t.domain}${p}`));
  await db.trackedUrl.updateMany({ where: { projectId: t.projectId }, data: { httpStatus: 200 } });
});
afterAll(async () => { await dns.close(); });

function sampleLog() {
  return [
    combined(IP.googlebot, ago(5), "/a", 200, UA.googlebot),
    combined(IP.googlebot, ago(4), "/a", 200, UA.googlebot),
    combined(IP.googlebot, ago(3), "/b", 200, UA.googlebot),
    combined(IP.spoofed, ago(3), "/a", 200, UA.googlebot),
    combined(IP.spoofed, ago(2), "/a", 200, UA.googlebot),
    combined(IP.bingbot, ago(2), "/b", 301, UA.bingbot),
    combined(IP.googlebot, ago(2), "/c", 503, UA.googlebot),
    combined(IP.googlebot, ago(1), "/c", 403, UA.googlebot),
    combined(IP.googlebot, ago(1), "/old-page?utm=1", 200, UA.googlebot),
    combined(IP.gptbot, ago(1), "/a", 200, UA.gptbot),
    combined(IP.browser, ago(1), "/a", 200, UA.browser),
    combined(IP.googlebot, ago(1), "http://elsewhere.example/a", 200, UA.googlebot),
    "this is not a log line",
    "",
  ].join("\n");
}

const tracked = async () => Object.fromEntries((await db.trackedUrl.findMany({ where: { projectId: t.projectId } }))
  .map((u) => [new URL(u.url).pathname, u]));

describe("uploading a server log", () => {
  it("counts verified crawler fetches per URL, reports spoofed ones apart, and fills the TrackedUrl fields", async () => {
    const imp = await uploadAndWait(t, sampleLog(), { fileName: "access.log" });
    expect(imp).toMatchObject({
      status: "completed", format: "ncsa_combined", fileName: "access.log", linesRead: 13, linesParsed: 12, crawlerHits: 11,
      verifiedHits: 8, unverifiedHits: 2, otherHostHits: 1, rejected: 1, error: null,
    });
    expect(imp.rejectSamples).toEqual([{ line: 13, reason: expect.any(String) }]);

    const u = await tracked();
    expect(u["/a"].crawlerHits30d).toBe(3); // two Googlebot + GPTBot; the spoofed two are not the crawler
    expect(u["/a"].lastGooglebotFetchAt).toEqual(ago(4));
    expect(u["/b"].lastBingbotFetchAt).not.toBeNull();
    expect(u["/c"].crawlerHits30d).toBe(2);

    const a = (await activity(t)).body.data;
    const g = a.totals.find((x: { crawler: string }) => x.crawler === "googlebot");
    expect(g).toMatchObject({ name: "Googlebot", verifiedHits: 6, unverifiedHits: 2, status2xx: 4, status4xx: 1, status5xx: 1 });
    expect(a.totals.find((x: { crawler: string }) => x.crawler === "bingbot")).toMatchObject({ name: "Bingbot", verifiedHits: 1, status3xx: 1 });
    expect(a.totals.find((x: { crawler: string }) => x.crawler === "gptbot")).toMatchObject({ name: "GPTBot", verifiedHits: 1 });
    expect(a.timeToCrawl.googlebot.urls).toBe(3);

    const un = (await untracked(t)).body;
    expect(un.data).toEqual([expect.objectContaining({ url: `https://${t.domain}/old-page?utm=1`, verifiedHits: 1, lastStatus: 200 })]);
    expect(un.meta.total).toBe(1);

    // Googlebot got 503/403 on /c while our audit sees 200: a crawler_blocked issue.
    const issue = await db.issue.findFirst({ where: { projectId: t.projectId, type: "crawler_blocked" } });
    expect(issue).toMatchObject({ status: "open", affectedUrlCount: 1 });
  });

  it("reads a gzip upload the same way, adding to the stored days", async () => {
    const imp = await uploadAndWait(t, gzipSync(sampleLog()), { fileName: "access.log.gz" });
    expect(imp).toMatchObject({ status: "completed", linesRead: 13, verifiedHits: 8, unverifiedHits: 2 });
    expect((await tracked())["/a"].crawlerHits30d).toBe(6);
    const g = (await activity(t, "?crawler=googlebot&days=7")).body.data;
    expect(g.totals).toEqual([expect.objectContaining({ crawler: "googlebot", verifiedHits: 12, unverifiedHits: 4 })]);
    expect(g.days.every((d: { crawler: string }) => d.crawler === "googlebot")).toBe(true);
    const list = (await listImports(t)).body;
    expect(list.data.map((i: { fileName: string }) => i.fileName)).toEqual(["access.log.gz", "access.log"]);
    expect(list.meta.total).toBe(2);
  });

  it("refuses what is not an upload, with the envelope", async () => {
    const bad = await upload(t, "");
    expect(bad.res.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    const fmt = await upload(t, sampleLog(), { format: "apache_magic" });
    expect(fmt.res.status).toBe(400);
    expect(fmt.body.meta.errors[0].path).toBe("format");
    expect((await activity(t, "?days=0")).res.status).toBe(400);
    expect((await activity(t, "?crawler=nobot")).res.status).toBe(400);
  });
});
