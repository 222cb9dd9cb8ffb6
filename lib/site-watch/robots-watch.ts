import { createHash } from "node:crypto";
import { systemCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, withTransaction } from "@/lib/db";
import { recordEvent } from "@/lib/events/outbox";
import { clearProjectIssue, detectProjectIssue } from "@/lib/issues/detections";
import { projectLabel } from "@/lib/notifications/issue-notification";
import { notifyMembers } from "@/lib/notifications/notify-members";
import { robotsDecisionForFetch } from "@/lib/robots/decide";
import type { RobotsTxt } from "@/lib/robots/parse";
import { CONFIRM_FETCHES, FAILURES_FOR_ISSUE, FLIP_BACK_QUIET_MS } from "./config";
import { computeRobotsImpact, type RobotsImpact } from "./impact";
import { unifiedDiff } from "./line-diff";
import type { RobotsFetchOutcome } from "./robots-fetch";
import { detectEncoding, displayText, type RobotsEncoding } from "./text";

// The robots.txt watch's state machine for one project and one fetch (docs/site-watch.md):
// - every distinct answer (a 2xx body, or a 4xx "no file") is a version, deduplicated by status and sha256;
// - a version becomes current once seen on CONFIRM_FETCHES fetches in a row (a 304 counts as seeing the last
//   version again; a failure neither confirms nor breaks the streak); a CDN serving two versions in turn never
//   confirms either;
// - becoming current stores the diff and the impact against the version before, emits `robots_txt.changed`
//   (webhook) and notifies members at once, unless it is a flip back to a version that was current within 24 h;
// - a change that newly blocks important URLs for Googlebot or Bingbot opens `robots_txt_blocks_important`,
//   which resolves once the current file blocks none of the important URLs its baseline allowed;
// - 5xx/429 or no answer on FAILURES_FOR_ISSUE fetches in a row opens `robots_txt_unreachable`; an answer resolves it.

export type WatchRow = {
  projectId: string;
  organizationId: string;
  domain: string;
  name: string;
  origin: string | null;
  lastVersionId: string | null;
  currentVersionId: string | null;
  pendingVersionId: string | null;
  pendingCount: number;
  failures: number;
  failingSince: Date | null;
};

export type ApplyResult = { changed: boolean; versionId: string | null; alerted: boolean };

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The origin whose robots.txt is watched (the home page's, else https://{domain}). */
export const watchedOrigin = (w: { origin: string | null; domain: string }) => w.origin ?? `https://${w.domain}`;

export async function applyRobotsOutcome(w: WatchRow, outcome: RobotsFetchOutcome, now: Date): Promise<ApplyResult> {
  const ref = { organizationId: w.organizationId, projectId: w.projectId };
  const jobCtx = systemCtx("robots-watch", w.organizationId);
  if (outcome.kind === "failure") {
    const failures = w.failures + 1;
    await withTransaction(jobCtx, async (ctx) => {
      const tx = dbOf(ctx);
      await tx.siteWatch.update({
        where: { projectId: w.projectId },
        data: {
          robotsLastFetchAt: now, robotsLastStatus: outcome.status, robotsLastError: outcome.error.slice(0, 500),
          robotsFailures: failures, robotsFailureKind: outcome.failure, robotsFailingSince: w.failingSince ?? now,
        },
      });
      if (failures >= FAILURES_FOR_ISSUE) {
        await detectProjectIssue(ctx, ref.projectId, "robots_txt_unreachable", { failure: outcome.failure, status: outcome.status, since: (w.failingSince ?? now).toISOString() }, now);
      }
    });
    return { changed: false, versionId: null, alerted: false };
  }

  let versionId: string | null;
  const validators = outcome.validators;
  if (outcome.kind === "not_modified") {
    versionId = w.lastVersionId;
  } else {
    versionId = await upsertVersion(w, outcome.status, outcome.body, outcome.truncated, outcome.finalUrl, now);
  }
  if (versionId && outcome.kind === "not_modified") {
    await db.robotsTxtVersion.updateMany({ where: { id: versionId, projectId: w.projectId }, data: { lastSeenAt: now } });
  }

  // Which version is pending and how often it has been seen in a row.
  let pending = w.pendingVersionId;
  let count = w.pendingCount;
  let promote = false;
  if (versionId && versionId === w.currentVersionId) {
    pending = null;
    count = 0;
  } else if (versionId) {
    count = versionId === pending ? count + 1 : 1;
    pending = versionId;
    promote = w.currentVersionId === null || count >= CONFIRM_FETCHES;
  }
  const base = {
    robotsLastFetchAt: now, robotsLastStatus: outcome.status, robotsLastError: null,
    robotsEtag: validators.etag, robotsLastModified: validators.lastModified, robotsLastVersionId: versionId,
    robotsFailures: 0, robotsFailureKind: null, robotsFailingSince: null,
  };
  const recovered = w.failures > 0;
  if (!promote) {
    await withTransaction(jobCtx, async (ctx) => {
      const tx = dbOf(ctx);
      await tx.siteWatch.update({ where: { projectId: w.projectId }, data: { ...base, robotsPendingVersionId: pending, robotsPendingCount: count } });
      if (recovered) await clearProjectIssue(ctx, ref.projectId, "robots_txt_unreachable", now);
    });
    return { changed: false, versionId, alerted: false };
  }
  return promote_(w, versionId!, base, recovered, now);
}

async function upsertVersion(w: WatchRow, status: number, body: Buffer, truncated: boolean, finalUrl: string, now: Date): Promise<string> {
  const sha = sha256Hex(body);
  const encoding = detectEncoding(body);
  const [row] = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
    INSERT INTO robots_txt_versions (id, organization_id, project_id, http_status, sha256, content, bytes, truncated, encoding, final_url, first_seen_at, last_seen_at)
    VALUES (gen_random_uuid(), ${w.organizationId}::uuid, ${w.projectId}::uuid, ${status}, ${sha}, ${body}, ${body.length}, ${truncated}, ${encoding},
            ${finalUrl.replace(/\0/g, "")}, ${now}, ${now})
    ON CONFLICT (project_id, http_status, sha256) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at, final_url = EXCLUDED.final_url
    RETURNING id::text AS id`);
  return row.id;
}

type VersionRow = { id: string; httpStatus: number; content: Uint8Array; encoding: string; finalUrl: string; becameCurrentAt: Date | null };

/** The rules a stored version imposes (its status and bytes, as the robots engine reads a fetch). */
export function robotsOfVersion(v: Pick<VersionRow, "httpStatus" | "content" | "finalUrl">): RobotsTxt {
  return robotsDecisionForFetch(v.httpStatus, v.content, { baseUrl: v.finalUrl });
}

/** The text of a version a person reads: the file's (decoded per text.ts), or an empty text for a "no file" answer. */
export function versionText(v: Pick<VersionRow, "httpStatus" | "content" | "encoding">): string {
  return v.httpStatus >= 200 && v.httpStatus < 300 ? displayText(v.content, v.encoding as RobotsEncoding) : "";
}

const label = (v: VersionRow) => `robots.txt (HTTP ${v.httpStatus}${v.httpStatus >= 300 ? ", no file" : ""})`;

async function promote_(w: WatchRow, versionId: string, base: Record<string, unknown>, recovered: boolean, now: Date): Promise<ApplyResult> {
  const select = { id: true, httpStatus: true, content: true, encoding: true, finalUrl: true, becameCurrentAt: true } as const;
  const next = await db.robotsTxtVersion.findUniqueOrThrow({ where: { id: versionId }, select });
  const prev = w.currentVersionId ? await db.robotsTxtVersion.findUnique({ where: { id: w.currentVersionId }, select }) : null;
  const ref = { organizationId: w.organizationId, projectId: w.projectId };
  const jobCtx = systemCtx("robots-watch", w.organizationId);
  const host = new URL(watchedOrigin(w)).hostname;

  let diff: { unified: string; linesAdded: number; linesRemoved: number } | null = null;
  let impact: RobotsImpact | null = null;
  let baselineImpact: RobotsImpact | null = null;
  const openIssue = prev
    ? await db.issue.findFirst({ where: { projectId: w.projectId, type: "robots_txt_blocks_important", status: "open" }, select: { metadata: true } })
    : null;
  if (prev) {
    diff = unifiedDiff(versionText(prev), versionText(next), { before: label(prev), after: label(next) });
    impact = await computeRobotsImpact(w.projectId, host, robotsOfVersion(prev), robotsOfVersion(next));
    const baselineId = (openIssue?.metadata as { baselineVersionId?: string } | null)?.baselineVersionId;
    if (baselineId && baselineId !== prev.id) {
      const baseline = await db.robotsTxtVersion.findUnique({ where: { id: baselineId }, select });
      if (baseline) baselineImpact = await computeRobotsImpact(w.projectId, host, robotsOfVersion(baseline), robotsOfVersion(next));
    } else if (baselineId) baselineImpact = impact;
  }
  // A flip back to a version that was current within 24 h (it stopped being current when `prev` became current).
  const quiet = !!prev && !!next.becameCurrentAt && !!prev.becameCurrentAt && now.getTime() - prev.becameCurrentAt.getTime() < FLIP_BACK_QUIET_MS;
  const alert = !!prev && !quiet;
  const blocksImportant = !!impact && impact.importantBlocked > 0;

  await withTransaction(jobCtx, async (ctx) => {
      const tx = dbOf(ctx);
    await tx.siteWatch.update({
      where: { projectId: w.projectId },
      data: { ...base, robotsCurrentVersionId: next.id, robotsCurrentSince: now, robotsPendingVersionId: null, robotsPendingCount: 0 },
    });
    await tx.robotsTxtVersion.update({
      where: { id: next.id },
      data: {
        becameCurrentAt: now, previousVersionId: prev?.id ?? null,
        ...(diff ? { diff: diff.unified, linesAdded: diff.linesAdded, linesRemoved: diff.linesRemoved } : {}),
        ...(impact ? { impact: impact as unknown as Prisma.InputJsonValue } : {}),
      },
    });
    if (recovered) await clearProjectIssue(ctx, ref.projectId, "robots_txt_unreachable", now);
    if (openIssue && baselineImpact && baselineImpact.importantBlocked === 0) {
      await clearProjectIssue(ctx, ref.projectId, "robots_txt_blocks_important", now);
    } else if (!openIssue && alert && blocksImportant && impact) {
      await detectProjectIssue(ctx, ref.projectId, "robots_txt_blocks_important", {
        baselineVersionId: prev!.id, versionId: next.id, importantBlocked: impact.importantBlocked, sampleUrls: impact.importantSampleUrls,
        googlebot: { newlyBlocked: impact.googlebot.newlyBlocked, highPriorityBlocked: impact.googlebot.highPriorityBlocked, impressions28dBlocked: impact.googlebot.impressions28dBlocked },
        bingbot: { newlyBlocked: impact.bingbot.newlyBlocked, highPriorityBlocked: impact.bingbot.highPriorityBlocked, impressions28dBlocked: impact.bingbot.impressions28dBlocked },
      }, now);
    }
    if (alert && diff && impact) {
      await recordEvent(ctx, "robots_txt.changed", {
        organizationId: w.organizationId, projectId: w.projectId, versionId: next.id, previousVersionId: prev!.id, httpStatus: next.httpStatus,
        linesAdded: diff.linesAdded, linesRemoved: diff.linesRemoved, googlebotNewlyBlocked: impact.googlebot.newlyBlocked,
        bingbotNewlyBlocked: impact.bingbot.newlyBlocked, importantBlocked: impact.importantBlocked, changedAt: now.toISOString(),
      }, `robots_txt.changed-${next.id}-${now.getTime()}`);
    }
  });

  if (alert && impact) {
    // At once, on every channel the members' preferences allow (not through the hourly issue digest).
    await notifyMembers(w.organizationId, { type: "robots_txt.changed", ...changeNotification({ name: w.name, domain: w.domain }, impact), data: { projectId: w.projectId, versionId: next.id } })
      .catch((e) => console.error("[site-watch] robots.txt change notification failed", e));
  }
  return { changed: !!prev, versionId: next.id, alerted: alert };
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** The words of a robots.txt change notification: what it blocks for Google and Bing, the important pages first. */
export function changeNotification(project: { name: string; domain: string }, impact: RobotsImpact): { title: string; body: string } {
  const g = impact.googlebot;
  const b = impact.bingbot;
  const title = impact.importantBlocked > 0
    ? `${projectLabel(project)}: robots.txt now blocks ${fmt(impact.importantBlocked)} important URL${impact.importantBlocked === 1 ? "" : "s"}`
    : `${projectLabel(project)}: robots.txt changed`;
  const parts = [
    `For Google: ${fmt(g.newlyBlocked)} tracked URL${g.newlyBlocked === 1 ? "" : "s"} newly blocked (${fmt(g.highPriorityBlocked)} high priority, ${fmt(g.impressions28dBlocked)} impressions in 28 days), ${fmt(g.newlyAllowed)} newly allowed.`,
    `For Bing: ${fmt(b.newlyBlocked)} newly blocked, ${fmt(b.newlyAllowed)} newly allowed.`,
  ];
  const ai = impact.ai.filter((a) => a.newlyBlocked > 0).map((a) => a.crawler);
  if (ai.length) parts.push(`AI crawlers newly blocked on some URLs: ${ai.join(", ")}.`);
  return { title, body: parts.join(" ") };
}
