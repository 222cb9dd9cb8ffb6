import { db, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { validationError, type ValidationIssue } from "@/lib/core/errors";
import { getProjectOrThrow } from "@/lib/projects/internal";
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

type Project = Awaited<ReturnType<typeof getProjectOrThrow>>;

/**
 * Manual admission (SPEC.md rule 1): normalize every URL (one invalid URL rejects the batch and writes
 * nothing), keep those on the project's host, drop in-batch duplicates and tracked URLs, insert the rest
 * as `manual` without credits. skipped = everything sent that was not inserted.
 */
export async function admitUrls({ ctx, projectId, urls, now = new Date() }: { ctx: OrgCtx; projectId: string; urls: string[]; now?: Date }) {
  const project = await getProjectOrThrow(ctx, projectId);
  const errors: ValidationIssue[] = [];
  const unique = new Map<string, string>();
  urls.forEach((raw, i) => {
    const n = normalizeUrl(raw);
    if (!n.ok) errors.push({ path: `urls.${i}`, code: n.reason, message: REASONS[n.reason] ?? "Invalid URL" });
    else if (!unique.has(n.url)) unique.set(n.url, n.host);
  });
  if (errors.length) throw validationError(`${errors.length} of ${urls.length} URLs are invalid; nothing was admitted`, errors);

  const onHost: string[] = [];
  const skippedOffHost: { url: string; reason: "off_host" }[] = [];
  for (const [url, host] of unique) {
    if (isOnHost(host, project.domain)) onHost.push(url);
    else skippedOffHost.push({ url, reason: "off_host" });
  }
  const inserted = onHost.length ? await insertManualUrls(project, onHost, now) : 0;
  if (inserted) await requestProjectSubmission(project.id, "urls_admitted");
  return AdmitUrlsResponse.parse({ inserted, skipped: urls.length - inserted, skippedOffHost });
}

/** One statement; the unique (project_id, url) index makes concurrent admissions of the same URLs insert each once. */
async function insertManualUrls(project: Project, urls: string[], now: Date): Promise<number> {
  // Every writer inserts in the same (sorted) order, so two batches never wait on each other's keys crosswise.
  const sorted = [...urls].sort();
  // New URLs of a project with scheduled inspections get their first one a cadence from now, as enabling does.
  const next = project.automatedInspectionsEnabled ? new Date(now.getTime() + CADENCE_MS[project.inspectionCadence]) : null;
  return db.$executeRaw(Prisma.sql`
    INSERT INTO tracked_urls (id, organization_id, project_id, url, source, next_inspection_at, discovered_at, created_at, updated_at)
    SELECT ${timeOrderedId(now, Prisma.sql`u.n`)}, ${project.organizationId}::uuid, ${project.id}::uuid, u.url, 'manual'::"UrlSource",
           ${next}::timestamptz, ${now}, ${now}, ${now}
    FROM unnest(${sorted}::text[]) WITH ORDINALITY AS u(url, n)
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = ${project.id}::uuid AND p.deleted_at IS NULL)
    ORDER BY u.n
    ON CONFLICT (project_id, url) DO NOTHING`);
}
