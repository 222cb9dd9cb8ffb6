import crypto from "node:crypto";
import * as submissionsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/submissions/route";
import { db, Prisma } from "@/lib/db";
import { settleSubmissions } from "@/lib/indexnow/settle-submissions";
import { submitPendingUrls } from "@/lib/indexnow/submit-pending-urls";
import { bearer, call } from "../http";
import { createTestProject, type TestUser } from "../factories";

export type Target = { orgId: string; projectId: string; domain: string; key: string; headers: Record<string, string> };

/** A project with a verified IndexNow key (pass verified: false for one that may not submit yet). */
export async function keyedProject(user: TestUser, opts: { verified?: boolean; zone?: string } = {}): Promise<Target> {
  const domain = `inow-${crypto.randomUUID().slice(0, 8)}.${opts.zone ?? "example"}`;
  const key = crypto.randomBytes(16).toString("hex");
  const project = await createTestProject(user, { domain });
  await db.project.update({
    where: { id: project.id },
    data: { indexNowKey: key, indexNowKeySource: "generated", indexNowKeyVerifiedAt: opts.verified === false ? null : new Date() },
  });
  return { orgId: user.organizationId, projectId: project.id, domain, key, headers: bearer(user.sessionToken) };
}

/** n new tracked URLs (queued for IndexNow, as every insert is), paths p000000… in one statement. */
export async function addUrls(t: Target, n: number, prefix = "p"): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    INSERT INTO tracked_urls (id, organization_id, project_id, url, source, updated_at)
    SELECT gen_random_uuid(), ${t.orgId}::uuid, ${t.projectId}::uuid, ${`https://${t.domain}/${prefix}`} || lpad(i::text, 6, '0'), 'sitemap', now()
    FROM generate_series(0, ${n - 1}::int) i`);
}

/** A clock that starts at `start` and moves 1 ms per reading, so batch rows get distinct createdAt. */
export function steppingClock(start = new Date()) {
  let t = start.getTime();
  const clock = () => new Date(t++);
  return Object.assign(clock, { advance: (ms: number) => { t += ms; }, at: () => new Date(t) });
}

/** One submission run against `endpoint`, then its batches applied to the URLs' columns (as the settle function does). */
export async function submit(t: Target, endpoint: string, clock?: () => Date, extra: { maxBatches?: number; batchSize?: number } = {}) {
  const run = await submitPendingUrls({ projectId: t.projectId, endpoint, clock, ...extra });
  await settleSubmissions(t.projectId);
  return run;
}

export const pendingCount = (t: Target) => db.indexNowQueueEntry.count({ where: { projectId: t.projectId } });
export const submissionsOf = (t: Target) => db.submission.findMany({ where: { projectId: t.projectId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
export const keyIssue = (t: Target) => db.issue.findFirst({ where: { projectId: t.projectId, type: "indexnow_key_invalid" } });

export function listSubmissions(t: Pick<Target, "orgId" | "projectId" | "headers">, query = "") {
  return call(submissionsRoute.GET, {
    url: `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}/submissions${query}`,
    headers: t.headers, params: { organizationId: t.orgId, id: t.projectId },
  });
}
