import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { createTestProject, createTestUser } from "../factories";

// tracked_urls.open_issue_count must always equal the open memberships of the URL in open groups,
// whatever order memberships and group statuses change in.
async function expected(projectId: string) {
  const rows = await db.$queryRaw<{ id: string; n: number }[]>(Prisma.sql`
    SELECT t.id, (SELECT count(*)::int FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
                  WHERE m.tracked_url_id = t.id AND m.resolved_at IS NULL AND i.status = 'open') AS n
    FROM tracked_urls t WHERE t.project_id = ${projectId}::uuid ORDER BY t.id`);
  return Object.fromEntries(rows.map((r) => [r.id, r.n]));
}
async function actual(projectId: string) {
  const rows = await db.trackedUrl.findMany({ where: { projectId }, select: { id: true, openIssueCount: true }, orderBy: { id: "asc" } });
  return Object.fromEntries(rows.map((r) => [r.id, r.openIssueCount]));
}

describe("open_issue_count", () => {
  it("follows membership and group status changes in any order", async () => {
    const user = await createTestUser("open-issues");
    const p = await createTestProject(user);
    const urls = await db.trackedUrl.createManyAndReturn({
      data: Array.from({ length: 6 }, (_, i) => ({ organizationId: p.organizationId, projectId: p.id, url: `https://${p.domain}/${i}`, source: "manual" as const })),
    });
    const now = new Date();
    const group = (type: "broken_link" | "has_noindex") => db.issue.create({
      data: { organizationId: p.organizationId, projectId: p.id, type, severity: "warning", severityRank: 2, firstDetectedAt: now, lastDetectedAt: now },
    });
    const [a, b] = await Promise.all([group("broken_link"), group("has_noindex")]);
    const member = (issueId: string, i: number) => ({ id: crypto.randomUUID(), organizationId: p.organizationId, issueId, trackedUrlId: urls[i].id, url: urls[i].url, detectedAt: now });
    await db.issueUrlMembership.createMany({ data: [member(a.id, 0), member(a.id, 1), member(a.id, 2), member(b.id, 2), member(b.id, 3)] });
    expect(await actual(p.id)).toEqual(await expected(p.id));
    expect((await actual(p.id))[urls[2].id]).toBe(2);

    await db.issue.update({ where: { id: a.id }, data: { status: "ignored" } });
    expect(await actual(p.id)).toEqual(await expected(p.id));
    await db.issueUrlMembership.updateMany({ where: { issueId: a.id, trackedUrlId: urls[0].id }, data: { resolvedAt: now } });
    await db.issue.update({ where: { id: a.id }, data: { status: "open" } });
    expect(await actual(p.id)).toEqual(await expected(p.id));
    await db.$transaction(async (tx) => {
      await tx.issue.update({ where: { id: b.id }, data: { status: "resolved", resolvedAt: now } });
      await tx.issueUrlMembership.updateMany({ where: { issueId: b.id }, data: { resolvedAt: now } });
    });
    expect(await actual(p.id)).toEqual(await expected(p.id));
    await db.issueUrlMembership.updateMany({ where: { issueId: b.id }, data: { resolvedAt: null } });
    await db.issue.update({ where: { id: b.id }, data: { status: "open", resolvedAt: null } });
    await db.issueUrlMembership.deleteMany({ where: { issueId: a.id, trackedUrlId: urls[1].id } });
    const final = await actual(p.id);
    expect(final).toEqual(await expected(p.id));
    expect(Object.values(final).reduce((s, n) => s + n, 0)).toBe(3);
  });
});
