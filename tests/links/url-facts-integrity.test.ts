// url_facts' link to its tracked URL is kept by statement triggers, not a FOREIGN KEY (migration
// url_facts_tracked_url_triggers, docs/links.md "Storage"): no row without its tracked URL in the same project, even
// when a delete races the write, and deleting URLs (some, or a whole project's) takes their facts along.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { db, dbOf, withTransaction } from "@/lib/db";
import { systemCtx } from "@/lib/core/context";
import { untrackUrls } from "@/lib/urls/untrack-urls";
import { createTestProject, createTestTenant, type TestTenant } from "../factories";

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTestTenant("url-facts");
});

async function projectWithUrls(owner: TestTenant, n: number) {
  const project = await createTestProject(owner);
  await db.trackedUrl.createMany({
    data: Array.from({ length: n }, (_, i) => ({ organizationId: owner.organizationId, projectId: project.id, url: `https://${project.domain}/p/${i}`, source: "manual" as const })),
  });
  const urls = await db.trackedUrl.findMany({ where: { projectId: project.id }, orderBy: { url: "asc" } });
  return { project, urls };
}

/** What each table's rows hold besides their URL, as written by its job (the graph job, the diagnosis). */
const ROW_FACTS = {
  url_facts: { columns: "inlinks, orphan", values: "0, true" },
  url_causes: { columns: "engine_a_cause, engine_b_cause", values: "'orphan', 'unknown'" },
};
/** One row a URL in `table`, written in one statement as its job writes them. */
async function writeRows(table: keyof typeof ROW_FACTS, urls: { id: string; projectId: string; discoveredAt: Date }[], values = ROW_FACTS[table].values) {
  await db.$executeRawUnsafe(
    `INSERT INTO ${table} (tracked_url_id, project_id, discovered_at, ${ROW_FACTS[table].columns})
     SELECT id, project_id, discovered_at, ${values} FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS v(id, project_id, discovered_at)`,
    urls.map((u) => u.id), urls.map((u) => u.projectId), urls.map((u) => u.discoveredAt));
}
const writeFacts = (urls: { id: string; projectId: string; discoveredAt: Date }[], orphan = true) => writeRows("url_facts", urls, `0, ${orphan}`);
const writeCauses = (urls: { id: string; projectId: string; discoveredAt: Date }[]) => writeRows("url_causes", urls);

const factsOf = async (projectId: string) => db.urlFact.count({ where: { projectId } });
/** The URLs a facet counts (url_facet_counts, kept by the tables' triggers). */
const facetCount = async (projectId: string, facet: string, value: string) =>
  (await db.$queryRaw<{ urls: number }[]>`SELECT urls FROM url_facet_counts WHERE project_id = ${projectId}::uuid AND facet = ${facet} AND value = ${value}`)[0]?.urls ?? 0;
const orphanCount = (projectId: string) => facetCount(projectId, "orphan", "true");
const causeCount = (projectId: string) => facetCount(projectId, "cause_any", "orphan");

describe("url_facts without a foreign key", () => {
  it("refuses a row whose tracked URL does not exist or belongs to another project, and the whole statement with it", async () => {
    const { project, urls } = await projectWithUrls(tenant, 2);
    const other = await projectWithUrls(tenant, 1);
    const ghost = { id: crypto.randomUUID(), projectId: project.id, discoveredAt: new Date() };
    await expect(writeFacts([urls[0], ghost])).rejects.toThrow(/url_facts_tracked_url_id_fkey/);
    await expect(writeFacts([{ ...other.urls[0], projectId: project.id }])).rejects.toThrow(/url_facts_tracked_url_id_fkey/);
    expect(await factsOf(project.id)).toBe(0);
    expect(await orphanCount(project.id)).toBe(0);
    // Moving a row to a URL that does not exist is refused as well; to one that does, allowed.
    await writeFacts(urls);
    await expect(db.$executeRaw`UPDATE url_facts SET tracked_url_id = ${ghost.id}::uuid WHERE tracked_url_id = ${urls[0].id}::uuid`)
      .rejects.toThrow(/url_facts_tracked_url_id_fkey/);
    await db.$executeRaw`DELETE FROM url_facts WHERE tracked_url_id = ${urls[1].id}::uuid`;
    await db.$executeRaw`UPDATE url_facts SET tracked_url_id = ${urls[1].id}::uuid WHERE tracked_url_id = ${urls[0].id}::uuid`;
    expect((await db.urlFact.findMany({ where: { projectId: project.id } })).map((f) => f.trackedUrlId)).toEqual([urls[1].id]);
  });

  it("goes with its tracked URL: untracking some URLs, then every URL of the project in one statement", async () => {
    const owner = await createTestTenant("url-facts-untrack");
    const { project, urls } = await projectWithUrls(owner, 5);
    await writeFacts(urls);
    expect(await orphanCount(project.id)).toBe(5);
    await untrackUrls({ ctx: owner.ctx, projectId: project.id, input: { urlIds: [urls[0].id, urls[1].id] } });
    expect((await db.urlFact.findMany({ where: { projectId: project.id }, orderBy: { trackedUrlId: "asc" } })).map((f) => f.trackedUrlId))
      .toEqual(urls.slice(2).map((u) => u.id).sort());
    expect(await orphanCount(project.id)).toBe(3);
    await db.trackedUrl.deleteMany({ where: { projectId: project.id } });
    expect(await factsOf(project.id)).toBe(0);
    expect(await orphanCount(project.id)).toBe(0);
  });

  it("a tracked URL whose id changes keeps its facts", async () => {
    const { project, urls } = await projectWithUrls(tenant, 1);
    await writeFacts(urls);
    const id = crypto.randomUUID();
    await db.$executeRaw`UPDATE tracked_urls SET id = ${id}::uuid WHERE id = ${urls[0].id}::uuid`;
    expect((await db.urlFact.findMany({ where: { projectId: project.id } })).map((f) => f.trackedUrlId)).toEqual([id]);
  });

  it("TRUNCATE of tracked_urls empties url_facts too (rolled back: the other suites' rows stay)", async () => {
    const { urls } = await projectWithUrls(tenant, 1);
    await writeFacts(urls);
    const rolledBack = new Error("rolled back");
    const counts = withTransaction(systemCtx("test"), async (ctx) => {
      const tx = dbOf(ctx);
      await tx.$executeRawUnsafe(`TRUNCATE tracked_urls CASCADE`);
      const [row] = await tx.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM url_facts`);
      expect(row.n).toBe(0n);
      throw rolledBack;
    });
    await expect(counts).rejects.toBe(rolledBack);
    expect(await db.urlFact.count({ where: { trackedUrlId: urls[0].id } })).toBe(1);
  });
});

// url_causes (the diagnosis's causes, migration url_causes) is kept by the very same triggers.
describe("url_causes without a foreign key", () => {
  it("refuses a row whose tracked URL does not exist or belongs to another project, naming its own table", async () => {
    const { project, urls } = await projectWithUrls(tenant, 2);
    const other = await projectWithUrls(tenant, 1);
    const ghost = { id: crypto.randomUUID(), projectId: project.id, discoveredAt: new Date() };
    await expect(writeCauses([urls[0], ghost])).rejects.toThrow(/url_causes_tracked_url_id_fkey/);
    await expect(writeCauses([{ ...other.urls[0], projectId: project.id }])).rejects.toThrow(/url_causes_tracked_url_id_fkey/);
    expect(await db.urlCause.count({ where: { projectId: project.id } })).toBe(0);
    expect(await causeCount(project.id)).toBe(0);
    await writeCauses(urls);
    await expect(db.$executeRaw`UPDATE url_causes SET tracked_url_id = ${ghost.id}::uuid WHERE tracked_url_id = ${urls[0].id}::uuid`)
      .rejects.toThrow(/url_causes_tracked_url_id_fkey/);
    expect(await causeCount(project.id)).toBe(2);
  });

  it("goes with its tracked URL (untracked, or the whole project), follows a changed id, and empties on TRUNCATE", async () => {
    const owner = await createTestTenant("url-causes-untrack");
    const { project, urls } = await projectWithUrls(owner, 4);
    await writeCauses(urls);
    await untrackUrls({ ctx: owner.ctx, projectId: project.id, input: { urlIds: [urls[0].id] } });
    expect(await db.urlCause.count({ where: { projectId: project.id } })).toBe(3);
    expect(await causeCount(project.id)).toBe(3);
    const id = crypto.randomUUID();
    await db.$executeRaw`UPDATE tracked_urls SET id = ${id}::uuid WHERE id = ${urls[1].id}::uuid`;
    expect(await db.urlCause.count({ where: { trackedUrlId: id } })).toBe(1);
    const rolledBack = new Error("rolled back");
    await expect(withTransaction(systemCtx("test"), async (ctx) => {
      await dbOf(ctx).$executeRawUnsafe(`TRUNCATE tracked_urls CASCADE`);
      expect((await dbOf(ctx).$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM url_causes`))[0].n).toBe(0n);
      throw rolledBack;
    })).rejects.toBe(rolledBack);
    await db.trackedUrl.deleteMany({ where: { projectId: project.id } });
    expect(await db.urlCause.count({ where: { projectId: project.id } })).toBe(0);
    expect(await causeCount(project.id)).toBe(0);
  });
});

// Two transactions at once: the embedded database (PGlite) has a single backend, so these run on PostgreSQL only
// (CI, or DATABASE_URL set).
describe.skipIf(Boolean(process.env.TEST_EMBEDDED_DB))("url_facts and a delete racing its write", () => {
  const clients: pg.Client[] = [];
  /** A connection of its own, and its backend's pid (asked before it is busy: pg queues a client's queries). */
  async function client() {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    clients.push(c);
    const pid = (await c.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0].pid;
    return Object.assign(c, { pid });
  }
  afterAll(async () => { for (const c of clients) await c.end(); });

  const insert = `INSERT INTO url_facts AS x (tracked_url_id, project_id, discovered_at, inlinks, orphan)
    SELECT id, project_id, discovered_at, 1, false FROM tracked_urls WHERE id = ANY($1::uuid[])
    ON CONFLICT (tracked_url_id) DO UPDATE SET inlinks = x.inlinks + 1`;
  /** Whether `backend` waits for a lock now (it is blocked by the other transaction). */
  async function waitsForLock(watcher: pg.Client, backend: number) {
    for (let i = 0; i < 100; i++) {
      const { rows } = await watcher.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [backend]);
      if (rows[0]?.wait_event_type === "Lock") return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  it("a delete during the write waits for it, then deletes the rows it wrote", async () => {
    const { project, urls } = await projectWithUrls(tenant, 3);
    const [writer, deleter, watcher] = [await client(), await client(), await client()];
    await writer.query("BEGIN");
    await writer.query(insert, [urls.map((u) => u.id)]);
    const deleting = deleter.query(`DELETE FROM tracked_urls WHERE id = $1`, [urls[0].id]);
    expect(await waitsForLock(watcher, deleter.pid)).toBe(true);
    await writer.query("COMMIT");
    await deleting;
    expect((await db.urlFact.findMany({ where: { projectId: project.id }, orderBy: { trackedUrlId: "asc" } })).map((f) => f.trackedUrlId))
      .toEqual([urls[1].id, urls[2].id].sort());
  });

  it("a write during a delete waits for it, then fails: no row outlives its URL", async () => {
    const { project, urls } = await projectWithUrls(tenant, 3);
    const [writer, deleter, watcher] = [await client(), await client(), await client()];
    await deleter.query("BEGIN");
    await deleter.query(`DELETE FROM tracked_urls WHERE id = $1`, [urls[0].id]);
    const writing = writer.query(insert, [urls.map((u) => u.id)]).then(() => null, (e: { code?: string }) => e.code);
    expect(await waitsForLock(watcher, writer.pid)).toBe(true);
    await deleter.query("COMMIT");
    expect(await writing).toBe("23503");
    expect(await factsOf(project.id)).toBe(0);
    // The same write without the deleted URL goes through.
    await writer.query(insert, [urls.slice(1).map((u) => u.id)]);
    expect(await factsOf(project.id)).toBe(2);
  });

  it("a delete of URLs whose facts a write is updating waits for the write and deletes the updated rows (no deadlock)", async () => {
    const { project, urls } = await projectWithUrls(tenant, 3);
    await writeFacts(urls, false);
    const [writer, deleter, watcher] = [await client(), await client(), await client()];
    await writer.query("BEGIN");
    await writer.query(insert, [urls.map((u) => u.id)]);
    const deleting = deleter.query(`DELETE FROM tracked_urls WHERE id = ANY($1::uuid[])`, [[urls[0].id, urls[1].id]]);
    expect(await waitsForLock(watcher, deleter.pid)).toBe(true);
    await writer.query(insert, [[urls[2].id]]);
    await writer.query("COMMIT");
    await deleting;
    expect((await db.urlFact.findMany({ where: { projectId: project.id } })).map((f) => [f.trackedUrlId, f.inlinks])).toEqual([[urls[2].id, 2]]);
  });

  it("a delete at a stricter isolation level is refused rather than leaving facts behind", async () => {
    const { urls } = await projectWithUrls(tenant, 1);
    const deleter = await client();
    await deleter.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
    await expect(deleter.query(`DELETE FROM tracked_urls WHERE id = $1`, [urls[0].id])).rejects.toMatchObject({ code: "0A000" });
    await deleter.query("ROLLBACK");
    expect(await db.trackedUrl.count({ where: { id: urls[0].id } })).toBe(1);
  });
});
