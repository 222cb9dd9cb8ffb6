// The demo's robots.txt change (site watch, docs/site-watch.md): the file served for days, then a deploy 14 minutes
// ago added `Disallow: /products/` and `Disallow: /blog/`, which blocks tracked product and blog pages, some of them
// high priority or with impressions. Seeded once (kept on a reused demo); the impact is computed by the real code
// over the demo's tracked URLs.
import { systemCtx } from "../lib/core/context";
import { db, Prisma, withTransaction } from "../lib/db";
import { detectProjectIssue } from "../lib/issues/detections";
import { computeRobotsImpact } from "../lib/site-watch/impact";
import { unifiedDiff } from "../lib/site-watch/line-diff";
import { sha256Hex } from "../lib/site-watch/robots-watch";
import { parseRobots } from "../lib/robots";
import { DOMAIN, ORIGIN, robotsTxt } from "./demo-world";

export async function seedRobotsWatch(project: { organizationId: string; projectId: string }, now = Date.now()): Promise<{ seeded: boolean; importantBlocked: number }> {
  if (await db.robotsTxtVersion.count({ where: { projectId: project.projectId } })) return { seeded: false, importantBlocked: 0 };
  const before = robotsTxt();
  const after = before.replace("Disallow: /cart\n", "Disallow: /cart\nDisallow: /products/\nDisallow: /blog/\n");
  const oldAt = new Date(now - 12 * 86_400_000);
  const changedAt = new Date(now - 14 * 60_000);
  const firstSeen = new Date(now - 19 * 60_000);
  const impact = await computeRobotsImpact(project.projectId, DOMAIN, parseRobots(before), parseRobots(after));
  const diff = unifiedDiff(before, after, { before: "robots.txt (HTTP 200)", after: "robots.txt (HTTP 200)" });
  const row = (body: string, first: Date, last: Date, became: Date) => ({
    organizationId: project.organizationId, projectId: project.projectId, httpStatus: 200, sha256: sha256Hex(Buffer.from(body)), content: Buffer.from(body),
    bytes: Buffer.byteLength(body), encoding: "utf-8", finalUrl: `${ORIGIN}/robots.txt`, firstSeenAt: first, lastSeenAt: last, becameCurrentAt: became,
  });
  const old = await db.robotsTxtVersion.create({ data: row(before, oldAt, firstSeen, oldAt) });
  const now_ = await db.robotsTxtVersion.create({
    data: {
      ...row(after, firstSeen, new Date(now), changedAt), previousVersionId: old.id, diff: diff.unified, linesAdded: diff.linesAdded,
      linesRemoved: diff.linesRemoved, impact: impact as unknown as Prisma.InputJsonValue,
    },
  });
  await db.siteWatch.upsert({
    where: { projectId: project.projectId },
    create: {
      projectId: project.projectId, organizationId: project.organizationId, origin: ORIGIN, robotsNextFetchAt: new Date(now + 5 * 60_000),
      robotsLastFetchAt: new Date(now - 60_000), robotsLastStatus: 200, robotsLastVersionId: now_.id, robotsCurrentVersionId: now_.id, robotsCurrentSince: changedAt,
      homeCheckedAt: new Date(now - 30 * 60_000), homeStatus: 200, homeFinalUrl: `${ORIGIN}/`,
      certCheckedAt: new Date(now - 30 * 60_000), certState: "ok", certExpiresAt: new Date(now + 61 * 86_400_000), certIssuer: "Demo CA",
    },
    update: {},
  });
  if (impact.importantBlocked > 0) {
    await withTransaction(systemCtx("demo", project.organizationId), (ctx) => detectProjectIssue(ctx, project.projectId, "robots_txt_blocks_important", {
      baselineVersionId: old.id, versionId: now_.id, importantBlocked: impact.importantBlocked, sampleUrls: impact.importantSampleUrls,
    }, changedAt));
  }
  return { seeded: true, importantBlocked: impact.importantBlocked };
}
