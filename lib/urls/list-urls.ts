import { preparedName, Prisma, sqlRows } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type PaginationMeta } from "@/lib/core/pagination";
import { DomainError } from "@/lib/core/errors";
import { countExpression } from "./count-urls";
import { PUBLIC_TRACKED_URL_JSON, TRACKED_URL_COLUMNS, URL_FACTS_JOIN, type TrackedUrlWithFacts } from "./internal";
import { heldUrlsOf, keepUrlJson, rememberUrlVersions } from "./url-json-cache";
import type { ListUrlsQuery, TrackedUrlResponse, UrlFilters } from "./schemas";
import { activeFilters, factRows, FACT_FILTERS, SORT_COLUMNS, urlConditions, urlOrder } from "./url-filters";

/**
 * A page of the project's tracked URLs under the filters (combined with AND), in the order of `sort`, with
 * the exact total, as JSON text: the API sends it as it is. One statement, so one round trip and one snapshot:
 * the live project of the organization (no row: 404), its total, and the page's URLs with their row versions.
 * PostgreSQL prints each URL the process does not hold at that version (PUBLIC_TRACKED_URL_JSON) and the process
 * keeps it (url-json-cache); the version is the xmin of its row and of its url_facts and url_causes rows. A URL it holds (one of this page's last answer, unchanged) comes as its id and version
 * alone. The statement is prepared once per connection for each shape of filters. `pageKey`: the organization, project
 * and query (the key of the page's answer, lib/api/gzip-answers.ts).
 */
export async function listUrlsJson(ctx: OrgCtx, projectId: string, query: ListUrlsQuery): Promise<{ json: string; meta: PaginationMeta; pageKey: string }> {
  const pageKey = `${ctx.org.id}/${projectId}/${JSON.stringify(query)}`;
  const held = heldUrlsOf(pageKey);
  const statement = listStatement(ctx.org.id, projectId, query, [...held.keys()]);
  // An unfiltered page's bounds are in its text (pageIds): only first pages are prepared, so each connection keeps a few statements.
  const name = query.offset === 0 ? preparedName(statement) : undefined;
  const rows = await sqlRows<{ __total: number; id: string | null; version: string; json: string | null }>(statement, name);
  if (!rows.length) throw new DomainError("NOT_FOUND", "Project not found");
  const total = Math.max(0, rows[0].__total);
  const page = rows[0].id === null ? [] : (rows as { id: string; version: string; json: string | null }[]);
  const json = page.map((r) => {
    // No JSON: the URL is one of those held, at this very version.
    if (r.json === null) return held.get(`${r.id}:${r.version}`)!;
    keepUrlJson(r.id, r.version, r.json);
    return r.json;
  });
  rememberUrlVersions(pageKey, page.map((r) => `${r.id}:${r.version}`));
  return { json: `[${json.join(",")}]`, meta: pageMeta(total, query), pageKey };
}

/** The same page as objects (the URL table's first render, the assistants' tools). */
export async function listUrls(ctx: OrgCtx, projectId: string, query: ListUrlsQuery): Promise<{ data: TrackedUrlResponse[]; meta: PaginationMeta }> {
  const { json, meta } = await listUrlsJson(ctx, projectId, query);
  return { data: JSON.parse(json) as TrackedUrlResponse[], meta };
}

/**
 * The statement of listUrlsJson: the total with the page's rows (one row of nulls for an empty page), none for another
 * organization's project. `held`: `id:version` of URLs the process holds printed; such a row comes without its JSON.
 */
function listStatement(organizationId: string, projectId: string, query: ListUrlsQuery, held: string[]): Prisma.Sql {
  const { offset, limit, sort, ...filters } = query;
  const project = Prisma.sql`SELECT 1 FROM projects p WHERE p.id = ${projectId}::uuid AND p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL`;
  // MATERIALIZED: the total is computed once, though the page's condition reads it too. OFFSET 0 keeps the
  // page a subquery, so that condition is checked once before it runs (no index walk past the end).
  // A search (q): its first SEARCH_SORTED + 1 matches are read once (the trigram index finds them) and kept with their
  // sort values. Up to SEARCH_SORTED, they are the total and are sorted for the page: no index walk in the list's order,
  // which a clustered search (all its matches at one end of that order) would make long. Beyond, the matches are dense
  // enough for that walk, and the total is a count of them all (the CASE reads it only then).
  const where = Prisma.join(urlConditions(projectId, filters), " AND ");
  const searched = filters.q
    ? {
        ctes: Prisma.sql`m AS MATERIALIZED (
          SELECT t.id, t.discovered_at${sortColumn(sort)} FROM tracked_urls t WHERE ${where} AND EXISTS (${project}) LIMIT ${SEARCH_SORTED + 1}),
        n AS MATERIALIZED (
          SELECT (CASE WHEN (SELECT count(*) FROM m) <= ${SEARCH_SORTED} THEN (SELECT count(*) FROM m)
                  ELSE (SELECT count(*) FROM tracked_urls t WHERE ${where}) END)::int AS total FROM projects p
          WHERE p.id = ${projectId}::uuid AND p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL)`,
        ids: Prisma.sql`
          (SELECT t.id FROM m t WHERE n.total <= ${SEARCH_SORTED} ORDER BY ${urlOrder(sort)} LIMIT ${limit} OFFSET ${offset})
          UNION ALL
          (SELECT t.id FROM tracked_urls t WHERE n.total > ${SEARCH_SORTED} AND ${where} ORDER BY ${urlOrder(sort)} LIMIT ${limit} OFFSET ${offset})`,
      }
    : {
        ctes: Prisma.sql`n AS MATERIALIZED (
          SELECT (${countExpression(projectId, filters)})::int AS total FROM projects p
          WHERE p.id = ${projectId}::uuid AND p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL)`,
        ids: pageIds(projectId, filters, offset, limit, sort),
      };
  return Prisma.sql`
    WITH ${searched.ctes}
    SELECT n.total AS "__total", page.id, page.version, page.json FROM n
    LEFT JOIN LATERAL (
      SELECT ${sortKeys(sort)}, v.version,
        CASE WHEN (t.id::text || ':' || v.version) = ANY(${held}::text[]) THEN NULL ELSE ${PUBLIC_TRACKED_URL_JSON} END AS json
      FROM tracked_urls t
      JOIN (${searched.ids}) ids ON ids.id = t.id
      ${URL_FACTS_JOIN}
      CROSS JOIN LATERAL (SELECT t.xmin::text || '.' || coalesce(uf.xmin::text, '') || '.' || coalesce(uc.xmin::text, '') AS version) v
      WHERE ${offset}::int < n.total OFFSET 0
    ) page ON true
    ORDER BY ${urlOrder(sort, true)}`;
}

/** The page's columns its ORDER BY reads (urlOrder with `outer`): id, discovery time and the sort's field, under their field names. */
function sortKeys(sort: string | undefined): Prisma.Sql {
  return Prisma.raw(`t.id, t.discovered_at AS "discoveredAt"${sortColumn(sort, true).text}`);
}

/** A search with at most this many matches is sorted from its matches; a larger one is read in the list's order. */
const SEARCH_SORTED = 20_000;

/** `, t.<column>` of a sort other than discovery order (constant text), for the search's kept matches; `named`: under its field name. */
function sortColumn(sort: string | undefined, named = false): Prisma.Sql {
  const field = (sort ?? "discoveredAt").split(":")[0] as keyof typeof SORT_COLUMNS;
  return field === "discoveredAt" ? Prisma.empty : Prisma.raw(`, t.${SORT_COLUMNS[field]}${named ? ` AS "${field}"` : ""}`);
}

/**
 * The page is chosen on ids alone, so the offset walks an index without reading table rows; only the
 * page's rows are read in full. With hasIssues=true the walk is over open_issue_urls, which holds just
 * those URLs in the inventory's order (discovered_at is copied there).
 */
export function pageOfUrls(projectId: string, filters: UrlFilters, offset: number, limit: number): Promise<TrackedUrlWithFacts[]> {
  return sqlRows<TrackedUrlWithFacts>(Prisma.sql`
    SELECT ${TRACKED_URL_COLUMNS} FROM tracked_urls t
    JOIN (${pageIds(projectId, filters, offset, limit)}) page ON page.id = t.id
    ${URL_FACTS_JOIN}
    ORDER BY t.discovered_at, t.id`);
}

function pageIds(projectId: string, filters: UrlFilters, offset: number, limit: number, sort?: string): Prisma.Sql {
  // With LIMIT and OFFSET bound, a prepared statement's generic plan guesses a tenth of the table (a hash join over
  // every row, 40 times slower than the page), so PostgreSQL plans each execution afresh: 1-1.5 ms of its CPU a page,
  // twice the page's execution. Where the best plan does not depend on the values bound, the bounds are written out and
  // the first page's prepared statement keeps one generic plan: unfiltered (the project's index in the list's order),
  // and one facet filter in discovery order (its index on (project, facet, discovered_at, id) gives the order whatever
  // the value). Otherwise they stay bound: each execution is planned for its values, and a rare value never runs on a
  // plan made for a common one.
  const discoveryOrder = !sort || sort === "discoveredAt" || sort === "discoveredAt:asc" || sort === "discoveredAt:desc";
  const active = activeFilters(filters);
  const window = active.length === 0 || (active.length === 1 && discoveryOrder && (ORDERED_FACETS as readonly string[]).includes(active[0]))
    ? Prisma.raw(`LIMIT ${wholeNumber(limit)} OFFSET ${wholeNumber(offset)}`)
    : Prisma.sql`LIMIT ${limit} OFFSET ${offset}`;
  if (discoveryOrder && (filters.cause || filters.orphan === "true")) return factPageIds(projectId, filters, sort, window);
  if (filters.hasIssues !== "true" || (sort && sort !== "discoveredAt" && sort !== "discoveredAt:asc")) {
    return Prisma.sql`SELECT t.id FROM tracked_urls t WHERE ${Prisma.join(urlConditions(projectId, filters), " AND ")} ORDER BY ${urlOrder(sort)} ${window}`;
  }
  // The other filters (after the project's own condition) are checked on the URL rows walked.
  const others = urlConditions(projectId, { ...filters, hasIssues: undefined }).slice(1);
  return Prisma.sql`SELECT o.tracked_url_id AS id FROM open_issue_urls o
    ${others.length ? Prisma.sql`JOIN tracked_urls t ON t.id = o.tracked_url_id AND ${Prisma.join(others, " AND ")}` : Prisma.empty}
    WHERE o.project_id = ${projectId}::uuid ORDER BY o.discovered_at, o.tracked_url_id ${window}`;
}

/**
 * A page under a cause or orphan filter in discovery order: walked over url_causes or url_facts (factRows), whose
 * partial indexes hold just those URLs in that order (discovered_at is copied there); the other filters are checked
 * on the URL rows walked.
 */
function factPageIds(projectId: string, filters: UrlFilters, sort: string | undefined, window: Prisma.Sql): Prisma.Sql {
  const rest = Object.fromEntries(Object.entries(filters).filter(([k]) => !(FACT_FILTERS as readonly string[]).includes(k))) as UrlFilters;
  const others = urlConditions(projectId, rest).slice(1);
  const dir = Prisma.raw(sort === "discoveredAt:desc" ? "DESC" : "ASC");
  const { from, where, lead } = factRows(projectId, filters);
  return Prisma.sql`SELECT ${lead}.tracked_url_id AS id FROM ${from}
    ${others.length ? Prisma.sql`JOIN tracked_urls t ON t.id = ${lead}.tracked_url_id AND ${Prisma.join(others, " AND ")}` : Prisma.empty}
    WHERE ${where}
    ORDER BY ${lead}.discovered_at ${dir}, ${lead}.tracked_url_id ${dir} ${window}`;
}

/** The facet filters with an index on (project_id, facet, discovered_at, id) (migration init): a page of one walks it in order. */
const ORDERED_FACETS = ["healthState", "indexability", "engineAState", "engineBState", "source"] as const satisfies readonly (keyof UrlFilters)[];

function wholeNumber(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return n;
}
