import { beforeAll, describe, expect, it } from "vitest";
import { commitUrlImportFn } from "@/inngest/functions/imports/commit-url-import";
import { db } from "@/lib/db";
import { urlImportCommitRequested } from "@/lib/events/catalogue";
import { currentBalance } from "@/lib/credits/credit-ledger";
import { commitImportChunk } from "@/lib/imports/commit-import-chunk";
import { resumeCommittingImports } from "@/lib/imports/resume-committing-imports";
import { getStats } from "@/lib/stats/get-stats";
import { systemCtx } from "@/lib/core/context";
import { createTestUser, type TestUser } from "../factories";
import { runUnderInngest } from "../inngest-engine";
import { commit, csvOf, getImport, pages, preview, projectFor, trackedUrls, waitForImport } from "./helpers";

let u: TestUser;
beforeAll(async () => { u = await createTestUser("imports-commit"); });

const statsOf = (projectId: string) => getStats(systemCtx("test", { id: u.organizationId, role: "owner" }), projectId);

describe("commit: confirmation and state rules", () => {
  it.each([
    ["confirm false", { confirm: false }],
    ["confirm missing", {}],
    ["confirm as a string", { confirm: "true" }],
    ["an unknown field", { confirm: true, force: true }],
  ])("answers 400 for %s and leaves the preview ready", async (_n, json) => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, ["a"]));
    const { res, body } = await commit(t, data.id, json);
    expect(res.status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect((await getImport(t, data.id)).body.data.status).toBe("ready");
  });

  it("an expired preview answers 409 IMPORT_EXPIRED and becomes expired; committing it again is stale", async () => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, ["a", "b"]));
    await db.urlImport.update({ where: { id: data.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect((await getImport(t, data.id)).body.data.status).toBe("expired");
    const first = await commit(t, data.id);
    expect(first.res.status).toBe(409);
    expect(first.body).toMatchObject({ success: false, status: 409, code: "IMPORT_EXPIRED" });
    const row = await db.urlImport.findUniqueOrThrow({ where: { id: data.id } });
    expect(row.status).toBe("expired");
    expect(await db.urlImportRow.count({ where: { importId: data.id } })).toBe(0);
    const second = await commit(t, data.id);
    expect(second.res.status).toBe(409);
    expect(second.body.code).toBe("IMPORT_STALE");
    expect(await trackedUrls(t.projectId)).toEqual([]);
  });

  it("a second commit of the same import answers 409 IMPORT_STALE", async () => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, ["a"]));
    const first = await commit(t, data.id);
    expect(first.res.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: data.id, status: "committing" });
    expect(first.body.data.committedAt).not.toBeNull();
    const second = await commit(t, data.id);
    expect(second.res.status).toBe(409);
    expect(second.body.code).toBe("IMPORT_STALE");
    expect((await waitForImport(data.id)).status).toBe("completed");
    const third = await commit(t, data.id);
    expect(third.body).toMatchObject({ code: "IMPORT_STALE", meta: { status: "completed" } });
  });

  it.each(["failed", "cancelled", "pending"] as const)("a %s import answers 409 IMPORT_STALE", async (status) => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, ["a"]));
    await db.urlImport.update({ where: { id: data.id }, data: { status } });
    const { res, body } = await commit(t, data.id);
    expect(res.status).toBe(409);
    expect(body.code).toBe("IMPORT_STALE");
  });

  it("of two concurrent commits exactly one is accepted", async () => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, pages(1_200)));
    const answers = await Promise.all([commit(t, data.id), commit(t, data.id)]);
    expect(answers.map((a) => a.res.status).sort()).toEqual([200, 409]);
    for (const a of answers.filter((x) => x.res.status === 409)) expect(a.body.code).toBe("IMPORT_STALE");
    const done = await waitForImport(data.id);
    expect(done).toMatchObject({ status: "completed", insertedRows: 1_200, processedRows: 1_200, skippedRows: 0 });
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(1_200);
    // import.completed, once, committed with the completion.
    const events = await db.eventOutbox.findMany({ where: { name: "import.completed", data: { path: ["importId"], equals: data.id } } });
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ organizationId: u.organizationId, projectId: t.projectId, insertedRows: 1_200, skippedRows: 0 })]);
  });
});

describe("commit: background insertion", () => {
  it("inserts 2,500 net-new rows in three chunks as `import` URLs, with exact counts and live stats, and no credits", async () => {
    const t = await projectFor(u);
    const balance = await currentBalance(systemCtx("test"), u.organizationId);
    const data = await preview(t, csvOf(t.domain, [...pages(2_500), "p1", "p2"]));
    expect(data).toMatchObject({ netNewRows: 2_500, duplicateInFileRows: 2 });
    const done = await waitForImport((await commit(t, data.id)).body.data.id);
    expect(done).toMatchObject({ status: "completed", processedRows: 2_500, insertedRows: 2_500, skippedRows: 0, committedChunks: 3, error: null });
    expect(done.completedAt).not.toBeNull();
    const urls = await trackedUrls(t.projectId);
    expect(urls).toHaveLength(2_500);
    expect(new Set(urls.map((r) => r.source))).toEqual(new Set(["import"]));
    expect((await statsOf(t.projectId)).totalUrls).toBe(2_500);
    expect(await currentBalance(systemCtx("test"), u.organizationId)).toBe(balance);
    expect(await db.urlImportRow.count({ where: { importId: data.id } })).toBe(0);
    const view = await getImport(t, data.id);
    expect(view.body.data).toMatchObject({ status: "completed", insertedRows: 2_500, processedRows: 2_500 });
  });

  it("completes at once when nothing is net-new", async () => {
    const t = await projectFor(u);
    await db.trackedUrl.create({ data: { organizationId: u.organizationId, projectId: t.projectId, url: `https://${t.domain}/a`, source: "manual" } });
    const data = await preview(t, `${csvOf(t.domain, ["a", "a"])}\nnot a url`);
    expect(data).toMatchObject({ totalRows: 3, invalidRows: 1, duplicateInFileRows: 1, alreadyTrackedRows: 1, netNewRows: 0 });
    const done = await waitForImport((await commit(t, data.id)).body.data.id);
    expect(done).toMatchObject({ status: "completed", processedRows: 0, insertedRows: 0, skippedRows: 0, committedChunks: 0 });
  });

  it("skips rows the project started tracking between preview and commit", async () => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, pages(2_500)));
    // Ten admitted by hand meanwhile, spread over the chunks.
    const meanwhile = [0, 1, 999, 1_000, 1_500, 1_999, 2_000, 2_001, 2_498, 2_499].map((i) => `https://${t.domain}/p${i}`);
    await db.trackedUrl.createMany({ data: meanwhile.map((url) => ({ organizationId: u.organizationId, projectId: t.projectId, url, source: "manual" as const })) });
    const done = await waitForImport((await commit(t, data.id)).body.data.id);
    expect(done).toMatchObject({ status: "completed", processedRows: 2_500, insertedRows: 2_490, skippedRows: 10 });
    const urls = await trackedUrls(t.projectId);
    expect(urls).toHaveLength(2_500);
    expect(urls.filter((r) => r.source === "manual")).toHaveLength(10);
    expect((await statsOf(t.projectId)).totalUrls).toBe(2_500);
  });

  it("resumes a commit interrupted after two chunks with no row lost or doubled; replayed chunks change nothing", async () => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, pages(2_500)));
    // The commit transaction ran, then the process stopped after two chunks (no event in flight).
    await db.urlImport.update({ where: { id: data.id }, data: { status: "committing", committedAt: new Date() } });
    expect(await commitImportChunk(data.id, 0)).toMatchObject({ applied: true, rows: 1_000, inserted: 1_000 });
    expect(await commitImportChunk(data.id, 1)).toMatchObject({ applied: true, rows: 1_000, inserted: 1_000 });
    const midway = await getImport(t, data.id);
    expect(midway.body.data).toMatchObject({ status: "committing", processedRows: 2_000, insertedRows: 2_000, skippedRows: 0 });

    // Replays of done chunks, and a chunk out of turn, are no-ops.
    expect(await commitImportChunk(data.id, 0)).toMatchObject({ applied: false });
    expect(await commitImportChunk(data.id, 1)).toMatchObject({ applied: false });
    expect(await commitImportChunk(data.id, 3)).toMatchObject({ applied: false });
    expect(await db.urlImport.findUniqueOrThrow({ where: { id: data.id } })).toMatchObject({ processedRows: 2_000, committedChunks: 2 });

    const { resumed } = await resumeCommittingImports();
    expect(resumed).toContain(data.id);
    const done = await waitForImport(data.id);
    expect(done).toMatchObject({ status: "completed", processedRows: 2_500, insertedRows: 2_500, skippedRows: 0, committedChunks: 3 });
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(2_500);
    expect((await statsOf(t.projectId)).totalUrls).toBe(2_500);
    expect(await commitImportChunk(data.id, 2)).toMatchObject({ applied: false });
    expect(await db.urlImport.findUniqueOrThrow({ where: { id: data.id } })).toMatchObject({ processedRows: 2_500, insertedRows: 2_500 });
  });

  it("makes imported URLs due at once on a project with automated inspections (firstInspectionAt), and unscheduled otherwise", async () => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, pages(1_200)));
    await db.urlImport.update({ where: { id: data.id }, data: { status: "committing", committedAt: new Date() } });
    const now = new Date("2031-05-01T10:00:00Z");
    await commitImportChunk(data.id, 0, now);
    await db.project.update({ where: { id: t.projectId }, data: { automatedInspectionsEnabled: true, inspectionCadence: "weekly" } });
    await commitImportChunk(data.id, 1, now);
    const rows = await db.trackedUrl.groupBy({ by: ["nextInspectionAt"], where: { projectId: t.projectId }, _count: true });
    expect(rows.map((r) => [r.nextInspectionAt?.toISOString() ?? null, r._count]).sort()).toEqual([[null, 1_000], [now.toISOString(), 200]]);
  });

  it("fails with an error when the project is deleted mid-commit, keeping the rows already inserted", async () => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, pages(1_500)));
    await db.urlImport.update({ where: { id: data.id }, data: { status: "committing", committedAt: new Date() } });
    await commitImportChunk(data.id, 0);
    await db.project.update({ where: { id: t.projectId }, data: { deletedAt: new Date(), status: "paused", liveDomain: null } });
    await resumeCommittingImports();
    const done = await waitForImport(data.id);
    expect(done).toMatchObject({ status: "failed", processedRows: 1_000, insertedRows: 1_000 });
    expect(done.error).toMatch(/project was deleted/);
  });
});

describe("under Inngest (step results through JSON)", () => {
  it("commits the chunks left after an interruption, one step each, and completes the import", async () => {
    const t = await projectFor(u);
    const data = await preview(t, csvOf(t.domain, pages(1_500)));
    await db.urlImport.update({ where: { id: data.id }, data: { status: "committing", committedAt: new Date() } });
    await commitImportChunk(data.id, 0);
    const { result, error, steps } = await runUnderInngest(commitUrlImportFn, {
      events: [{ name: urlImportCommitRequested.name, data: { organizationId: t.orgId, projectId: t.projectId, importId: data.id } }],
    });
    expect(error).toBeUndefined();
    expect(steps).toEqual(["load-plan", "commit-chunk-1", "complete"]);
    expect(result).toMatchObject({ importId: data.id });
    expect(await db.urlImport.findUniqueOrThrow({ where: { id: data.id } })).toMatchObject({ status: "completed", processedRows: 1_500, insertedRows: 1_500, committedChunks: 2 });
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(1_500);
  });
});
