// CSV exports of the URL list and of an issue group's URLs, through the route handlers: the columns are the API's,
// the rows are the list's (filters, q, sort, a selection), cells are escaped and spreadsheet formulas defused, the
// body streams lazily, and hostile input or another organization's ids never reach the data.
import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/export/route";
import * as issueExportRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/issues/[issueId]/urls/export/route";
import { db, withTransaction } from "@/lib/db";
import { recordUrlDetections } from "@/lib/issues/detections";
import { TrackedUrlResponse } from "@/lib/urls/schemas";
import { apiKeyHeader, bearer } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { admit, listUrls, projectFor, type Target } from "./helpers";

let alice: TestUser;
let mallory: TestUser;
let t: Target;
const PATHS = ["/a,b", "/quote%22d", "/blog/one", "/blog/two", "/blog/three", "/shop/x", "/shop/y", "/about"];

beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestUser("export-alice"), createTestUser("export-mallory")]);
  t = await projectFor(alice);
  expect((await admit(t, PATHS.map((p) => `https://${t.domain}${p}`))).body.data.inserted).toBe(PATHS.length);
  const id = async (path: string) => (await db.trackedUrl.findFirstOrThrow({ where: { projectId: t.projectId, url: `https://${t.domain}${path}` } })).id;
  // Text a page or a fetch error put in cells, as a spreadsheet would read it: formulas, quotes, commas, line breaks.
  await db.trackedUrl.update({ where: { id: await id("/blog/one") }, data: {
    metaRobots: '=HYPERLINK("http://evil.example","click")', xRobotsTag: "+1+1", healthError: "-2\r\nsecond line, with \"quotes\"",
    canonicalUrl: "@SUM(A1)", healthState: "client_error", httpStatus: 404, clicks28d: 7, ctr28d: 0.25, position28d: -3,
  } });
  await db.trackedUrl.update({ where: { id: await id("/blog/two") }, data: { healthState: "client_error", httpStatus: 410, clicks28d: 9 } });
  await db.trackedUrl.update({ where: { id: await id("/shop/x") }, data: { lastInspectionFailureCode: "\t=cmd|' /C calc'!A0" } });
});

const base = (c: Pick<Target, "orgId" | "projectId">) => `http://127.0.0.1:3000/api/user/organizations/${c.orgId}/projects/${c.projectId}`;
const params = (c: Pick<Target, "orgId" | "projectId">) => ({ organizationId: c.orgId, id: c.projectId });

async function exportCsv(c: Omit<Target, "domain">, query = "") {
  const req = new Request(`${base(c)}/urls/export${query}`, { headers: c.headers });
  return exportRoute.GET(req, { params: Promise.resolve(params(c)) });
}
const parse = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
const rowsOf = (text: string) => {
  const [header, ...lines] = parse(text);
  return lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
};
/** The API's value as a cell reads back: nulls empty, numbers and booleans as text. */
const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v));

describe("GET …/urls/export", () => {
  it("streams every URL as CSV: the API's fields as columns, url first, in the list's order, named after the domain and date", async () => {
    const res = await exportCsv(t);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${t.domain}-urls-${new Date().toISOString().slice(0, 10)}.csv"`);
    const text = await res.text();
    expect(text.endsWith("\r\n")).toBe(true);
    const [header] = parse(text);
    expect(header[0]).toBe("url");
    expect([...header].sort()).toEqual(Object.keys(TrackedUrlResponse.shape).sort());
    const list = (await listUrls(t, "?limit=100")).body.data as Record<string, unknown>[];
    const exported = rowsOf(text);
    expect(exported.map((r) => r.id)).toEqual(list.map((u) => u.id));
    // Every cell is the API's value (escaped cells are checked apart).
    const defused = new Set(["metaRobots", "xRobotsTag", "healthError", "canonicalUrl", "lastInspectionFailureCode"]);
    exported.forEach((r, i) => {
      for (const [k, v] of Object.entries(list[i])) if (!defused.has(k)) expect(r[k], k).toBe(cell(v));
    });
  });

  it("quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas", async () => {
    const text = await (await exportCsv(t)).text();
    const byPath = Object.fromEntries(rowsOf(text).map((r) => [new URL(r.url).pathname, r]));
    expect(byPath["/a,b"].url).toBe(`https://${t.domain}/a,b`);
    expect(text).toContain(`"https://${t.domain}/a,b"`);
    const one = byPath["/blog/one"];
    expect(one.metaRobots).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(one.xRobotsTag).toBe("'+1+1");
    expect(one.healthError).toBe("'-2\r\nsecond line, with \"quotes\"");
    expect(one.canonicalUrl).toBe("'@SUM(A1)");
    expect(byPath["/shop/x"].lastInspectionFailureCode).toBe("'\t=cmd|' /C calc'!A0");
    // Numbers stay numbers: a negative position is data, not a formula.
    expect(one.position28d).toBe("-3");
    expect(one.ctr28d).toBe("0.25");
    // No cell anywhere begins a formula once parsed.
    for (const r of rowsOf(text)) for (const v of Object.values(r)) if (!/^-?\d/.test(v)) expect(v).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("applies the list's filters, q and sort, and a selection of ids", async () => {
    const paths = async (query: string) => rowsOf(await (await exportCsv(t, query)).text()).map((r) => new URL(r.url).pathname);
    expect(await paths("?q=BLOG&healthState=client_error&sort=clicks28d")).toEqual(["/blog/two", "/blog/one"]);
    expect(await paths("?q=BLOG&healthState=client_error&sort=clicks28d:asc")).toEqual(["/blog/one", "/blog/two"]);
    expect(await paths("?q=nothing-matches")).toEqual([]);
    const list = (await listUrls(t, "?q=shop&limit=100")).body.data as { id: string; url: string }[];
    expect(await paths("?q=shop")).toEqual(list.map((u) => new URL(u.url).pathname));
    const foreign = crypto.randomUUID();
    expect(await paths(`?ids=${list[0].id},${foreign}`)).toEqual([new URL(list[0].url).pathname]);
    // An empty export is still a file with its header.
    const empty = await (await exportCsv(t, "?q=zzz-nothing")).text();
    expect(parse(empty)).toHaveLength(1);
  });

  it("a person's export (the URL table's link): the columns on screen, headers naming Google and Bing, no internal ids", async () => {
    const res = await exportCsv(t, "?q=blog&sort=clicks28d&columns=healthState,httpStatus,engineAState,engineBState,clicks28d&header=labels");
    expect(res.status).toBe(200);
    const [header, ...rows] = parse(await res.text());
    expect(header).toEqual(["URL", "Health", "HTTP status", "Google state", "Bing state", "Google clicks (28 d)"]);
    expect(rows).toEqual([
      [`https://${t.domain}/blog/two`, "client_error", "410", "unknown", "unknown", "9"],
      [`https://${t.domain}/blog/one`, "client_error", "404", "unknown", "unknown", "7"],
      [`https://${t.domain}/blog/three`, "unknown", "", "unknown", "unknown", ""],
    ]);
    // Every field in words when no column is chosen; no header names an engine by a neutral id or an internal id.
    const [all] = parse(await (await exportCsv(t, "?header=labels")).text());
    expect(all).toHaveLength(Object.keys(TrackedUrlResponse.shape).length - 3);
    expect(all.join("|")).not.toMatch(/engine[AB]|organizationId|projectId|^id\b|\|id\|/);
    // The API's own export keeps its field names, and may narrow the columns too.
    const [fields] = parse(await (await exportCsv(t, "?columns=engineAState,id")).text());
    expect(fields).toEqual(["url", "engineAState", "id"]);
  });

  it("streams: the header is sent before a row is read, and rows come as the reader asks", async () => {
    const res = await exportCsv(t);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe(`${parse(first)[0].join(",")}\r\n`);
    const second = new TextDecoder().decode((await reader.read()).value);
    expect(second.split("\r\n").length).toBeGreaterThan(PATHS.length);
    await reader.cancel();
  });

  it.each([
    ["a NUL byte in q", "?q=a%00b", 400],
    ["a huge q", `?q=${"x".repeat(5000)}`, 400],
    ["an unknown sort", "?sort=url", 400],
    ["a sort direction that does not exist", "?sort=clicks28d:up", 400],
    ["an unknown filter value", "?healthState=broken", 400],
    ["malformed ids", "?ids=nope", 400],
    ["too many ids", `?ids=${Array.from({ length: 1001 }, () => crypto.randomUUID()).join(",")}`, 400],
    ["a column that is not a TrackedUrl field", "?columns=url,passwordHash", 400],
    ["a header style that does not exist", "?header=pretty", 400],
  ])("%s → %i with the error envelope, not a file", async (_name, query, status) => {
    const res = await exportCsv(t, query);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect((await res.json()).code).toBe("VALIDATION_ERROR");
  });

  it("another organization's project, an unknown project and a missing scope are refused", async () => {
    const asMallory = { ...t, headers: bearer(mallory.sessionToken) };
    const foreign = await exportCsv(asMallory);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).code).toBe("NOT_FOUND");
    expect((await exportCsv({ ...t, projectId: crypto.randomUUID() })).status).toBe(404);
    const { key } = await createTestApiKey(alice, ["organization:read"]);
    expect((await exportCsv({ ...t, headers: apiKeyHeader(key) })).status).toBe(403);
    const { key: reader } = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    expect((await exportCsv({ ...t, headers: apiKeyHeader(reader) })).status).toBe(200);
    expect((await exportCsv({ ...t, headers: {} })).status).toBe(401);
  });
});

describe("GET …/issues/{issueId}/urls/export", () => {
  async function exportIssue(c: Omit<Target, "domain">, issueId: string, query = "") {
    const req = new Request(`${base(c)}/issues/${issueId}/urls/export${query}`, { headers: c.headers });
    return issueExportRoute.GET(req, { params: Promise.resolve({ ...params(c), issueId }) });
  }

  it("streams the group's URLs, currently affected first, with the URL's evidence; 404 for ids that are not the caller's", async () => {
    const s = await projectFor(alice);
    const paths = ["/gone-1", "/gone-2", "/gone-3", "/fixed"];
    await admit(s, paths.map((p) => `https://${s.domain}${p}`));
    const urls = await db.trackedUrl.findMany({ where: { projectId: s.projectId }, orderBy: { url: "asc" } });
    const byPath = Object.fromEntries(urls.map((u) => [new URL(u.url).pathname, u]));
    await db.trackedUrl.update({ where: { id: byPath["/gone-1"].id }, data: { healthState: "client_error", httpStatus: 404 } });
    await db.trackedUrl.update({ where: { id: byPath["/gone-2"].id }, data: { healthState: "redirected", httpStatus: 301, redirectTarget: `https://${s.domain}/new`, redirectHops: 2 } });
    const ref = { organizationId: s.orgId, projectId: s.projectId };
    await withTransaction(systemCtx("test", ref.organizationId), (ctx) => recordUrlDetections(ctx, ref.projectId, "broken_link", { affected: urls.map((u) => ({ trackedUrlId: u.id, url: u.url })), cleared: [] }, {}, new Date(Date.UTC(2026, 0, 1))));
    await withTransaction(systemCtx("test", ref.organizationId), (ctx) => recordUrlDetections(ctx, ref.projectId, "broken_link", { affected: [], cleared: [byPath["/fixed"].id] }, {}, new Date(Date.UTC(2026, 0, 2))));
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: s.projectId, type: "broken_link" } });

    const res = await exportIssue(s, issue.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`filename="${s.domain}-broken-link-urls-`);
    const rows = rowsOf(await res.text());
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveProperty("url");
    expect(Object.keys(rows[0]).slice(0, 9)).toEqual(["url", "id", "organizationId", "issueId", "trackedUrlId", "detectedAt", "resolvedAt", "createdAt", "updatedAt"]);
    expect(rows.slice(0, 3).every((r) => r.resolvedAt === "")).toBe(true);
    expect(new URL(rows[3].url).pathname).toBe("/fixed");
    expect(rows[3].resolvedAt).toBe("2026-01-02T00:00:00.000Z");
    const gone2 = rows.find((r) => r.url.endsWith("/gone-2"))!;
    expect(gone2).toMatchObject({ issueId: issue.id, trackedUrlId: byPath["/gone-2"].id, healthState: "redirected", httpStatus: "301", redirectTarget: `https://${s.domain}/new`, redirectHops: "2" });

    // The issue page's link (header=labels): the same rows for a person, headers in words, no ids.
    const [header, ...lines] = parse(await (await exportIssue(s, issue.id, "?header=labels")).text());
    expect(header.slice(0, 6)).toEqual(["URL", "Affected since", "Resolved", "Source", "Discovered", "First seen in a sitemap"]);
    expect(header).toEqual(expect.arrayContaining(["Health", "HTTP status", "Redirects to", "Google state", "Bing state"]));
    expect(header.join("|")).not.toMatch(/engine[AB]|Id\b|^id\b|\|id\|/);
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l[0].endsWith("/gone-2"))![header.indexOf("Redirects to")]).toBe(`https://${s.domain}/new`);
    expect((await exportIssue(s, issue.id, "?header=pretty")).status).toBe(400);

    expect((await exportIssue({ ...s, headers: bearer(mallory.sessionToken) }, issue.id)).status).toBe(404);
    expect((await exportIssue(s, crypto.randomUUID())).status).toBe(404);
    expect((await exportIssue(t, issue.id)).status).toBe(404); // the group of another project of the same organization
    expect((await exportIssue(s, "not-a-uuid")).status).toBe(404);
  });
});
