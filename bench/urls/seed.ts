// Generates a project's URL inventory in the database with realistic state distributions, in SQL
// (generate_series), plus issue groups and memberships derived from the states.
import type pg from "pg";

export type SeedTarget = { organizationId: string; projectId: string; domain: string; count: number };

/** The URL benchmarks' organization and projects: a project of 1,000,000 URLs and one of 100,000. */
export const BENCH_IDS = { org: "0b0b0b0b-0000-4000-8000-000000000001", big: "0b0b0b0b-0000-4000-8000-000000000002", medium: "0b0b0b0b-0000-4000-8000-000000000003" };
export const BENCH_DOMAINS = { big: "big-shop.example", medium: "medium-blog.example" };
export const BENCH_SIZES = { big: 1_000_000, medium: 100_000 };

/** The organization, both projects, their URLs and the big project's issue groups, in a migrated empty database. */
export async function seedInventory(client: pg.Client): Promise<void> {
  await client.query(`INSERT INTO organizations (id, name, slug, updated_at) VALUES ($1, 'bench', 'bench', now())`, [BENCH_IDS.org]);
  for (const k of ["big", "medium"] as const) {
    await client.query(
      `INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, updated_at) VALUES ($1, $2, $3, $3, $3, 'https://' || $3 || '/sitemap.xml', now())`,
      [BENCH_IDS[k], BENCH_IDS.org, BENCH_DOMAINS[k]],
    );
  }
  await seedUrls(client, { organizationId: BENCH_IDS.org, projectId: BENCH_IDS.big, domain: BENCH_DOMAINS.big, count: BENCH_SIZES.big });
  await seedUrls(client, { organizationId: BENCH_IDS.org, projectId: BENCH_IDS.medium, domain: BENCH_DOMAINS.medium, count: BENCH_SIZES.medium });
  await seedIssues(client, { organizationId: BENCH_IDS.org, projectId: BENCH_IDS.big, domain: BENCH_DOMAINS.big, count: BENCH_SIZES.big });
}

/** Rows are discovered in batches of 1,000 sharing one timestamp, as sitemap syncs and imports insert them. */
export async function seedUrls(client: pg.Client, t: SeedTarget, extra?: { columns: string; values: string }): Promise<void> {
  await client.query("SELECT setseed(0.42)");
  await client.query(
    `INSERT INTO tracked_urls (id, organization_id, project_id, url, source, discovered_at, created_at, updated_at,
       health_state, http_status, indexability, engine_a_state, engine_b_state, stale_at, last_health_check_at, last_audit_at,
       clicks_28d, impressions_28d, ctr_28d, position_28d, last_impression_at, engine_a_observed_at, last_googlebot_fetch_at${extra ? `, ${extra.columns}` : ""})
     SELECT gen_random_uuid(), $1, $2, 'https://' || $3 || '/c' || (g % 97) || '/item-' || g,
       (CASE WHEN s < 0.85 THEN 'sitemap' WHEN s < 0.95 THEN 'import' ELSE 'manual' END)::"UrlSource",
       d, d, d,
       (CASE WHEN h < 0.78 THEN 'healthy' WHEN h < 0.86 THEN 'redirected' WHEN h < 0.91 THEN 'client_error'
             WHEN h < 0.92 THEN 'server_error' WHEN h < 0.93 THEN 'timeout' ELSE 'unknown' END)::"HealthState",
       CASE WHEN h < 0.78 THEN 200 WHEN h < 0.86 THEN 301 WHEN h < 0.91 THEN 404 WHEN h < 0.92 THEN 503 END,
       (CASE WHEN i < 0.70 THEN 'indexable' WHEN i < 0.75 THEN 'noindex' WHEN i < 0.83 THEN 'canonicalized'
             WHEN i < 0.85 THEN 'blocked_by_robots' ELSE 'unknown' END)::"Indexability",
       (CASE WHEN a < 0.55 THEN 'indexed' WHEN a < 0.65 THEN 'crawled_not_indexed' WHEN a < 0.73 THEN 'discovered_not_indexed'
             WHEN a < 0.77 THEN 'excluded' WHEN a < 0.78 THEN 'blocked' WHEN a < 0.81 THEN 'redirected'
             WHEN a < 0.85 THEN 'submitted' ELSE 'unknown' END)::"EngineAState",
       (CASE WHEN b < 0.50 THEN 'indexed' WHEN b < 0.65 THEN 'not_indexed' WHEN b < 0.73 THEN 'submitted'
             WHEN b < 0.74 THEN 'blocked' WHEN b < 0.75 THEN 'error' ELSE 'unknown' END)::"EngineBState",
       CASE WHEN st < 0.03 THEN d + interval '30 days' END,
       CASE WHEN h < 0.93 THEN d + interval '1 day' END, CASE WHEN i < 0.85 THEN d + interval '1 day' END,
       -- Search Analytics on 40 % of the URLs (a long tail of clicks), a Google verdict on 70 %, Googlebot in the logs on 30 %.
       CASE WHEN sa < 0.40 THEN floor(power(c, 6) * 500)::int END, CASE WHEN sa < 0.40 THEN floor(power(c, 3) * 20000)::int END,
       CASE WHEN sa < 0.40 THEN 0.02 END, CASE WHEN sa < 0.40 THEN 1 + floor(c * 40) END,
       CASE WHEN sa < 0.40 THEN timestamptz '2026-11-20T08:00:00Z' - floor(c * 60) * interval '1 day' END,
       CASE WHEN a < 0.70 THEN d + interval '2 days' + floor(c * 300) * interval '1 hour' END,
       CASE WHEN sa > 0.70 THEN timestamptz '2026-11-25T00:00:00Z' - floor(c * 2000) * interval '1 hour' END${extra ? `, ${extra.values}` : ""}
     FROM (SELECT g, random() s, random() h, random() i, random() a, random() b, random() st, random() sa, random() c,${extra ? " random() l," : ""}
                  timestamptz '2025-01-01T00:00:00Z' + (g / 1000) * interval '8 hours' d
           FROM generate_series(1, $4) g) r`,
    [t.organizationId, t.projectId, t.domain, t.count],
  );
}

// type, severity, rank, status, which URLs are members, whether memberships are still open
const GROUPS: [string, string, number, string, string, boolean][] = [
  ["broken_link", "critical", 3, "open", "health_state = 'client_error'", true],
  ["server_error", "critical", 3, "open", "health_state IN ('server_error', 'timeout')", true],
  ["has_noindex", "warning", 2, "open", "indexability = 'noindex'", true],
  ["crawled_not_indexed", "warning", 2, "open", "engine_a_state = 'crawled_not_indexed'", true],
  ["discovered_not_indexed", "info", 1, "ignored", "engine_a_state = 'discovered_not_indexed'", true],
  ["redirect_chain", "warning", 2, "resolved", "health_state = 'redirected'", false],
];

/** Issue groups of several statuses with memberships; open memberships in open groups cover ~20 % of URLs. */
export async function seedIssues(client: pg.Client, t: SeedTarget): Promise<void> {
  for (const [type, severity, rank, status, where, open] of GROUPS) {
    const { rows } = await client.query(
      `INSERT INTO issues (id, organization_id, project_id, type, severity, severity_rank, status, first_detected_at, last_detected_at, resolved_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3::"IssueType", $4::"IssueSeverity", $5, $6::"IssueStatus", now(), now(),
               CASE WHEN $6 = 'resolved' THEN now() END, now()) RETURNING id`,
      [t.organizationId, t.projectId, type, severity, rank, status],
    );
    await client.query(
      `INSERT INTO issue_url_memberships (id, organization_id, issue_id, tracked_url_id, url, detected_at, resolved_at, updated_at)
       SELECT gen_random_uuid(), organization_id, $2, id, url, now(), ${open ? "NULL" : "now()"}, now()
       FROM tracked_urls WHERE project_id = $1 AND ${where}`,
      [t.projectId, rows[0].id],
    );
    await client.query(
      `UPDATE issues SET affected_url_count = (SELECT count(*) FROM issue_url_memberships WHERE issue_id = $1 AND resolved_at IS NULL) WHERE id = $1`,
      [rows[0].id],
    );
  }
}
