import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { querySearchAnalytics, searchAnalyticsPages, type SearchAnalyticsPage, type SearchAnalyticsQuery } from "@/lib/engines/gsc/search-analytics";
import type { EngineOutcome } from "@/lib/engines/outcome";
import { startFakeGsc, type FakeGsc, type FakeSearchAnalyticsRow } from "../fakes/gsc-server";
import { seededRandom } from "../seeded-random";
import { setEnvForSuite } from "./helpers";

let fake: FakeGsc;
let token: string;
const DOMAIN = "sc-domain:example.com";
const BIG = "https://big.example/";
const EMPTY = "https://empty.example/";
const BLOG = "https://www.example.com/blog/";
// The fake's Pacific "today" is 2026-03-10; with 3 fresh days, 2026-03-07 onwards is still changing.
const NOW = new Date("2026-03-10T20:00:00Z");

beforeAll(async () => {
  fake = await startFakeGsc({
    now: () => NOW,
    users: [{ email: "ana@example.test", sites: [
      { siteUrl: DOMAIN, permissionLevel: "siteOwner" }, { siteUrl: BIG, permissionLevel: "siteOwner" },
      { siteUrl: EMPTY, permissionLevel: "siteFullUser" }, { siteUrl: BLOG, permissionLevel: "siteRestrictedUser" },
      { siteUrl: "https://unverified.example/", permissionLevel: "siteUnverifiedUser" },
    ] }],
  });
  token = fake.issueTokens("ana@example.test").accessToken;
});
afterAll(() => fake.close());
afterEach(() => fake.setSearchAnalyticsLimits({ maxRowsPerDay: 50_000, freshDays: 3 }));
setEnvForSuite(() => fake.env());

type Input = Partial<SearchAnalyticsQuery> & { siteUrl: string };
const base = (input: Input): SearchAnalyticsQuery => ({ accessToken: token, startDate: "2026-01-01", endDate: "2026-03-10", now: NOW, ...input });
const query = (input: Input) => querySearchAnalytics(base(input));
const okValue = (out: EngineOutcome<SearchAnalyticsPage>) => { if (out.kind !== "ok") throw new Error(out.message); return out.value; };

async function allPages(input: Input): Promise<EngineOutcome<SearchAnalyticsPage>[]> {
  const pages: EngineOutcome<SearchAnalyticsPage>[] = [];
  for await (const page of searchAnalyticsPages(base(input))) pages.push(page);
  return pages;
}

/** A raw call, to check the fake's wire format. */
const raw = (siteUrl: string, body: unknown, accessToken = token) => fetch(`${fake.apiBaseUrl}/webmasters/v3/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`, {
  method: "POST", headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" }, body: JSON.stringify(body),
});

const row = (page: string, date: string, clicks: number, impressions: number, position?: number): FakeSearchAnalyticsRow => ({ page, date, clicks, impressions, position });

describe("gsc Search Analytics", () => {
  it("pages through 25,000-row pages: 60,000 rows in 3 requests, each row once, by clicks", async () => {
    const random = seededRandom(7);
    const scripted = Array.from({ length: 60_000 }, (_, i) => {
      const clicks = Math.floor(random() * 50);
      return row(`https://big.example/p/${Math.floor(i / 20)}`, `2026-02-${String(1 + (i % 20)).padStart(2, "0")}`, clicks, clicks + Math.floor(random() * 200), 1 + Math.floor(random() * 40));
    });
    fake.setSearchAnalytics(BIG, scripted);

    const pages = (await allPages({ siteUrl: BIG, startDate: "2026-02-01", endDate: "2026-02-28" })).map(okValue);
    expect(pages.map((p) => p.rows.length)).toEqual([25_000, 25_000, 10_000]);
    expect(fake.searchAnalyticsQueries(BIG)).toBe(3);
    expect(fake.searchAnalyticsBodies(BIG)).toEqual([0, 25_000, 50_000].map((startRow) => ({
      startDate: "2026-02-01", endDate: "2026-02-28", dimensions: ["page", "date"], type: "web", dataState: "final", rowLimit: 25_000, startRow, aggregationType: "byPage",
    })));

    const rows = pages.flatMap((p) => p.rows);
    expect(new Set(rows.map((r) => `${r.page} ${r.date}`))).toEqual(new Set(scripted.map((r) => `${r.page} ${r.date}`)));
    expect(rows.every((r, i) => i === 0 || rows[i - 1].clicks >= r.clicks)).toBe(true);
    expect(pages.every((p) => p.skipped === 0 && p.firstIncompleteDate === null)).toBe(true);
    const first = scripted.find((r) => r.page === rows[0].page && r.date === rows[0].date)!;
    expect(rows[0]).toEqual({ page: first.page, date: first.date, clicks: first.clicks, impressions: first.impressions, ctr: first.clicks / first.impressions, position: first.position });
  });

  it("reads a full page of long URLs as Google sends it (pretty-printed, well past 4 MiB)", async () => {
    const long = (i: number) => `${BIG}catalogue/${"category-name/".repeat(12)}product-${i}-with-a-long-descriptive-slug`;
    fake.setSearchAnalytics(BIG, Array.from({ length: 25_000 }, (_, i) => ({ page: long(i), date: "2026-02-01", clicks: 1, impressions: 3 })));
    const page = okValue(await query({ siteUrl: BIG }));
    expect(page.rows).toHaveLength(25_000);
    expect(page.skipped).toBe(0);
  });

  it("orders by clicks, then impressions; ctr is clicks / impressions; position defaults to 1; fragments are kept", async () => {
    fake.setSearchAnalytics(DOMAIN, [
      row("https://example.com/a", "2026-02-01", 5, 50),
      row("https://blog.example.com/b#intro", "2026-02-01", 9, 90, 2.5),
      row("https://example.com/c", "2026-02-02", 5, 80, 3),
    ]);
    expect(okValue(await query({ siteUrl: DOMAIN }))).toEqual({ skipped: 0, firstIncompleteDate: null, rows: [
      { page: "https://blog.example.com/b#intro", date: "2026-02-01", clicks: 9, impressions: 90, ctr: 0.1, position: 2.5 },
      { page: "https://example.com/c", date: "2026-02-02", clicks: 5, impressions: 80, ctr: 5 / 80, position: 3 },
      { page: "https://example.com/a", date: "2026-02-01", clicks: 5, impressions: 50, ctr: 0.1, position: 1 },
    ] });
  });

  it("answers the days from startDate to endDate, both included", async () => {
    fake.setSearchAnalytics(DOMAIN, ["2026-02-01", "2026-02-02", "2026-02-03", "2026-02-04", "2026-02-05"].map((d, i) => row(`https://example.com/${i}`, d, i, 10)));
    const out = okValue(await query({ siteUrl: DOMAIN, startDate: "2026-02-02", endDate: "2026-02-04" }));
    expect(out.rows.map((r) => r.date)).toEqual(["2026-02-04", "2026-02-03", "2026-02-02"]);
    expect(okValue(await query({ siteUrl: DOMAIN, startDate: "2026-02-05", endDate: "2026-02-05" })).rows.map((r) => r.page)).toEqual(["https://example.com/4"]);
  });

  it("final data leaves out the fresh days; all includes them and tells the first incomplete day", async () => {
    fake.setSearchAnalytics(DOMAIN, ["2026-03-05", "2026-03-06", "2026-03-07", "2026-03-09", "2026-03-10"].map((d, i) => row(`https://example.com/${i}`, d, 10 - i, 20)));
    const final = okValue(await query({ siteUrl: DOMAIN, startDate: "2026-03-01" }));
    expect(final).toMatchObject({ firstIncompleteDate: null, skipped: 0 });
    expect(final.rows.map((r) => r.date)).toEqual(["2026-03-05", "2026-03-06"]);

    const all = okValue(await query({ siteUrl: DOMAIN, startDate: "2026-03-01", dataState: "all" }));
    expect(all.firstIncompleteDate).toBe("2026-03-07");
    expect(all.rows.map((r) => r.date)).toEqual(["2026-03-05", "2026-03-06", "2026-03-07", "2026-03-09", "2026-03-10"]);
    expect(fake.searchAnalyticsBodies(DOMAIN).at(-1)).toMatchObject({ dataState: "all" });
    // Only final days asked for: nothing fresh, no metadata.
    expect(okValue(await query({ siteUrl: DOMAIN, startDate: "2026-03-01", endDate: "2026-03-06", dataState: "all" })).firstIncompleteDate).toBeNull();

    fake.setSearchAnalyticsLimits({ freshDays: 0 });
    expect(okValue(await query({ siteUrl: DOMAIN, startDate: "2026-03-01" })).rows).toHaveLength(4);
  });

  it("answers only each day's top rows by clicks (the long tail is missing, not zero)", async () => {
    fake.setSearchAnalyticsLimits({ maxRowsPerDay: 2 });
    fake.setSearchAnalytics(DOMAIN, [
      row("https://example.com/a", "2026-02-01", 1, 10), row("https://example.com/b", "2026-02-01", 4, 10),
      row("https://example.com/c", "2026-02-01", 3, 10), row("https://example.com/d", "2026-02-01", 2, 10),
      row("https://example.com/e", "2026-02-02", 0, 10),
    ]);
    const out = okValue(await query({ siteUrl: DOMAIN }));
    expect(out.rows.map((r) => `${r.page} ${r.date}`)).toEqual(["https://example.com/b 2026-02-01", "https://example.com/c 2026-02-01", "https://example.com/e 2026-02-02"]);
  });

  it("a 429 is a quota: try again 15 minutes later; paging stops at it", async () => {
    fake.failSearchAnalytics(2);
    const answer = await raw(DOMAIN, { startDate: "2026-02-01", endDate: "2026-02-02" });
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({ error: { code: 429, message: expect.stringMatching(/^Quota exceeded for quota metric /), status: "RESOURCE_EXHAUSTED" } });
    expect(await query({ siteUrl: DOMAIN })).toEqual({
      kind: "quota", scope: "minute", retryAt: new Date(NOW.getTime() + 15 * 60_000), message: expect.stringContaining("gsc search analytics: HTTP 429"),
    });
    expect((await query({ siteUrl: DOMAIN })).kind).toBe("ok");

    fake.setSearchAnalytics(DOMAIN, Array.from({ length: 5 }, (_, i) => row(`https://example.com/${i}`, "2026-02-01", i, 10)));
    const pages: EngineOutcome<SearchAnalyticsPage>[] = [];
    for await (const page of searchAnalyticsPages(base({ siteUrl: DOMAIN, rowLimit: 2 }))) {
      pages.push(page);
      if (pages.length === 1) fake.failSearchAnalytics(1);
    }
    expect(pages.map((p) => p.kind)).toEqual(["ok", "quota"]);
  });

  it("is forbidden (403 envelope) for a property the grant cannot see or has not verified; 401 for a bad token", async () => {
    const before = fake.searchAnalyticsQueries("sc-domain:other.example");
    expect(await query({ siteUrl: "sc-domain:other.example" })).toMatchObject({ kind: "invalid", code: "forbidden", status: 403 });
    expect(await query({ siteUrl: "https://unverified.example/" })).toMatchObject({ kind: "invalid", code: "forbidden", status: 403 });
    expect(fake.searchAnalyticsQueries("sc-domain:other.example")).toBe(before + 1);
    const answer = await raw("sc-domain:other.example", { startDate: "2026-02-01", endDate: "2026-02-02" });
    expect(await answer.json()).toEqual({ error: {
      code: 403, message: "User does not have sufficient permission for site 'sc-domain:other.example'. See also: https://support.google.com/webmasters/answer/2451999.", status: "PERMISSION_DENIED",
    } });
    expect(await query({ siteUrl: DOMAIN, accessToken: "nope" })).toMatchObject({ kind: "transient", code: "unauthorized", status: 401 });
  });

  it("drops and counts rows that cannot be true, keeps the rest; a page with dropped rows is still a full page", async () => {
    const good = { keys: ["https://example.com/ok", "2026-02-01"], clicks: 3, impressions: 30, ctr: 0.1, position: 2.2 };
    const bad = [
      { ...good, keys: ["https://example.com/ok"] }, { ...good, keys: ["https://example.com/ok", "2026-2-1"] }, { ...good, keys: ["not a url", "2026-02-01"] },
      { ...good, keys: ["https://example.com/ok", "2026-02-30"] }, { ...good, clicks: -1 }, { ...good, clicks: 31 }, { ...good, position: 0.5 },
      { ...good, clicks: "3" }, { ...good, ctr: null }, null, "row",
    ];
    fake.failNext("searchAnalytics", { status: 200, body: { rows: [...bad.slice(0, 5), good, ...bad.slice(5)], responseAggregationType: "byPage" } });
    expect(okValue(await query({ siteUrl: DOMAIN }))).toEqual({
      rows: [{ page: "https://example.com/ok", date: "2026-02-01", clicks: 3, impressions: 30, ctr: 0.1, position: 2.2 }], skipped: bad.length, firstIncompleteDate: null,
    });

    fake.failNext("searchAnalytics", { status: 200, body: { rows: "none" } }, { status: 200, body: "[]" });
    expect(await query({ siteUrl: DOMAIN })).toMatchObject({ kind: "transient", code: "malformed_answer" });
    expect(await query({ siteUrl: DOMAIN })).toMatchObject({ kind: "transient", code: "malformed_answer" });

    // Two rows answered, one of them dropped: the page was full (rowLimit 2), so the next one is asked for.
    fake.setSearchAnalytics(DOMAIN, []);
    fake.failNext("searchAnalytics", { status: 200, body: { rows: [good, bad[4]] } });
    const before = fake.searchAnalyticsQueries(DOMAIN);
    const pages = (await allPages({ siteUrl: DOMAIN, rowLimit: 2 })).map(okValue);
    expect(pages.map((p) => [p.rows.length, p.skipped])).toEqual([[1, 1], [0, 0]]);
    expect(fake.searchAnalyticsQueries(DOMAIN)).toBe(before + 2);
  });

  it("answers no rows for a property without data (rows absent), in one request", async () => {
    const answer = await raw(EMPTY, { startDate: "2026-02-01", endDate: "2026-02-02", dimensions: ["page", "date"] });
    expect(await answer.json()).toEqual({ responseAggregationType: "byPage" });
    const before = fake.searchAnalyticsQueries(EMPTY);
    expect(await allPages({ siteUrl: EMPTY })).toEqual([{ kind: "ok", value: { rows: [], skipped: 0, firstIncompleteDate: null } }]);
    expect(fake.searchAnalyticsQueries(EMPTY)).toBe(before + 1);
  });

  it("percent-encodes a URL-prefix property in the path", async () => {
    fake.setSearchAnalytics(BLOG, [row("https://www.example.com/blog/post", "2026-02-01", 1, 2)]);
    expect(okValue(await query({ siteUrl: BLOG })).rows).toHaveLength(1);
    expect(fake.requests.at(-1)?.path).toBe("/webmasters/v3/sites/https%3A%2F%2Fwww.example.com%2Fblog%2F/searchAnalytics/query");
  });

  it("refuses what the API would refuse, without a request", async () => {
    const before = fake.requests.length;
    for (const bad of [{ rowLimit: 0 }, { rowLimit: 25_001 }, { rowLimit: 1.5 }, { startRow: -1 }, { startDate: "2026-02-30" }, { startDate: "2026-3-1" }, { startDate: "2026-03-02", endDate: "2026-03-01" }]) {
      expect(await query({ siteUrl: DOMAIN, ...bad })).toMatchObject({ kind: "invalid", code: "bad_request" });
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe("the fake's Search Analytics", () => {
  const invalid = { error: { code: 400, message: expect.stringMatching(/^Request contains an invalid argument/), status: "INVALID_ARGUMENT" } };

  it("answers 400 with the documented envelope for a bad rowLimit, startRow, date or dimension", async () => {
    for (const body of [
      { startDate: "2026-02-01", endDate: "2026-02-02", rowLimit: 0 }, { startDate: "2026-02-01", endDate: "2026-02-02", rowLimit: 25_001 },
      { startDate: "2026-02-01", endDate: "2026-02-02", startRow: -1 }, { startDate: "2026-02-30", endDate: "2026-03-02" }, { endDate: "2026-03-02" },
      { startDate: "2026-02-03", endDate: "2026-02-02" }, { startDate: "2026-02-01", endDate: "2026-02-02", dimensions: ["country"] },
      { startDate: "2026-02-01", endDate: "2026-02-02", dataState: "hourly_all" },
      { startDate: "2026-02-01", endDate: "2026-02-02", dimensionFilterGroups: [{ filters: [{ dimension: "query", expression: "x" }] }] },
      { startDate: "2026-02-01", endDate: "2026-02-02", dimensionFilterGroups: [null] },
    ]) {
      const answer = await raw(DOMAIN, body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual(invalid);
    }
  });

  it("groups by page alone (summing the days), by date and page in that order, and pages with startRow (1,000 rows by default)", async () => {
    fake.setSearchAnalytics(DOMAIN, [
      row("https://example.com/a", "2026-02-01", 1, 10, 2), row("https://example.com/a", "2026-02-02", 3, 30, 4), row("https://example.com/b", "2026-02-01", 2, 20),
    ]);
    const byPage = await (await raw(DOMAIN, { startDate: "2026-02-01", endDate: "2026-02-02", dimensions: ["page"] })).json();
    expect(byPage.rows).toEqual([
      { keys: ["https://example.com/a"], clicks: 4, impressions: 40, ctr: 0.1, position: 3.5 },
      { keys: ["https://example.com/b"], clicks: 2, impressions: 20, ctr: 0.1, position: 1 },
    ]);
    const byDatePage = await (await raw(DOMAIN, { startDate: "2026-02-01", endDate: "2026-02-02", dimensions: ["date", "page"], startRow: 1, rowLimit: 1 })).json();
    expect(byDatePage.rows).toEqual([{ keys: ["2026-02-01", "https://example.com/b"], clicks: 2, impressions: 20, ctr: 0.1, position: 1 }]);
    const filtered = await (await raw(DOMAIN, {
      startDate: "2026-02-01", endDate: "2026-02-02", dimensions: ["page"],
      dimensionFilterGroups: [{ groupType: "and", filters: [{ dimension: "page", operator: "contains", expression: "/B" }] }],
    })).json();
    expect(filtered.rows.map((r: { keys: string[] }) => r.keys)).toEqual([["https://example.com/b"]]);

    fake.setSearchAnalytics(DOMAIN, Array.from({ length: 1_200 }, (_, i) => row(`https://example.com/${i}`, "2026-02-01", 1, 1)));
    const defaults = await (await raw(DOMAIN, { startDate: "2026-02-01", endDate: "2026-02-01", dimensions: ["page", "date"] })).json();
    expect(defaults.rows).toHaveLength(1_000);
  });
});
