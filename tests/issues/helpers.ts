import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import * as issuesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/issues/route";
import * as issueRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/issues/[issueId]/route";
import * as issueUrlsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/issues/[issueId]/urls/route";
import * as statsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/stats/route";
import { db, Prisma, type IssueType, withTransaction } from "@/lib/db";
import { clearProjectIssue, detectProjectIssue, recordUrlDetections, type UrlRef } from "@/lib/issues/detections";

/** A test project by its ids (the detections take the organization in the context, the project by id). */
type ProjectIds = { organizationId: string; projectId: string };
import { bearer, call } from "../http";
import { createTestProject, type TestUser } from "../factories";

export type Target = ProjectIds & { headers: Record<string, string>; domain: string };
type Caller = Pick<Target, "organizationId" | "projectId" | "headers">;

export async function projectFor(user: TestUser): Promise<Target> {
  const domain = `issues-${crypto.randomUUID().slice(0, 8)}.example`;
  const project = await createTestProject(user, { domain });
  return { organizationId: user.organizationId, projectId: project.id, headers: bearer(user.sessionToken), domain };
}

/** n tracked URLs of the project, in path order (createMany; one INSERT … generate_series for big n). */
export async function trackUrls(t: Target, n: number, prefix = "p"): Promise<UrlRef[]> {
  const path = (i: number) => `https://${t.domain}/${prefix}${String(i).padStart(6, "0")}`;
  if (n <= 5000) {
    await db.trackedUrl.createMany({ data: Array.from({ length: n }, (_, i) => ({ organizationId: t.organizationId, projectId: t.projectId, url: path(i), source: "sitemap" as const })) });
  } else {
    await db.$executeRaw(Prisma.sql`
      INSERT INTO tracked_urls (id, organization_id, project_id, url, source, updated_at)
      SELECT gen_random_uuid(), ${t.organizationId}::uuid, ${t.projectId}::uuid, ${`https://${t.domain}/${prefix}`} || lpad(i::text, 6, '0'), 'sitemap', now()
      FROM generate_series(0, ${n - 1}::int) i`);
  }
  const rows = await db.trackedUrl.findMany({
    where: { projectId: t.projectId, url: { startsWith: `https://${t.domain}/${prefix}` } }, select: { id: true, url: true }, orderBy: { url: "asc" },
  });
  return rows.map((r) => ({ trackedUrlId: r.id, url: r.url }));
}

export function detectUrls(t: ProjectIds, type: IssueType, affected: UrlRef[], cleared: UrlRef[] = [], metadata: Record<string, unknown> = {}, now = new Date()) {
  return withTransaction(systemCtx("test", t.organizationId), (ctx) => recordUrlDetections(ctx, t.projectId, type, { affected, cleared: cleared.map((u) => u.trackedUrlId) }, metadata, now), { timeout: 60_000 });
}
export function detectProject(t: ProjectIds, type: IssueType, metadata: Record<string, unknown> = {}, now = new Date()) {
  return withTransaction(systemCtx("test", t.organizationId), (ctx) => detectProjectIssue(ctx, t.projectId, type, metadata, now));
}
export function clearProject(t: ProjectIds, type: IssueType, now = new Date()) {
  return withTransaction(systemCtx("test", t.organizationId), (ctx) => clearProjectIssue(ctx, t.projectId, type, now));
}

export const groupOf = (t: ProjectIds, type: IssueType) => db.issue.findUniqueOrThrow({ where: { projectId_type: { projectId: t.projectId, type } } });

const base = (c: Caller) => `http://127.0.0.1:3000/api/user/organizations/${c.organizationId}/projects/${c.projectId}`;
const params = (c: Caller) => ({ organizationId: c.organizationId, id: c.projectId });

export const listIssues = (c: Caller, query = "") =>
  call(issuesRoute.GET, { url: `${base(c)}/issues${query}`, headers: c.headers, params: params(c) });
export const getIssue = (c: Caller, issueId: string) =>
  call(issueRoute.GET, { url: `${base(c)}/issues/${issueId}`, headers: c.headers, params: { ...params(c), issueId } });
export const patchIssue = (c: Caller, issueId: string, json: unknown) =>
  call(issueRoute.PATCH, { method: "PATCH", url: `${base(c)}/issues/${issueId}`, headers: c.headers, json, params: { ...params(c), issueId } });
export const listIssueUrls = (c: Caller, issueId: string, query = "") =>
  call(issueUrlsRoute.GET, { url: `${base(c)}/issues/${issueId}/urls${query}`, headers: c.headers, params: { ...params(c), issueId } });
export const getStats = (c: Caller) => call(statsRoute.GET, { url: `${base(c)}/stats`, headers: c.headers, params: params(c) });

/** openIssues and urlsWithIssues as stored, and as recounted from scratch. */
/** The project's rows of open_issue_urls, and the URLs they should be (open memberships of open groups), both sorted. */
export async function openIssueUrls(t: ProjectIds) {
  const table = await db.openIssueUrl.findMany({ where: { projectId: t.projectId }, select: { trackedUrlId: true }, orderBy: { trackedUrlId: "asc" } });
  const recount = await db.issueUrlMembership.findMany({
    where: { resolvedAt: null, issue: { projectId: t.projectId, status: "open" } }, select: { trackedUrlId: true }, distinct: ["trackedUrlId"], orderBy: { trackedUrlId: "asc" },
  });
  return { table: table.map((r) => r.trackedUrlId), recount: recount.map((r) => r.trackedUrlId) };
}

export async function counters(t: ProjectIds) {
  const s = await db.websiteStats.findUnique({ where: { projectId: t.projectId } });
  const openIssues = await db.issue.count({ where: { projectId: t.projectId, status: "open" } });
  const urls = await db.issueUrlMembership.findMany({
    where: { resolvedAt: null, issue: { projectId: t.projectId, status: "open" } }, select: { trackedUrlId: true }, distinct: ["trackedUrlId"],
  });
  return { stored: { openIssues: s?.openIssues ?? 0, urlsWithIssues: s?.urlsWithIssues ?? 0 }, recount: { openIssues, urlsWithIssues: urls.length } };
}
