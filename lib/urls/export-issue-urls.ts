import { Prisma, sqlRows } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { csvStream, type CsvCell } from "@/lib/csv/csv-stream";
import { IssueUrlMembershipResponse } from "@/lib/issues/schemas";
import { getIssueOrThrow } from "@/lib/issues/internal";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { URL_EXPORT_LABELS } from "./export-columns";
import { exportFileName } from "./export-urls";
import { toTrackedUrlResponse, TRACKED_URL_COLUMNS, URL_EXPORT_COLUMNS, URL_FACTS_JOIN, type TrackedUrlRow } from "./internal";
import { keysetWalk, type Segment } from "./walk-urls";

// The membership's fields as GET …/issues/{issueId}/urls returns them (url first), then what our audit and the engines
// say of the URL now (the evidence: status, redirect target, canonical, …), every TrackedUrl field but those the
// membership already has under the same name.
const MEMBERSHIP_COLUMNS = ["url", ...Object.keys(IssueUrlMembershipResponse.shape).filter((k) => k !== "url")];
const SHARED = new Set(["id", "organizationId", "projectId", "url", "createdAt", "updatedAt"]);
const URL_COLUMNS = URL_EXPORT_COLUMNS.filter((k) => !SHARED.has(k));
export const ISSUE_URL_EXPORT_COLUMNS = [...MEMBERSHIP_COLUMNS, ...URL_COLUMNS];

type Row = TrackedUrlRow & { mId: string; mOrganizationId: string; mIssueId: string; mDetectedAt: string; mResolvedAt: string | null; mCreatedAt: string; mUpdatedAt: string };

// Currently affected first, then resolved; each by detectedAt descending, then id (the order of the list).
const segment = (open: boolean): Segment<Row> => ({
  where: Prisma.raw(open ? "m.resolved_at IS NULL" : "m.resolved_at IS NOT NULL"),
  column: "m.detected_at", dir: "DESC", id: "m.id", idDir: "ASC", valueOf: (r) => r.mDetectedAt, idOf: (r) => r.mId,
});

function cells(r: Row): CsvCell[] {
  const m: Record<string, CsvCell> = {
    id: r.mId, organizationId: r.mOrganizationId, issueId: r.mIssueId, trackedUrlId: r.id, url: r.url,
    detectedAt: r.mDetectedAt, resolvedAt: r.mResolvedAt, createdAt: r.mCreatedAt, updatedAt: r.mUpdatedAt,
  };
  const u = toTrackedUrlResponse(r) as Record<string, CsvCell>;
  return [...MEMBERSHIP_COLUMNS.map((k) => m[k]), ...URL_COLUMNS.map((k) => u[k])];
}

/**
 * Every URL of an issue group (its memberships, open ones first) with the URL's current evidence, as a CSV stream
 * read batch by batch as the client reads. The project and the group are looked up first (404 before any byte).
 */
/** A person's file (`header=labels`): the header in words, without ids and the membership's bookkeeping times. */
const MEMBERSHIP_LABELS: Record<string, string> = { url: "URL", detectedAt: "Affected since", resolvedAt: "Resolved" };
const labelAt = (i: number) => {
  const k = ISSUE_URL_EXPORT_COLUMNS[i];
  return i < MEMBERSHIP_COLUMNS.length ? MEMBERSHIP_LABELS[k] : URL_EXPORT_LABELS[k as keyof typeof URL_EXPORT_LABELS];
};

export async function exportIssueUrls(ctx: OrgCtx, projectId: string, issueId: string, now = new Date(), opts: { header?: "fields" | "labels" } = {}) {
  const project = await getProjectOrThrow(ctx, projectId);
  const issue = await getIssueOrThrow(ctx, project.id, issueId);
  const rows = keysetWalk<Row>([segment(true), segment(false)], (extra, order, limit) => sqlRows<Row>(Prisma.sql`
    SELECT m.id AS "mId", m.organization_id AS "mOrganizationId", m.issue_id AS "mIssueId", m.detected_at AS "mDetectedAt",
           m.resolved_at AS "mResolvedAt", m.created_at AS "mCreatedAt", m.updated_at AS "mUpdatedAt", ${TRACKED_URL_COLUMNS}
    FROM issue_url_memberships m JOIN tracked_urls t ON t.id = m.tracked_url_id ${URL_FACTS_JOIN}
    WHERE ${Prisma.join([Prisma.sql`m.issue_id = ${issue.id}::uuid`, ...extra], " AND ")} ORDER BY ${order} LIMIT ${limit}`, undefined, { timestamps: "iso" }));
  const keep = ISSUE_URL_EXPORT_COLUMNS.flatMap((_, i) => (opts.header !== "labels" || labelAt(i) ? [i] : []));
  const header = keep.map((i) => (opts.header === "labels" ? labelAt(i) : ISSUE_URL_EXPORT_COLUMNS[i]));
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    for await (const batch of rows) yield batch.map((r) => { const c = cells(r); return keep.map((i) => c[i]); });
  }
  return { fileName: exportFileName(project.domain, `${issue.type.replace(/_/g, "-")}-urls`, now), body: csvStream(header, batches()) };
}
