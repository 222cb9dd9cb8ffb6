import { dbOf, Prisma, sqlRows, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError, validationError, type ValidationIssue } from "@/lib/core/errors";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { isOnHost, normalizeUrl } from "./normalize-url";
import { AdmitUrlsResponse } from "./schemas";
import { insertTrackedUrls } from "./insert-tracked-urls";
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
 * as `manual` without credits. skipped = everything sent that was not inserted. A URL the owner had stopped tracking
 * (url_exclusions) is admitted all the same, the explicit wish, and its exclusion is deleted in the same transaction.
 */
export async function admitUrls({ ctx, projectId, urls, now = new Date() }: { ctx: OrgCtx; projectId: string; urls: string[]; now?: Date }) {
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

  const found = await lookUp(ctx.org.id, projectId, [...unique.keys()]);
  if (!found) throw new DomainError("NOT_FOUND", "Project not found");
  const { project, tracked, excluded } = found;
  const fresh: string[] = [];
  const unexclude: string[] = [];
  const skippedOffHost: { url: string; reason: "off_host" }[] = [];
  for (const [url, host] of unique) {
    if (!isOnHost(host, project.domain)) skippedOffHost.push({ url, reason: "off_host" });
    else {
      if (!tracked.has(url)) fresh.push(url);
      if (excluded.has(url)) unexclude.push(url);
    }
  }
  // URLs all tracked already (the usual resubmission) write nothing: no statement, no trigger, no event.
  const insert = (c: OrgCtx) => (fresh.length ? insertTrackedUrls(c, { project, source: "manual", rows: { urls: fresh }, now }) : Promise.resolve(0));
  const inserted = !unexclude.length ? await insert(ctx) : await withTransaction(ctx, async (c) => {
    await dbOf(c).$executeRaw(Prisma.sql`
      DELETE FROM url_exclusions e WHERE e.project_id = ${project.id}::uuid AND e.url = ANY(${unexclude.sort()}::text[])`);
    return insert(c);
  });
  if (inserted) await requestProjectSubmission(project.id, "urls_admitted");
  return AdmitUrlsResponse.parse({ inserted, skipped: urls.length - inserted, skippedOffHost });
}

type AdmissionProject = { id: string; organizationId: string; domain: string; automatedInspectionsEnabled: boolean };

/** One query: the live project of the organization (none: null), which of the URLs it tracks already and which it excludes. */
async function lookUp(organizationId: string, projectId: string, urls: string[]) {
  const [row] = await sqlRows<AdmissionProject & { tracked: string[]; excluded: string[] }>(Prisma.sql`
    SELECT p.id, p.organization_id AS "organizationId", p.domain, p.automated_inspections_enabled AS "automatedInspectionsEnabled",
           ARRAY(SELECT t.url FROM tracked_urls t WHERE t.project_id = p.id AND t.url = ANY(${urls}::text[])) AS tracked,
           ARRAY(SELECT e.url FROM url_exclusions e WHERE e.project_id = p.id AND e.url = ANY(${urls}::text[])) AS excluded
    FROM projects p WHERE p.id = ${projectId}::uuid AND p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL`, "admit_urls_look_up");
  return row ? { project: row as AdmissionProject, tracked: new Set(row.tracked), excluded: new Set(row.excluded) } : null;
}
