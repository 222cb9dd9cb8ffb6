import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestUser, type TestUser } from "../factories";
import { admit, projectFor, urlsOn } from "./helpers";

let alice: TestUser;
beforeAll(async () => { alice = await createTestUser("urls-admit"); });

const rows = (projectId: string) => db.trackedUrl.findMany({ where: { projectId }, orderBy: { url: "asc" } });

describe("manual admission", () => {
  it("normalizes, keeps only the project host, and counts duplicates, off-host and tracked URLs in skipped", async () => {
    const t = await projectFor(alice);
    const d = t.domain;
    const balance = (await db.organization.findUniqueOrThrow({ where: { id: t.orgId } })).creditBalance;
    const first = await admit(t, [
      `https://${d}/a`,
      `HTTPS://${d.toUpperCase()}:443/a#frag`, // the same URL once normalized
      `https://www.${d}/a`, // www is another host
      `https://shop.${d}/b`, // so is any subdomain
      `https://www.${d}/a`, // off-host and repeated: one report, one in-batch duplicate
      `  https://${d}/b  `,
      `http://${d}:8080/c?x=1&a=2`,
    ]);
    expect(first.res.status).toBe(200);
    expect(first.body.data).toEqual({
      inserted: 3, skipped: 4,
      skippedOffHost: [{ url: `https://www.${d}/a`, reason: "off_host" }, { url: `https://shop.${d}/b`, reason: "off_host" }],
    });
    const stored = await rows(t.projectId);
    expect(stored.map((r) => r.url)).toEqual([`http://${d}:8080/c?x=1&a=2`, `https://${d}/a`, `https://${d}/b`]);
    for (const r of stored) {
      expect(r).toMatchObject({ source: "manual", organizationId: t.orgId, healthState: "unknown", nextInspectionAt: null });
    }

    const second = await admit(t, [`https://${d}/a`, `https://${d}/b/`, `https://${d}/A`]);
    expect(second.body.data).toEqual({ inserted: 2, skipped: 1, skippedOffHost: [] });
    expect((await rows(t.projectId)).length).toBe(5);
    // Manual admission is free.
    expect((await db.organization.findUniqueOrThrow({ where: { id: t.orgId } })).creditBalance).toBe(balance);
    expect(await db.creditLedgerEntry.count({ where: { organizationId: t.orgId, kind: { not: "grant" } } })).toBe(0);
  });

  it("a batch that is entirely off-host inserts nothing", async () => {
    const t = await projectFor(alice);
    const { body } = await admit(t, ["https://example.org/", `https://api.${t.domain}/`]);
    expect(body.data).toEqual({ inserted: 0, skipped: 2, skippedOffHost: [
      { url: "https://example.org/", reason: "off_host" }, { url: `https://api.${t.domain}/`, reason: "off_host" },
    ] });
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(0);
  });

  it("one invalid URL in a batch of 1,000 rejects the batch with 400 naming its index, and writes nothing", async () => {
    const t = await projectFor(alice);
    const urls = urlsOn(t.domain, 1000);
    urls[537] = "ftp://files.example/x";
    const { res, body } = await admit(t, urls);
    expect(res.status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.meta?.errors).toEqual([{ path: "urls.537", code: "unsupported_scheme", message: expect.any(String) }]);
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(0);
  });

  it("names every invalid URL with its index and reason", async () => {
    const t = await projectFor(alice);
    const { res, body } = await admit(t, [`https://${t.domain}/ok`, "/relative", "   ", `https://u:p@${t.domain}/`, "javascript:alert(1)"]);
    expect(res.status).toBe(400);
    expect(body.meta?.errors?.map((e) => [e.path, e.code])).toEqual([
      ["urls.1", "invalid_url"], ["urls.2", "empty"], ["urls.3", "credentials_in_url"], ["urls.4", "unsupported_scheme"],
    ]);
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(0);
  });

  it.each([
    ["1,001 URLs", () => ({ urls: urlsOn("x.example", 1001) }), "urls"],
    ["no URLs", () => ({ urls: [] }), "urls"],
    ["a URL over 2,048 characters", () => ({ urls: ["https://x.example/" + "a".repeat(2048)] }), "urls.0"],
    ["an empty string", () => ({ urls: ["https://x.example/", ""] }), "urls.1"],
    ["a non-string item", () => ({ urls: [42] }), "urls.0"],
    ["a missing urls field", () => ({}), "urls"],
    ["an unknown field", () => ({ urls: ["https://x.example/"], source: "sitemap" }), ""],
  ])("%s → 400", async (_name, body, path) => {
    const t = await projectFor(alice);
    const { res, body: b } = await admit(t, undefined, body());
    expect(res.status).toBe(400);
    expect(b.code).toBe("VALIDATION_ERROR");
    expect(b.meta?.errors?.map((e) => e.path)).toContain(path);
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(0);
  });

  it("accepts exactly 1,000 URLs", async () => {
    const t = await projectFor(alice);
    const { res, body } = await admit(t, urlsOn(t.domain, 1000));
    expect(res.status).toBe(200);
    expect(body.data).toEqual({ inserted: 1000, skipped: 0, skippedOffHost: [] });
  });

  it("concurrent admissions of the same 200 URLs insert each exactly once", async () => {
    const t = await projectFor(alice);
    const urls = urlsOn(t.domain, 200);
    // Each caller sends them in its own order.
    const batches = [0, 1, 2, 3, 4].map((k) => (k % 2 ? [...urls].reverse() : urls.slice(k * 40).concat(urls.slice(0, k * 40))));
    const answers = await Promise.all(batches.map((b) => admit(t, b)));
    for (const a of answers) {
      expect(a.res.status).toBe(200);
      expect(a.body.data.inserted + a.body.data.skipped).toBe(200);
    }
    expect(answers.reduce((n, a) => n + a.body.data.inserted, 0)).toBe(200);
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(200);
    const stats = await db.websiteStats.findUniqueOrThrow({ where: { projectId: t.projectId } });
    expect(stats.totalUrls).toBe(200);
  });

  it("makes new URLs due at once when automated inspections are on (firstInspectionAt), and leaves tracked ones alone", async () => {
    const t = await projectFor(alice);
    await admit(t, [`https://${t.domain}/before`]);
    await db.project.update({ where: { id: t.projectId }, data: { automatedInspectionsEnabled: true, inspectionCadence: "daily" } });
    const before = Date.now();
    await admit(t, [`https://${t.domain}/scheduled`, `https://${t.domain}/before`]);
    const byPath = Object.fromEntries((await rows(t.projectId)).map((r) => [new URL(r.url).pathname, r]));
    expect(byPath["/scheduled"].nextInspectionAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(byPath["/scheduled"].nextInspectionAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(byPath["/before"].nextInspectionAt).toBeNull();
  });

  it("a deleted project answers 404 and gets no URL", async () => {
    const t = await projectFor(alice);
    await db.project.update({ where: { id: t.projectId }, data: { deletedAt: new Date(), liveDomain: null, status: "paused" } });
    const { res, body } = await admit(t, [`https://${t.domain}/a`]);
    expect(res.status).toBe(404);
    expect(body.code).toBe("NOT_FOUND");
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(0);
  });

  it("a paused project still accepts URLs", async () => {
    const t = await projectFor(alice);
    await db.project.update({ where: { id: t.projectId }, data: { status: "paused" } });
    expect((await admit(t, [`https://${t.domain}/a`])).body.data.inserted).toBe(1);
  });
});
