import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCrawlIssues } from "@/lib/engines/engine-b/get-crawl-issues";
import { getUrlInfo } from "@/lib/engines/engine-b/get-url-info";
import { listSites } from "@/lib/engines/engine-b/list-sites";
import { mapUrlInfoToEngineBState } from "@/lib/engines/engine-b/map-url-info";
import { propertyCoversDomain } from "@/lib/engines/property-covers-domain";
import { startFakeEngineB, type FakeEngineB } from "../fakes/engine-b-server";
import { CLOSED, setEnvForSuite } from "./helpers";

const KEY = "b-key-0123456789abcdef";
const SITE = "https://example.com/";
const T1 = new Date("2026-01-05T10:00:00Z");
const T2 = new Date("2026-01-07T10:00:00Z");
let fake: FakeEngineB;
beforeAll(async () => {
  fake = await startFakeEngineB({ keys: [{ apiKey: KEY, sites: [{ Url: SITE, IsVerified: true }, { Url: "https://www.example.org/", IsVerified: false }] }] });
});
afterAll(() => fake.close());
setEnvForSuite(() => fake.env());

describe("engine B site list", () => {
  it("lists the key's sites with their verification, the key in the apikey query parameter", async () => {
    const out = await listSites(KEY);
    expect(out).toEqual({ kind: "ok", value: { sites: [{ url: SITE, verified: true }, { url: "https://www.example.org/", verified: false }] } });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", apiMethod: "GetUserSites", keyVia: "query" });
    if (out.kind === "ok") expect(out.value.sites.some((s) => s.verified && propertyCoversDomain(s.url, "example.com"))).toBe(true);
  });

  it("answers an empty list for a key without sites, and reads a base URL without its trailing slash", async () => {
    fake.addKey("b-key-no-sites-000000", []);
    process.env.ENGINEB_API_BASE_URL = fake.apiBaseUrl.replace(/\/$/, "");
    try {
      expect(await listSites("b-key-no-sites-000000")).toEqual({ kind: "ok", value: { sites: [] } });
    } finally { process.env.ENGINEB_API_BASE_URL = fake.apiBaseUrl; }
  });

  it.each([[401], [403], [400]] as const)("a bad key refused with %s is revoked (bad_key)", async (status) => {
    fake.setBadKeyStatus(status);
    try {
      expect(await listSites("b-key-wrong-00000000")).toMatchObject({ kind: "revoked", code: "bad_key", status });
    } finally { fake.setBadKeyStatus(401); }
  });

  it("a revoked key is refused from then on", async () => {
    fake.addKey("b-key-to-revoke-0000", [{ Url: SITE, IsVerified: true }]);
    expect((await listSites("b-key-to-revoke-0000")).kind).toBe("ok");
    fake.revokeKey("b-key-to-revoke-0000");
    expect(await listSites("b-key-to-revoke-0000")).toMatchObject({ kind: "revoked" });
  });

  it("throttling (429 or 400 ThrottleUser) is quota: try later, at Retry-After when given", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    fake.throttleNext(1, "429", 120);
    expect(await listSites(KEY, { now })).toMatchObject({ kind: "quota", scope: "throttle", retryAt: new Date("2026-03-01T12:02:00Z") });
    fake.throttleNext(1, "400");
    const out = await listSites(KEY, { now });
    expect(out).toMatchObject({ kind: "quota", scope: "throttle", retryAt: new Date("2026-03-01T12:01:00Z") });
    if (out.kind === "quota") expect(out.message).toContain("ThrottleUser");
    expect((await listSites(KEY)).kind).toBe("ok");
  });

  it("is transient for a 5xx, nonsense or no answer", async () => {
    fake.failNext({ status: 500, body: { ErrorCode: 1, Message: "InternalError" } }, { status: 200, body: { sites: [] } }, { status: 200, body: { d: [{ Url: 3 }] } });
    expect(await listSites(KEY)).toMatchObject({ kind: "transient", code: "server_error", status: 500 });
    expect(await listSites(KEY)).toMatchObject({ kind: "transient", code: "malformed_answer" });
    expect(await listSites(KEY)).toMatchObject({ kind: "transient", code: "malformed_answer" });
    process.env.ENGINEB_API_BASE_URL = `${CLOSED}/webmaster/api.svc/json/`;
    try {
      expect(await listSites(KEY)).toMatchObject({ kind: "transient", code: "network" });
    } finally { process.env.ENGINEB_API_BASE_URL = fake.apiBaseUrl; }
  });
});

describe("engine B URL info", () => {
  const info = async (url: string) => {
    const out = await getUrlInfo(KEY, SITE, url);
    if (out.kind !== "ok") throw new Error(`${out.kind}: ${out.message}`);
    return out.value.info;
  };

  it("reads the documented record, dates in /Date(ms-0700)/ with escaped slashes", async () => {
    fake.setUrlInfo("https://example.com/indexed", { HttpStatus: 200, DocumentSize: 18_234, AnchorCount: 4, DiscoveryDate: T1, LastCrawledDate: T2, TotalChildUrlCount: 2 });
    const raw = await (await fetch(`${fake.apiBaseUrl}GetUrlInfo?siteUrl=${encodeURIComponent(SITE)}&url=${encodeURIComponent("https://example.com/indexed")}&apikey=${KEY}`)).text();
    expect(raw).toContain(`"\\/Date(${T2.getTime()}-0700)\\/"`);
    expect(await info("https://example.com/indexed")).toEqual({
      url: "https://example.com/indexed", httpStatus: 200, discoveryDate: T1, lastCrawledDate: T2, documentSize: 18_234,
      anchorCount: 4, isPage: true, totalChildUrlCount: 2,
    });
    expect(fake.requests.at(-1)?.params).toMatchObject({ siteurl: SITE, url: "https://example.com/indexed", apikey: "REDACTED" });
  });

  it.each([
    ["indexed by size", { HttpStatus: 200, DocumentSize: 5000, DiscoveryDate: T1, LastCrawledDate: T2 }, "indexed", true],
    ["crawled with 200, size 0", { HttpStatus: 200, DiscoveryDate: T1, LastCrawledDate: T2 }, "indexed", true],
    ["crawled with 404", { HttpStatus: 404, DiscoveryDate: T1, LastCrawledDate: T2 }, "error", true],
    ["discovered only", { DiscoveryDate: T1 }, "not_indexed", true],
    ["empty record (never dates)", {}, "unknown", false],
  ])("%s → %s", async (_name, record, state, definitive) => {
    const url = `https://example.com/shape-${state}-${definitive}`;
    fake.setUrlInfo(url, record);
    expect(mapUrlInfoToEngineBState(await info(url))).toMatchObject({ state, definitive });
  });

  it("an unscripted URL is an empty record; {\"d\": null} is no answer — neither is definitive", async () => {
    const empty = await info("https://example.com/never-seen");
    expect(empty).toMatchObject({ documentSize: 0, discoveryDate: null, lastCrawledDate: null });
    expect(mapUrlInfoToEngineBState(empty)).toMatchObject({ state: "unknown", definitive: false });
    fake.setUrlInfo("https://example.com/null", null);
    expect(await info("https://example.com/null")).toBeNull();
    expect(mapUrlInfoToEngineBState(null)).toMatchObject({ state: "unknown", definitive: false });
  });

  it("a failed answer for one URL is transient or invalid, never a state", async () => {
    fake.failUrlInfo("https://example.com/boom", { status: 500, body: { ErrorCode: 1, Message: "InternalError" } });
    expect(await getUrlInfo(KEY, SITE, "https://example.com/boom")).toMatchObject({ kind: "transient", code: "server_error" });
    fake.failUrlInfo("https://example.com/bad", { status: 400, body: { ErrorCode: 7, Message: "InvalidUrl" } });
    expect(await getUrlInfo(KEY, SITE, "https://example.com/bad")).toMatchObject({ kind: "invalid", code: "bad_request" });
    expect(await getUrlInfo(KEY, "https://not-mine.example/", "https://not-mine.example/a")).toMatchObject({ kind: "invalid", code: "bad_request", status: 400 });
    fake.throttleNext(1, "400");
    expect(await getUrlInfo(KEY, SITE, "https://example.com/a")).toMatchObject({ kind: "quota", scope: "throttle" });
    fake.setBadKeyStatus(400);
    try {
      expect(await getUrlInfo("b-key-wrong-00000000", SITE, "https://example.com/a")).toMatchObject({ kind: "revoked", code: "bad_key" });
    } finally { fake.setBadKeyStatus(401); }
  });

  it("an answer without the {\"d\": ...} envelope is malformed, not an empty record", async () => {
    fake.failNext({ status: 200, body: {} }, { status: 200, body: { d: "text" } });
    expect(await getUrlInfo(KEY, SITE, "https://example.com/a")).toMatchObject({ kind: "transient", code: "malformed_answer" });
    expect(await getUrlInfo(KEY, SITE, "https://example.com/a")).toMatchObject({ kind: "transient", code: "malformed_answer" });
  });

  it("tolerates odd fields instead of failing the answer", async () => {
    fake.failNext({ status: 200, body: { d: { Url: "https://example.com/odd", HttpStatus: "200", DocumentSize: "abc", DiscoveryDate: "garbage", LastCrawledDate: null, Extra: true } } });
    expect(await info("https://example.com/odd")).toMatchObject({ httpStatus: 200, documentSize: null, discoveryDate: null, lastCrawledDate: null, isPage: null });
  });
});

describe("engine B crawl issues", () => {
  it("splits IssueType into flags; blocking ones make the URL blocked", async () => {
    fake.setCrawlIssues(SITE, [
      { Url: "https://example.com/robots", HttpCode: 200, Date: T1, IssueType: "BlockedByRobotsTxt" },
      { Url: "https://example.com/seo", HttpCode: 200, Date: T1, IssueType: "SeoIssues" },
    ]);
    const out = await getCrawlIssues(KEY, SITE);
    if (out.kind !== "ok") throw new Error(out.message);
    expect(out.value.issues).toEqual([
      { url: "https://example.com/robots", httpCode: 200, date: T1, issueTypes: ["BlockedByRobotsTxt"] },
      { url: "https://example.com/seo", httpCode: 200, date: T1, issueTypes: ["SeoIssues"] },
    ]);
    expect(mapUrlInfoToEngineBState(null, out.value.issues[0].issueTypes).state).toBe("blocked");
    expect(mapUrlInfoToEngineBState(null, out.value.issues[1].issueTypes).state).toBe("unknown");
  });
});
