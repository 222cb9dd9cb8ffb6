// Declaring removals from a file (POST …/removals/import) and from the URL list's filters (POST …/removals with
// `filter`): every row left out counted and listed with its reason in words, the preview writing nothing, one batch
// per intent with per-URL redirect targets, the upload limits of URL imports, tenancy and scopes.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as importRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/removals/import/route";
import * as listRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/removals/route";
import * as oneRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/removals/[removalId]/route";
import { call } from "../http";
import { createTestApiKey, createTestTenant, type TestTenant } from "../factories";
import { base, params, removalProject, type RemovalProject } from "./helpers";

let owner: TestTenant;
let stranger: TestTenant;
const host = () => ({ host: `rmi-${crypto.randomUUID().slice(0, 8)}.example` });
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestTenant("removals-import"), createTestTenant("removals-import-stranger")]);
});

function upload(t: RemovalProject, body: string | Uint8Array, query = "", contentType = "text/csv", headers = t.headers) {
  return call(importRoute.POST, {
    method: "POST", url: `${base(t)}/import${query}`, headers: { ...headers, "content-type": contentType }, rawBody: body, params: params(t),
  });
}
async function uploadMultipart(t: RemovalProject, content: string, fileName: string, type: string, query = "") {
  const form = new FormData();
  form.append("file", new Blob([content], { type }), fileName);
  const serialized = new Response(form);
  return upload(t, new Uint8Array(await serialized.arrayBuffer()), query, serialized.headers.get("content-type")!);
}
const declare = (t: RemovalProject, json: unknown) => call(listRoute.POST, { method: "POST", url: base(t), headers: t.headers, json, params: params(t) });
const cancel = (t: RemovalProject, id: string) => call(oneRoute.DELETE, { method: "DELETE", url: `${base(t)}/${id}`, headers: t.headers, params: params(t, { removalId: id }) });
const batchCount = (t: RemovalProject) => db.removalBatch.count({ where: { projectId: t.projectId } });

describe("declaring removals from a file", () => {
  it("previews, then declares one batch per intent, listing every row left out with its reason in words", async () => {
    const p = await removalProject(owner, host(), ["/a", "/b", "/c", "/d", "/e", "/busy", "/home"]);
    const u = (path: string) => `https://${p.domain}${path}`;
    const busy = await declare(p, { urls: [u("/busy")], intent: "gone" });
    const csv = [
      "URL;Intent;Redirect target;Title",
      `${u("/a")};gone;;old`,
      `${u("/b")};301;https://new-shop.example/b;moved`,
      `${u("/c")};redirected;${u("/home")};moved home`,
      `${u("/d")};noindex;;`,
      `${u("/a")}#again;410;;duplicate`,
      `https://elsewhere.example/x;gone;;off host`,
      "not a url;gone;;",
      `${u("/never-tracked")};gone;;`,
      `${u("/e")};vanished;;`,
      `${u("/e")}?x=1;gone;${u("/home")};target without redirect`,
      `${u("/busy")};gone;;`,
      `${u("/home")};redirected;${u("/home")};to itself`,
      `${u("/e")}?y=2;;;no intent`,
    ].join("\n");

    const preview = await upload(p, csv, "?preview=true");
    expect(preview.res.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      preview: true, headerDetected: true, columns: { url: "URL", intent: "Intent", redirectTarget: "Redirect target" },
      totalRows: 13, declaredRows: 4, skippedRows: 9, removals: [],
      intents: [
        { intent: "gone", urls: 1, redirectTarget: null, ownRedirectTargets: 0 },
        { intent: "redirected", urls: 2, redirectTarget: null, ownRedirectTargets: 2 },
        { intent: "noindexed", urls: 1, redirectTarget: null, ownRedirectTargets: 0 },
      ],
    });
    const reasons = Object.fromEntries(preview.body.data.skippedByReason.map((r: { reason: string; count: number }) => [r.reason, r.count]));
    expect(reasons).toEqual({
      duplicate: 1, off_host: 1, invalid_url: 1, untracked: 1, invalid_intent: 1, redirect_target_without_redirected: 1, already_in_removal: 1,
      redirect_to_itself: 1, missing_intent: 1,
    });
    const skipped = preview.body.data.skipped as { line: number; reason: string; message: string; value?: string }[];
    expect(skipped.map((s) => [s.line, s.reason])).toEqual([
      [6, "duplicate"], [7, "off_host"], [8, "invalid_url"], [9, "untracked"], [10, "invalid_intent"], [11, "redirect_target_without_redirected"],
      [12, "already_in_removal"], [13, "redirect_to_itself"], [14, "missing_intent"],
    ]);
    expect(skipped[0].value).toMatch(/\(line 2\)$/);
    for (const s of skipped) expect(s.message).toMatch(/^[A-Z].{20,}\.$/); // a sentence, not a code
    expect(skipped.find((s) => s.reason === "untracked")!.message).toMatch(/does not track/);
    expect(preview.body.data.warnings.map((w: { code: string }) => w.code)).toEqual(["redirect_off_site"]);
    expect(await batchCount(p)).toBe(1); // the busy one only: a preview writes nothing

    const done = await upload(p, csv, "?stuckAfterDays=14");
    expect(done.res.status).toBe(201);
    expect(done.body.message).toMatch(/4 URLs declared in 3 removals, 9 rows left out/);
    const removals = done.body.data.removals as { id: string; intent: string; redirectTarget: string | null; redirectOffSite: boolean; stuckAfterDays: number; counts: { total: number } }[];
    expect(removals.map((r) => [r.intent, r.counts.total, r.stuckAfterDays])).toEqual([["gone", 1, 14], ["redirected", 2, 14], ["noindexed", 1, 14]]);
    const moved = removals.find((r) => r.intent === "redirected")!;
    expect(moved).toMatchObject({ redirectTarget: null, redirectOffSite: true });
    const targets = await db.removalUrl.findMany({ where: { batchId: moved.id }, orderBy: { url: "asc" }, select: { url: true, redirectTarget: true } });
    expect(targets).toEqual([{ url: u("/b"), redirectTarget: "https://new-shop.example/b" }, { url: u("/c"), redirectTarget: u("/home") }]);
    // The same file again: everything it declared is now busy, so nothing is left to declare.
    const again = await upload(p, csv);
    expect(again.res.status).toBe(400);
    expect(again.body).toMatchObject({ code: "VALIDATION_ERROR", meta: { errors: [{ path: "file", code: "nothing_to_declare" }] } });
    expect(again.body.meta!.skippedByReason).toEqual(expect.arrayContaining([expect.objectContaining({ reason: "already_in_removal", count: 5 })]));
    for (const r of [...removals, busy.body.data]) await cancel(p, r.id);
  });

  it("reads a text file (raw or multipart) with the intent and redirect target given for the whole file", async () => {
    const p = await removalProject(owner, host(), ["/x", "/y", "/z", "/new"]);
    const lines = `\uFEFF${["/x", "/y", "/x"].map((s) => `https://${p.domain}${s}`).join("\r\n")}\r\n\r\n`;
    const noIntent = await upload(p, lines, "?preview=true", "text/plain");
    expect(noIntent.body.data).toMatchObject({ declaredRows: 0, skippedByReason: [{ reason: "missing_intent", count: 2 }, { reason: "duplicate", count: 1 }] });
    const target = `https://${p.domain}/new`;
    const r = await uploadMultipart(p, lines, "moved.txt", "text/plain", `?intent=redirected&redirectTarget=${encodeURIComponent(target)}`);
    expect(r.res.status).toBe(201);
    expect(r.body.data).toMatchObject({ fileName: "moved.txt", columns: { url: "column 1", intent: null, redirectTarget: null }, declaredRows: 2, warnings: [] });
    expect(r.body.data.removals).toEqual([expect.objectContaining({ intent: "redirected", redirectTarget: target, redirectOffSite: false, counts: expect.objectContaining({ total: 2 }) })]);
    // A CSV without a header: url, intent, redirect target in this order.
    const csv = await upload(p, `https://${p.domain}/z,blocked\n`, "");
    expect(csv.body.data).toMatchObject({ headerDetected: false, columns: { url: "column 1", intent: "column 2", redirectTarget: "column 3" }, declaredRows: 1 });
    expect(csv.body.data.warnings.map((w: { code: string }) => w.code)).toEqual(["blocked_intent"]);
  });

  it("answers bad files and bad options with clear errors, never a 500, and writes nothing", async () => {
    const p = await removalProject(owner, host(), ["/a"]);
    const ok = `https://${p.domain}/a,gone\n`;
    const cases: [string | Uint8Array, string, string, number, string][] = [
      ["x".repeat(5 * 1024 * 1024 + 1), "", "text/csv", 413, "PAYLOAD_TOO_LARGE"],
      [new Uint8Array([0x68, 0x74, 0xff, 0xfe, 0x0a]), "", "text/csv", 400, "VALIDATION_ERROR"],
      ["", "", "text/csv", 400, "VALIDATION_ERROR"],
      ["\n \n", "", "text/plain", 400, "VALIDATION_ERROR"],
      ['"https://unterminated,gone\n', "", "text/csv", 400, "VALIDATION_ERROR"],
      [ok, "", "application/json", 415, "UNSUPPORTED_MEDIA_TYPE"],
      [ok, "?intent=vanished", "text/csv", 400, "VALIDATION_ERROR"],
      [ok, "?stuckAfterDays=0", "text/csv", 400, "VALIDATION_ERROR"],
      [ok, "?preview=maybe", "text/csv", 400, "VALIDATION_ERROR"],
      [ok, `?intent=redirected&redirectTarget=${encodeURIComponent("https://user:pw@new.example/")}`, "text/csv", 400, "VALIDATION_ERROR"],
      [ok, "?intent=gone&fileName=%00", "text/csv", 400, "VALIDATION_ERROR"],
    ];
    for (const [body, query, type, status, code] of cases) {
      const r = await upload(p, body, query, type);
      expect(r.res.status, `${query} ${type} ${String(body).slice(0, 30)}`).toBe(status);
      expect(r.body).toMatchObject({ success: false, code });
    }
    // A NUL byte inside a row is that row's problem, told as such.
    const nul = await upload(p, `https://${p.domain}/a\u0000b,gone\n${ok}`, "?preview=true");
    expect(nul.body.data.skipped).toEqual([expect.objectContaining({ line: 1, reason: "nul_byte", value: `https://${p.domain}/a\ufffdb` })]);
    expect(await batchCount(p)).toBe(0);
  });

  it("refuses more than 10,000 URLs in one file, and another organization or a read-only key", async () => {
    const p = await removalProject(owner, host(), []);
    await db.trackedUrl.createMany({ data: Array.from({ length: 10_001 }, (_, i) => ({ organizationId: p.organizationId, projectId: p.projectId, url: `https://${p.domain}/p/${i}`, source: "import" as const })) });
    const file = Array.from({ length: 10_001 }, (_, i) => `https://${p.domain}/p/${i}`).join("\n");
    const big = await upload(p, file, "?intent=gone&preview=true", "text/plain");
    expect(big.res.status).toBe(400);
    expect(big.body.message).toMatch(/10,001 URLs; at most 10,000/);
    expect((await upload(p, file, "?intent=gone", "text/plain", { authorization: `Bearer ${stranger.sessionToken}` })).res.status).toBe(404);
    const { key } = await createTestApiKey(owner, ["projects:read", "organization:read"]);
    expect((await upload(p, file, "?intent=gone", "text/plain", { "x-api-key": key })).res.status).toBe(403);
    expect(await batchCount(p)).toBe(0);
  }, 60_000);
});

describe("declaring removals for everything the URL list's filters match", () => {
  it("declares every matching URL, leaves out those already in a removal with a warning, and refuses empty, unmatched or too wide filters", async () => {
    const p = await removalProject(owner, host(), ["/old/1", "/old/2", "/old/3", "/keep"]);
    await db.trackedUrl.updateMany({ where: { projectId: p.projectId, url: { contains: "/old/" } }, data: { staleAt: new Date() } });
    const first = await declare(p, { urls: [p.urls["/old/1"].url], intent: "gone" });
    const r = await declare(p, { filter: { isStale: "true", q: "/OLD/" }, intent: "gone" });
    expect(r.res.status).toBe(201);
    expect(r.body.data.counts.total).toBe(2);
    expect(r.body.data.warnings).toEqual([expect.objectContaining({ code: "already_in_removal", urls: [p.urls["/old/1"].url], message: expect.stringMatching(/1 of the 3 matching URLs is already/) })]);
    expect((await db.removalUrl.findMany({ where: { batchId: r.body.data.id }, orderBy: { url: "asc" } })).map((x) => x.url)).toEqual([p.urls["/old/2"].url, p.urls["/old/3"].url]);

    const all = await declare(p, { filter: { isStale: "true" }, intent: "gone" });
    expect(all.res.status).toBe(409);
    expect(all.body.message).toMatch(/Every URL this filter matches \(3\)/);
    const refused: [unknown, number, string?][] = [
      [{ filter: {}, intent: "gone" }, 400, "too_small"],
      [{ filter: { healthState: "timeout" }, intent: "gone" }, 400, "no_match"],
      [{ filter: { isStale: "maybe" }, intent: "gone" }, 400],
      [{ filter: { colour: "red" }, intent: "gone" }, 400],
      [{ filter: { q: "x" }, urls: [p.urls["/keep"].url], intent: "gone" }, 400],
      [{ filter: "isStale=true", intent: "gone" }, 400],
    ];
    for (const [json, status, code] of refused) {
      const x = await declare(p, json);
      expect(x.res.status, JSON.stringify(json)).toBe(status);
      if (code) expect(x.body.meta?.errors?.[0]?.code).toBe(code);
    }
    const wide = await removalProject(owner, host(), []);
    await db.trackedUrl.createMany({ data: Array.from({ length: 10_001 }, (_, i) => ({ organizationId: wide.organizationId, projectId: wide.projectId, url: `https://${wide.domain}/w/${i}`, source: "import" as const })) });
    const tooWide = await declare(wide, { filter: { source: "import" }, intent: "gone" });
    expect(tooWide.res.status).toBe(400);
    expect(tooWide.body.meta?.errors?.[0]?.code).toBe("too_big");
    await cancel(p, first.body.data.id);
    await cancel(p, r.body.data.id);
  }, 60_000);
});
