// The URL list keeps each URL's printed JSON by row version (lib/urls/url-json-cache.ts): what it sends must always
// be the URL as it is now, whichever statement changed it, and never cross an organization's boundary.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { bearer } from "../http";
import { createTestUser, type TestUser } from "../factories";
import { admit, getUrl, listUrls, projectFor, urlsOn, type Target } from "./helpers";

let alice: TestUser;
let mallory: TestUser;
let t: Target;
beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestUser("urls-cache-alice"), createTestUser("urls-cache-mallory")]);
  t = await projectFor(alice);
  expect((await admit(t, urlsOn(t.domain, 5))).res.status).toBe(200);
});

const page = async (query = "?limit=100") => {
  const { res, body } = await listUrls(t, query);
  expect(res.status).toBe(200);
  return body.data as Record<string, unknown>[];
};

describe("URL list: the printed URLs kept by row version", () => {
  it("a page read twice is the same page, URL for URL as the single-URL route prints it", async () => {
    const first = await page();
    expect(await page()).toEqual(first);
    for (const u of first) expect(u).toEqual((await getUrl(t, u.id as string)).body.data);
  });

  it("a URL changed by a plain SQL statement (no updated_at, no Prisma) is listed as it is now", async () => {
    const [target] = await page();
    // Values that test the printing too: quotes, a backslash, a control character, non-ASCII, a small float.
    await db.$executeRaw`UPDATE tracked_urls SET http_status = 418, health_error = ${'a "quoted" \\ line\nnext\u0001 — ünï'},
      ctr_28d = 0.00003, position_28d = 12.5, last_audit_at = '2026-01-02T03:04:05.6Z' WHERE id = ${target.id}::uuid`;
    const changed = (await page()).find((u) => u.id === target.id)!;
    expect(changed).toMatchObject({
      httpStatus: 418, healthError: 'a "quoted" \\ line\nnext\u0001 — ünï', ctr28d: 0.00003, position28d: 12.5, lastAuditAt: "2026-01-02T03:04:05.600Z",
    });
    expect(changed).toEqual((await getUrl(t, target.id as string)).body.data);
    // Changed back by a second statement: the next page follows again.
    await db.$executeRaw`UPDATE tracked_urls SET http_status = NULL WHERE id = ${target.id}::uuid`;
    expect((await page()).find((u) => u.id === target.id)!.httpStatus).toBeNull();
  });

  it("a deleted URL leaves the page and the total", async () => {
    const before = await page();
    await db.trackedUrl.delete({ where: { id: before[1].id as string } });
    const { body } = await listUrls(t, "?limit=100");
    expect(body.data.map((u: { id: string }) => u.id)).toEqual(before.filter((_, i) => i !== 1).map((u) => u.id));
    expect(body.meta!.total).toBe(before.length - 1);
  });

  it("another organization asking for the project, once its URLs were printed, gets 404 and no URL", async () => {
    await page();
    const { res, body } = await listUrls({ ...t, headers: bearer(mallory.sessionToken) }, "?limit=100");
    expect(res.status).toBe(404);
    expect(body.code).toBe("NOT_FOUND");
    expect(JSON.stringify(body)).not.toContain(t.domain);
  });
});
