import * as latestRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/reports/latest/route";
import * as scheduleRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/reports/schedule/route";
import * as testRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/reports/test/route";
import { PDFParse } from "pdf-parse";
import { db } from "@/lib/db";
import type { Period } from "@/lib/reports/periods";
import { call } from "../http";
import type { TestTenant } from "../factories";
import { detectProject, detectUrls, projectFor, trackUrls, type Target } from "../issues/helpers";

type Caller = { organizationId: string; projectId: string; headers: Record<string, string> };
const base = (t: Caller) => `http://127.0.0.1:3000/api/user/organizations/${t.organizationId}/projects/${t.projectId}/reports`;
const params = (t: Caller) => ({ organizationId: t.organizationId, id: t.projectId });

export const getSchedule = (t: Caller) => call(scheduleRoute.GET, { url: `${base(t)}/schedule`, headers: t.headers, params: params(t) });
export const putSchedule = (t: Caller, json: unknown) => call(scheduleRoute.PUT, { method: "PUT", url: `${base(t)}/schedule`, headers: t.headers, json, params: params(t) });
export const sendTest = (t: Caller) => call(testRoute.POST, { method: "POST", url: `${base(t)}/test`, headers: t.headers, params: params(t) });

/** GET reports/latest as raw bytes (a PDF, or the error envelope). */
export async function getLatest(t: Caller) {
  const res = await latestRoute.GET(new Request(`${base(t)}/latest`, { headers: t.headers }), { params: Promise.resolve(params(t)) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The text of a PDF, as a reader's copy-paste would give it. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const DAY = 86_400_000;
const date = (d: Date) => new Date(`${d.toISOString().slice(0, 10)}T00:00:00Z`);

/**
 * A project with a report's worth of history in `period`: 10 URLs (4 first seen in it, Google indexing 2 of them within
 * a day), a daily snapshot for every day of the period and the day before it (indexed 5 → 8), 3 broken URLs opened and a
 * redirect chain fixed in it, one IndexNow batch.
 */
export async function projectWithHistory(owner: TestTenant, period: Period): Promise<Target> {
  const t = await projectFor(owner);
  const urls = await trackUrls(t, 10);
  const inside = new Date(period.start.getTime() + DAY);
  await db.trackedUrl.updateMany({ where: { id: { in: urls.slice(6).map((u) => u.trackedUrlId) } }, data: { discoveredAt: inside } });
  await db.trackedUrl.updateMany({ where: { id: { in: urls.slice(6, 8).map((u) => u.trackedUrlId) } }, data: { engineAState: "indexed", engineAIndexedAt: new Date(inside.getTime() + 12 * 3600_000), indexedAt: new Date(inside.getTime() + 12 * 3600_000) } });
  await db.trackedUrl.updateMany({ where: { id: { in: urls.slice(0, 6).map((u) => u.trackedUrlId) } }, data: { discoveredAt: new Date(period.start.getTime() - 30 * DAY) } });
  await detectUrls(t, "redirect_chain", urls.slice(0, 2), [], {}, new Date(period.start.getTime() - 10 * DAY));
  await detectUrls(t, "redirect_chain", [], urls.slice(0, 2), {}, inside);
  await detectUrls(t, "broken_link", urls.slice(3, 6), [], {}, inside);
  await detectProject(t, "sitemap_missing", {}, inside);
  const days = Math.round((period.end.getTime() - period.start.getTime()) / DAY);
  await db.websiteSnapshot.createMany({ data: Array.from({ length: days + 1 }, (_, i) => ({
    organizationId: t.organizationId, projectId: t.projectId, date: date(new Date(period.start.getTime() + (i - 1) * DAY)),
    totalUrls: 10, healthyUrls: 7, brokenUrls: i === 0 ? 0 : 3, redirectedUrls: 0, indexedUrls: 5 + Math.min(3, i), notIndexedUrls: 5 - Math.min(3, i),
    staleUrls: 0, openIssues: 2, urlsWithIssues: 3,
  })) });
  await db.submission.create({ data: { organizationId: t.organizationId, projectId: t.projectId, urlCount: 4, status: "accepted", responseCode: 200, createdAt: inside } });
  return t;
}

/** A weekly or monthly schedule turned on at `activeSince` (the API stamps the real time; the cron tests live in the past). */
export const scheduleAt = (t: Target, cadence: "weekly" | "monthly", recipients: string[], activeSince: Date) =>
  db.reportSchedule.upsert({
    where: { projectId: t.projectId },
    create: { projectId: t.projectId, organizationId: t.organizationId, cadence, recipients, activeSince },
    update: { cadence, recipients, activeSince },
  });
