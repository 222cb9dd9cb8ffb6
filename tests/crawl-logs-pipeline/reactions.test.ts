// The engines' reaction: the first verified Bingbot fetch after an IndexNow submission that delivered a URL, and the first
// Googlebot / Bingbot fetch after a check again, on the URL's crawl timeline and as the project's median on the crawl page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { createTestTenant } from "../factories";
import { admit, projectFor, type Target } from "../urls/helpers";
import { activity, combined, IP, UA, uploadAndWait, urlCrawl } from "./helpers";

let dns: FakeDnsServer;
let t: Target;
let ids: Record<string, string>;
const HOUR = 3600_000;
// Day D: five days ago at 00:00 UTC, so every time below is a whole hour of a past UTC day.
const D = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 5 * 86_400_000;
const at = (dayOffset: number, hour: number) => new Date(D + dayOffset * 86_400_000 + hour * HOUR);
const iso = (d: Date) => d.toISOString();

async function submit(createdAt: Date, paths: string[], status: "accepted" | "submitted" | "rejected" = "accepted") {
  const s = await db.submission.create({ data: { organizationId: t.orgId, projectId: t.projectId, status, urlCount: paths.length, responseCode: status === "rejected" ? 422 : 200, createdAt } });
  await db.submissionUrl.createMany({ data: paths.map((p) => ({ submissionId: s.id, trackedUrlId: ids[p], url: `https://${t.domain}${p}`, createdAt })) });
}

async function checkAgain(observedAt: Date, path: string, source = "requested") {
  await db.urlHistoryEntry.create({ data: { organizationId: t.orgId, projectId: t.projectId, trackedUrlId: ids[path], observedAt, kind: "audit", state: {}, changed: [], source } });
}

beforeAll(async () => {
  dns = await startFakeDns();
  process.env.DNS_SERVERS = dns.server;
  t = await projectFor(await createTestTenant("crawl-reactions"));
  const paths = ["/a", "/b", "/c", "/d", "/e", "/f"];
  await admit(t, paths.map((p) => `https://${t.domain}${p}`));
  ids = Object.fromEntries((await db.trackedUrl.findMany({ where: { projectId: t.projectId } })).map((u) => [new URL(u.url).pathname, u.id]));

  await submit(at(0, 10), ["/a", "/d"]); // /a: Bingbot 3 h later; /d: never fetched
  await submit(at(-2, 9), ["/b"]); // superseded by the next submission before Bingbot came
  await submit(at(-1, 9), ["/b"]); // /b: Bingbot 3 h later
  await submit(at(-3, 9), ["/e"], "rejected"); // not delivered: Bingbot's later fetch is no reaction to it
  await checkAgain(at(-3, 8), "/c"); // Googlebot fetched at 06, 09 and 11 that day: at most 3 h (an upper bound)
  await checkAgain(at(-4, 12), "/f", "scheduled"); // a scheduled audit is not a check again
  await checkAgain(at(-4, 12), "/f", "inspect_now"); // inspect now is: Googlebot 2 h later
  const log = [
    combined(IP.bingbot, at(0, 13), "/a", 200, UA.bingbot),
    combined(IP.bingbot, at(-1, 12), "/b", 200, UA.bingbot),
    combined(IP.googlebot, at(-3, 6), "/c", 200, UA.googlebot),
    combined(IP.googlebot, at(-3, 9), "/c", 200, UA.googlebot),
    combined(IP.googlebot, at(-3, 11), "/c", 200, UA.googlebot),
    combined(IP.bingbot, at(-2, 8), "/c", 200, UA.bingbot), // Bing after the check again, the next day: exact
    combined(IP.bingbot, at(-2, 9), "/e", 200, UA.bingbot),
    combined(IP.googlebot, at(-4, 14), "/f", 200, UA.googlebot),
    combined(IP.spoofed, at(0, 11), "/d", 200, UA.bingbot), // spoofed: not Bingbot
  ].join("\n");
  const imp = await uploadAndWait(t, `${log}\n`);
  expect(imp).toMatchObject({ status: "completed", verifiedHits: 8, unverifiedHits: 1 });
});
afterAll(async () => { await dns.close(); });

const reactionsOf = async (path: string) => {
  const { res, body } = await urlCrawl(t, ids[path], "?days=30");
  expect(res.status).toBe(200);
  return (body.data as { date: string; crawler: string; reactions: unknown[] }[]).flatMap((d) => d.reactions.map((r) => ({ date: d.date, crawler: d.crawler, ...(r as object) })));
};

describe("the engine's reaction on a URL's crawl timeline", () => {
  it("marks Bingbot's first verified fetch after an IndexNow submission that delivered the URL", async () => {
    expect(await reactionsOf("/a")).toEqual([
      { date: iso(at(0, 0)).slice(0, 10), crawler: "bingbot", trigger: "indexnow", triggeredAt: iso(at(0, 10)), fetchedAt: iso(at(0, 13)), hours: 3, approximate: false },
    ]);
  });

  it("gives a fetch to the latest submission before it, and none to a rejected submission or an unanswered one", async () => {
    expect(await reactionsOf("/b")).toEqual([expect.objectContaining({ trigger: "indexnow", triggeredAt: iso(at(-1, 9)), hours: 3 })]);
    expect(await reactionsOf("/d")).toEqual([]);
    expect(await reactionsOf("/e")).toEqual([]);
  });

  it("marks Googlebot's and Bingbot's fetches after a check again, as an upper bound when the day's fetches surround it", async () => {
    expect(await reactionsOf("/c")).toEqual([
      { date: iso(at(-3, 0)).slice(0, 10), crawler: "googlebot", trigger: "check_again", triggeredAt: iso(at(-3, 8)), fetchedAt: iso(at(-3, 11)), hours: 3, approximate: true },
      { date: iso(at(-2, 0)).slice(0, 10), crawler: "bingbot", trigger: "check_again", triggeredAt: iso(at(-3, 8)), fetchedAt: iso(at(-2, 8)), hours: 24, approximate: false },
    ]);
    expect(await reactionsOf("/f")).toEqual([expect.objectContaining({ crawler: "googlebot", trigger: "check_again", triggeredAt: iso(at(-4, 12)), hours: 2 })]);
  });

  it("answers 404 for another organization's URL", async () => {
    const other = await projectFor(await createTestTenant("crawl-reactions-other"));
    expect((await urlCrawl({ ...t, headers: other.headers }, ids["/a"])).res.status).toBe(404);
  });
});

describe("the project's reaction times on the crawl activity page", () => {
  it("gives the median hours from IndexNow submission to Bingbot's fetch and from check again to Googlebot's", async () => {
    const { res, body } = await activity(t, "?days=30");
    expect(res.status).toBe(200);
    // Delivered submissions of a URL: /a, /d, /b twice (the first superseded); answered: /a (3 h) and /b (3 h).
    expect(body.data.reactions.indexNowToBingbot).toEqual({ requests: 4, fetched: 2, medianHours: 3, p90Hours: 3 });
    // Check agains: /c (at most 3 h) and /f (2 h).
    expect(body.data.reactions.checkAgainToGooglebot).toEqual({ requests: 2, fetched: 2, medianHours: 2.5, p90Hours: 2.9 });
  });

  it("is empty for a project without requests", async () => {
    const empty = await projectFor(await createTestTenant("crawl-reactions-empty"));
    const { body } = await activity(empty);
    expect(body.data.reactions).toEqual({
      indexNowToBingbot: { requests: 0, fetched: 0, medianHours: null, p90Hours: null },
      checkAgainToGooglebot: { requests: 0, fetched: 0, medianHours: null, p90Hours: null },
    });
  });
});
