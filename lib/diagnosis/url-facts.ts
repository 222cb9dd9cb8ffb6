// One URL's facts, read with the rules' own SQL (rules-sql.ts): its cause per engine computed live, and what the
// evidence quotes (the audit's status and robots, the snapshot's words and title, the render, Google's last answer).
import { Prisma, sqlRows } from "@/lib/db";
import type { Cause } from "./causes";
import { causeSql, factsFrom, logsFlags } from "./rules-sql";

export interface UrlFacts {
  url: string;
  a: Cause | null;
  b: Cause | null;
  engineAState: string;
  engineBState: string;
  engineAObservedAt: string | null;
  engineBObservedAt: string | null;
  httpStatus: number | null;
  healthState: string;
  redirectTarget: string | null;
  canonicalUrl: string | null;
  metaRobots: string | null;
  xRobotsTag: string | null;
  lastAuditAt: string | null;
  inlinks: number | null;
  clickDepth: number | null;
  orphan: boolean | null;
  sitemapId: string | null;
  lastGooglebotFetchAt: string | null;
  lastBingbotFetchAt: string | null;
  engineALastCrawlAt: string | null;
  title: string | null;
  h1: string | null;
  words: number | null;
  snapshotAt: string | null;
  renderedAt: string | null;
  renderedRobots: string[] | null;
  duplicateOf: string | null;
  duplicateUrls: number | null;
  /** The kept page of its near-duplicate group when it is not that page, the group's size, its similarity (percent) to it. */
  nearOf: string | null;
  nearUrls: number | null;
  nearSimilarity: number | null;
  googleCanonical: string | null;
  userCanonical: string | null;
  coverage: string | null;
  engineAAnswerAt: string | null;
}

/** The URL's facts, or null when it is not a URL of the project. */
export async function readUrlFacts(projectId: string, urlId: string): Promise<UrlFacts | null> {
  const iso = (col: string) => Prisma.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const [row] = await sqlRows<UrlFacts>(Prisma.sql`
    SELECT t.url, ${causeSql("engineA")}::text AS a, ${causeSql("engineB")}::text AS b,
      t.engine_a_state::text AS "engineAState", t.engine_b_state::text AS "engineBState",
      ${iso("t.engine_a_observed_at")} AS "engineAObservedAt", ${iso("t.engine_b_observed_at")} AS "engineBObservedAt",
      t.http_status AS "httpStatus", t.health_state::text AS "healthState", t.redirect_target AS "redirectTarget",
      t.canonical_url AS "canonicalUrl", t.meta_robots AS "metaRobots", t.x_robots_tag AS "xRobotsTag", ${iso("t.last_audit_at")} AS "lastAuditAt",
      uf.inlinks, uf.click_depth AS "clickDepth", uf.orphan, t.sitemap_id::text AS "sitemapId",
      ${iso("t.last_googlebot_fetch_at")} AS "lastGooglebotFetchAt", ${iso("t.last_bingbot_fetch_at")} AS "lastBingbotFetchAt",
      ${iso("t.engine_a_last_crawl_at")} AS "engineALastCrawlAt",
      s.fields->>'title' AS title, s.fields->>'h1' AS h1,
      s.words, ${iso("s.observed_at")} AS "snapshotAt",
      ${iso("r.rendered_at")} AS "renderedAt", CASE WHEN r.rendered IS NOT NULL THEN ARRAY(SELECT jsonb_array_elements_text(r.rendered->'metaRobots')) END AS "renderedRobots",
      CASE WHEN g.canonical_url_id <> t.id THEN g.canonical_url END AS "duplicateOf", g.urls AS "duplicateUrls",
      CASE WHEN nd.canonical_url_id <> t.id THEN nd.canonical_url END AS "nearOf", nd.urls AS "nearUrls", nd.similarity::int AS "nearSimilarity",
      h.google_canonical AS "googleCanonical", h.user_canonical AS "userCanonical", h.coverage, ${iso("h.observed_at")} AS "engineAAnswerAt"
    FROM (SELECT ${logsFlags(projectId)}) f, ${factsFrom(projectId, urlId)}
    WHERE t.project_id = ${projectId}::uuid AND t.id = ${urlId}::uuid`);
  return row ?? null;
}
