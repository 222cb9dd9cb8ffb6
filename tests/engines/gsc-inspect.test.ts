import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inspectUrl } from "@/lib/engines/gsc/inspect-url";
import { mapGscInspection } from "@/lib/engines/gsc/map-inspection";
import { exhaustDay, propertyKey, releaseInspection, reserveInspection } from "@/lib/connections/quota-store";
import { startFakeGsc, type FakeGsc } from "../fakes/gsc-server";
import { setEnvForSuite } from "./helpers";

let fake: FakeGsc;
let token: string;
const DOMAIN = "sc-domain:example.com";
const PREFIX = "https://www.example.com/";
const limits = { perMinute: 3, perDay: 5 };

beforeAll(async () => {
  fake = await startFakeGsc({
    quota: limits,
    users: [{ email: "ana@example.test", sites: [
      { siteUrl: DOMAIN, permissionLevel: "siteOwner" }, { siteUrl: PREFIX, permissionLevel: "siteFullUser" },
      { siteUrl: "https://unverified.example/", permissionLevel: "siteUnverifiedUser" },
    ] }],
  });
  token = fake.issueTokens("ana@example.test").accessToken;
});
afterAll(() => fake.close());
afterEach(() => fake.setClock(null));
setEnvForSuite(() => fake.env());

/** Puts the fake and our client on the same fixed clock; each test uses its own day and property. */
const at = (iso: string) => { const now = new Date(iso); fake.setClock(now); return now; };
const inspect = (inspectionUrl: string, now?: Date, siteUrl = DOMAIN) => inspectUrl({ accessToken: token, siteUrl, inspectionUrl, now });

describe("URL inspection", () => {
  it("inspects in en-US and returns the scripted result, mapped", async () => {
    fake.setInspection("https://example.com/indexed", {
      verdict: "PASS", coverageState: "Submitted and indexed", robotsTxtState: "ALLOWED", indexingState: "INDEXING_ALLOWED",
      pageFetchState: "SUCCESSFUL", lastCrawlTime: "2026-01-01T10:00:00Z", googleCanonical: "https://example.com/indexed", crawledAs: "MOBILE",
      sitemap: ["https://example.com/sitemap.xml"], someNewField: { x: 1 },
    });
    const out = await inspect("https://example.com/indexed", at("2026-02-02T12:00:00Z"));
    if (out.kind !== "ok") throw new Error(out.message);
    expect(out.value.inspectionResultLink).toMatch(/^http:\/\/127\.0\.0\.1/);
    expect(mapGscInspection(out.value.indexStatusResult)).toMatchObject({ state: "indexed", decidedBy: "coverageState" });
    expect(fake.requests.at(-1)?.body).toEqual({ inspectionUrl: "https://example.com/indexed", siteUrl: DOMAIN, languageCode: "en-US" });
  });

  it("answers the documented default for a URL the engine does not know, and tolerates a result without index status", async () => {
    const out = await inspect("https://blog.example.com/new", at("2026-02-03T12:00:00Z"));
    expect(out.kind === "ok" && mapGscInspection(out.value.indexStatusResult).state).toBe("unknown");
    fake.setInspection("https://example.com/bare", null);
    const bare = await inspect("https://example.com/bare", at("2026-02-03T12:01:00Z"));
    expect(bare).toEqual({ kind: "ok", value: { inspectionResultLink: expect.any(String), indexStatusResult: null } });
  });

  it("refuses a URL outside the property without calling; the fake refuses it too (403)", async () => {
    const before = fake.requests.length;
    expect(await inspect("https://example.com/a", undefined, PREFIX)).toMatchObject({ kind: "invalid", code: "outside_property" });
    expect(await inspect("https://example.org/a")).toMatchObject({ kind: "invalid", code: "outside_property" });
    expect(fake.requests.length).toBe(before);

    const raw = await fetch(`${fake.apiBaseUrl}/v1/urlInspection/index:inspect`, {
      method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ inspectionUrl: "https://example.com/a", siteUrl: PREFIX, languageCode: "en-US" }),
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({ error: { code: 403, message: "You do not own this site, or the inspected URL is not part of this property.", status: "PERMISSION_DENIED" } });
  });

  it("is forbidden for a property the grant cannot use", async () => {
    expect(await inspect("https://other.example/a", undefined, "sc-domain:other.example")).toMatchObject({ kind: "invalid", code: "forbidden", status: 403 });
    expect(await inspect("https://unverified.example/a", undefined, "https://unverified.example/")).toMatchObject({ kind: "invalid", code: "forbidden" });
  });

  it("answers the documented 400 envelope for a malformed request", async () => {
    const raw = await fetch(`${fake.apiBaseUrl}/v1/urlInspection/index:inspect`, {
      method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ siteUrl: DOMAIN }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: { code: 400, message: "Request contains an invalid argument.", status: "INVALID_ARGUMENT" } });
  });
});

describe("URL inspection quota", () => {
  it("per minute: 429 with the documented body → quota, retry a minute later", async () => {
    const now = at("2026-02-10T12:00:05Z");
    for (let i = 0; i < limits.perMinute; i++) expect((await inspect(`https://www.example.com/m${i}`, now, PREFIX)).kind).toBe("ok");
    const raw = await fetch(`${fake.apiBaseUrl}/v1/urlInspection/index:inspect`, {
      method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ inspectionUrl: "https://www.example.com/raw", siteUrl: PREFIX, languageCode: "en-US" }),
    });
    expect(raw.status).toBe(429);
    const body = await raw.json();
    expect(body.error).toMatchObject({ code: 429, status: "RESOURCE_EXHAUSTED" });
    expect(body.error.message).toMatch(/^Quota exceeded for quota metric /);

    expect(await inspect("https://www.example.com/m9", now, PREFIX)).toMatchObject({ kind: "quota", scope: "minute", retryAt: new Date("2026-02-10T12:01:05Z") });
    // The next minute has room again.
    expect((await inspect("https://www.example.com/m10", at("2026-02-10T12:01:05Z"), PREFIX)).kind).toBe("ok");
  });

  it.each([
    ["a winter day", "2026-01-20T20:00:00Z", "2026-01-21T08:00:00.000Z"],
    ["the day clocks spring forward (23 h)", "2026-03-08T20:00:00Z", "2026-03-09T07:00:00.000Z"],
    ["the day clocks fall back (25 h)", "2026-11-01T09:30:00Z", "2026-11-02T08:00:00.000Z"],
    ["minutes before a Pacific midnight (already the next UTC day)", "2026-07-01T06:55:00Z", "2026-07-01T07:00:00.000Z"],
  ])("per day on %s: quota until the next Pacific midnight", async (_name, nowIso, retryIso) => {
    const site = `https://q${Date.parse(nowIso)}.example/`;
    fake.addUser("ana@example.test", [{ siteUrl: site, permissionLevel: "siteOwner" }]);
    let now = at(nowIso);
    for (let i = 0; i < limits.perDay; i++) {
      // The first inspections in one minute, the rest in the next (the per-minute limit is lower).
      now = at(new Date(Date.parse(nowIso) + (i < limits.perMinute ? i : 61 + i) * 1000).toISOString());
      expect((await inspect(`${site}p${i}`, now, site)).kind).toBe("ok");
    }
    const out = await inspect(`${site}late`, now, site);
    expect(out).toMatchObject({ kind: "quota", scope: "day" });
    expect(out.kind === "quota" && out.retryAt.toISOString()).toBe(retryIso);
    // At that instant the fake's Pacific day has turned: inspections go through again.
    expect((await inspect(`${site}next-day`, at(retryIso), site)).kind).toBe("ok");
  });

  it("detects another tool draining the property: a daily 429 before our own count reached the limit", async () => {
    const site = "https://shared.example/";
    fake.addUser("ana@example.test", [{ siteUrl: site, permissionLevel: "siteOwner" }]);
    const now = at("2026-02-12T18:00:00Z");
    fake.drainQuota(site, limits.perDay - 2);
    // Our count (the database's): inspections gsc accepted today.
    const key = `${propertyKey(site)}#${crypto.randomUUID()}`;
    for (let i = 0; i < 3; i++) {
      expect(await reserveInspection(key, now, limits)).toEqual({ allowed: true });
      const out = await inspect(`${site}${i}`, now, site);
      if (i < 2) { expect(out.kind).toBe("ok"); continue; }
      expect(out).toMatchObject({ kind: "quota", scope: "day", retryAt: new Date("2026-02-13T08:00:00Z") });
      await releaseInspection(key, now);
    }
    // The refusal came with 2 used by us: the rest of the day was used elsewhere, and the day is spent.
    expect(await exhaustDay(key, now, limits)).toBe(limits.perDay - 2);
    expect(await reserveInspection(key, now, limits)).toEqual({ allowed: false, scope: "day" });
    expect(fake.quotaUsage(site)).toEqual({ usedToday: limits.perDay, usedThisMinute: 2 });
  });
});
