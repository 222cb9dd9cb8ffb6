import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { toTrackedUrlResponse } from "@/lib/urls/internal";
import { TrackedUrlResponse } from "@/lib/urls/schemas";
import { createTestUser } from "../factories";
import { admit, getUrl, listUrls, projectFor, type Target } from "./helpers";

// A page of URLs is written as JSON by PostgreSQL (TRACKED_URL_JSON) while one URL is built in JavaScript
// (toTrackedUrlResponse): both must give the same object for the same row, every field set, in every type.
let t: Target;
let full: string;
let empty: string;
beforeAll(async () => {
  t = await projectFor(await createTestUser("urls-json"));
  const { body } = await admit(t, [`https://${t.domain}/full?q="x"`, `https://${t.domain}/empty`]);
  expect(body.data.inserted).toBe(2);
  const rows = await db.trackedUrl.findMany({ where: { projectId: t.projectId }, orderBy: { url: "asc" } });
  [empty, full] = rows.map((r) => r.id);
  // Every nullable column set, timestamps at the columns' millisecond precision,
  // text that JSON must escape, floats without a short decimal form.
  await db.$executeRaw`UPDATE tracked_urls SET
    first_seen_in_sitemap_at = '2024-02-29 23:59:59.9994+00', last_seen_in_sitemap_at = '2025-01-01 00:00:00+00',
    lastmod = '1999-12-31 22:00:00.5+02', stale_at = now(), health_state = 'redirected', http_status = 301,
    redirect_target = ${`https://${t.domain}/ü?a=1&b="2"`}, redirect_hops = 3, health_error = ${"line\nbreak\ttab \\ back \u0001 ctl é 😀 \u2028"},
    last_health_check_at = now(), indexability = 'noindex', canonical_url = ${`https://${t.domain}/canonical`},
    meta_robots = 'noindex, nofollow', x_robots_tag = 'none', last_audit_at = now(), last_inspection_attempt_at = now(),
    last_inspection_success_at = now(), last_inspection_failure_at = now(), last_inspection_failure_code = 'QUOTA',
    consecutive_inspection_failures = 2, last_index_now_submitted_at = now(), index_now_attempts = 4,
    engine_a_state = 'crawled_not_indexed', engine_b_state = 'indexed', indexed_at = now(), last_engine_sync_at = now(),
    next_inspection_at = now() + interval '3 days', engine_a_state_source = 'search_analytics', engine_a_observed_at = now(),
    engine_b_observed_at = now(), clicks_28d = 12, impressions_28d = 7000, ctr_28d = ${12 / 7000}, position_28d = ${1 / 3},
    last_impression_at = now(), priority = 'high', last_googlebot_fetch_at = now(), last_bingbot_fetch_at = now(),
    crawler_hits_30d = 99
    WHERE id = ${full}::uuid`;
});

describe("a page of URLs written by PostgreSQL", () => {
  it("is, field for field, the object one URL's answer builds, with every field set and with none", async () => {
    const { body } = await listUrls(t, "?limit=10");
    expect(body.data).toHaveLength(2);
    const rows = await db.trackedUrl.findMany({ where: { projectId: t.projectId } });
    for (const id of [full, empty]) {
      const listed = body.data.find((u: { id: string }) => u.id === id);
      const built = toTrackedUrlResponse(rows.find((r) => r.id === id)!);
      expect(listed).toStrictEqual(built);
      expect(Object.keys(listed).sort()).toEqual(Object.keys(TrackedUrlResponse.shape).sort());
      expect(TrackedUrlResponse.strict().parse(listed)).toStrictEqual(listed);
      expect((await getUrl(t, id)).body.data).toStrictEqual(listed);
    }
    const listed = body.data.find((u: { id: string }) => u.id === full);
    expect(listed.firstSeenInSitemapAt).toBe("2024-02-29T23:59:59.999Z");
    expect(listed.lastmod).toBe("1999-12-31T20:00:00.500Z");
    expect(listed.healthError).toBe("line\nbreak\ttab \\ back \u0001 ctl é 😀 \u2028");
    expect(listed.position28d).toBe(1 / 3);
    expect(listed.ctr28d).toBe(12 / 7000);
  });

  it("prints a float column that is not a number as null, as JSON.stringify does", async () => {
    await db.$executeRaw`UPDATE tracked_urls SET ctr_28d = 'NaN', position_28d = 'Infinity' WHERE id = ${full}::uuid`;
    const { body } = await listUrls(t, "?limit=10");
    const listed = body.data.find((u: { id: string }) => u.id === full);
    expect(listed.ctr28d).toBeNull();
    expect(listed.position28d).toBeNull();
  });

  it("answers an empty page as []", async () => {
    const { res, body } = await listUrls(t, "?offset=50");
    expect(res.status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta).toEqual({ total: 2, offset: 50, limit: 20, hasMore: false });
  });
});
