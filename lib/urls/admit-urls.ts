import { Prisma, sqlRows } from "@/lib/db";
import type { Ctx } from "@/lib/api/context";
import { ApiError, validationError, type ValidationIssue } from "@/lib/api/errors";
import { getProjectOrThrow, orgIdOrThrow } from "@/lib/projects/internal";
import { CADENCE_MS } from "@/lib/projects/set-automation";
import { isOnHost, normalizeUrl } from "./normalize-url";
import { AdmitUrlsResponse } from "./schemas";
import { timeOrderedId } from "./time-ordered-id";
import { requestProjectSubmission } from "@/lib/indexnow/request-project-submission";

const REASONS: Record<string, string> = {
  empty: "The URL is empty",
  too_long: "The URL is longer than 2048 characters",
  invalid_url: "Not an absolute URL",
  unsupported_scheme: "Only http and https URLs can be tracked",
  missing_host: "The URL has no host",
  credentials_in_url: "URLs with a user name or password are not accepted",
  nul_byte: "The URL contains a NUL character",
};

/**
 * Manual admission (SPEC.md rule 1): normalize every URL (one invalid URL rejects the batch and writes
 * nothing), keep those on the project's host, drop in-batch duplicates and tracked URLs, insert the rest
 * as `manual` without credits. skipped = everything sent that was not inserted.
 */
export async function admitUrls({ ctx, projectId, urls, now = new Date() }: { ctx: Ctx; projectId: string; urls: string[]; now?: Date }) {
  const errors: ValidationIssue[] = [];
  const unique = new Map<string, string>();
  urls.forEach((raw, i) => {
    const n = normalizeUrl(raw);
    if (!n.ok) errors.push({ path: `urls.${i}`, code: n.reason, message: REASONS[n.reason] ?? "Invalid URL" });
    else if (!unique.has(n.url)) unique.set(n.url, n.host);
  });
  if (errors.length) {
    await getProjectOrThrow(ctx, projectId); // an unknown project answers 404 before the batch's errors
    throw validationError(`${errors.length} of ${urls.length} URLs are invalid; nothing was admitted`, errors);
  }

  const admitted = await insertManualUrls(orgIdOrThrow(ctx), projectId, unique, now);
  if (!admitted) throw new ApiError("NOT_FOUND", "Project not found");
  const skippedOffHost: { url: string; reason: "off_host" }[] = [];
  for (const [url, host] of unique) if (!isOnHost(host, admitted.domain)) skippedOffHost.push({ url, reason: "off_host" });
  const { inserted } = admitted;
  if (inserted) await requestProjectSubmission(projectId, "urls_admitted");
  return AdmitUrlsResponse.parse({ inserted, skipped: urls.length - inserted, skippedOffHost });
}

/**
 * One statement, one round trip: the live project of the organization (none: null) and the insert of
 * the URLs on its host. The unique (project_id, url) index makes concurrent admissions of the same URLs
 * insert each once; when every URL is tracked already, nothing is written.
 */
async function insertManualUrls(organizationId: string, projectId: string, hostByUrl: Map<string, string>, now: Date) {
  // Every writer inserts in the same (sorted) order, so two batches never wait on each other's keys crosswise.
  const urls = [...hostByUrl.keys()].sort();
  const hosts = urls.map((u) => hostByUrl.get(u)!);
  const [row] = await sqlRows<{ domain: string; inserted: number }>(Prisma.sql`
    WITH p AS (
      SELECT id, organization_id, domain, automated_inspections_enabled, inspection_cadence FROM projects
      WHERE id = ${projectId}::uuid AND organization_id = ${organizationId}::uuid AND deleted_at IS NULL),
    ins AS (
      INSERT INTO tracked_urls (id, organization_id, project_id, url, source, next_inspection_at, discovered_at, created_at, updated_at)
      -- New URLs of a project with scheduled inspections get their first one a cadence from now, as enabling does.
      SELECT ${timeOrderedId(now, Prisma.sql`u.n`)}, p.organization_id, p.id, u.url, 'manual'::"UrlSource",
             CASE WHEN p.automated_inspections_enabled
               THEN ${now}::timestamptz + (${JSON.stringify(CADENCE_MS)}::jsonb ->> p.inspection_cadence::text)::bigint * interval '1 millisecond' END,
             ${now}, ${now}, ${now}
      FROM p, unnest(${urls}::text[], ${hosts}::text[]) WITH ORDINALITY AS u(url, host, n)
      WHERE u.host = p.domain -- isOnHost (normalize-url.ts)
      ORDER BY u.n
      ON CONFLICT (project_id, url) DO NOTHING
      RETURNING 1)
    SELECT p.domain, (SELECT count(*) FROM ins)::int AS inserted FROM p`);
  return row;
}
