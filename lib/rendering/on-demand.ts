// The URL's render as the API serves it: render now (credits, confirm), the latest render, its screenshot.
import type { OrgCtx } from "@/lib/core/context";
import { actorUserId } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { currentBalance } from "@/lib/credits/credit-ledger";
import { notifyIfCreditsLow } from "@/lib/credits/credits-low";
import { db, type UrlRender } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getDefaultPool, type BrowserPool } from "./browser";
import { renderIssues, type RobotsBlockedResource } from "./compare";
import type { PageFacts } from "./extract";
import { RENDER_CREDITS, renderTrackedUrl, type RenderDeps } from "./render-url";
import type { RenderResponse } from "./schemas";

/** Renders at once per project (429 beyond, in this process): each holds a slot of the pool for up to 20 s. */
export const RENDER_NOW_PER_PROJECT = 4;
const inFlight = new Map<string, number>();

async function trackedUrlOf(ctx: OrgCtx, projectId: string, urlId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await db.trackedUrl.findFirst({ where: { id: urlId, projectId: project.id, organizationId: project.organizationId }, select: { id: true, url: true } });
  if (!row) throw new DomainError("NOT_FOUND", "URL not found");
  return { project, row };
}

/** 503 RENDERER_UNAVAILABLE when this server has no browser (nor a remote one). */
export async function requireRenderer(pool: BrowserPool): Promise<void> {
  const state = await pool.state();
  if (!state.available) throw new DomainError("RENDERER_UNAVAILABLE", `Rendering is not available on this server: ${state.reason ?? "no browser"}`, { reason: state.reason });
}

/**
 * Renders the URL now. Order of refusals: 404 (not this organization's URL), 503 without a browser, 402 when the
 * balance is under the price, 409 CONFLICT (meta.price) without `confirm: true`, 429 with 4 renders of the project
 * already running. The credits are debited when the render is stored (not for a failure of our own renderer).
 */
export async function renderUrlNow({ ctx, projectId, urlId, confirm, deps = {} }: { ctx: OrgCtx; projectId: string; urlId: string; confirm?: boolean; deps?: RenderDeps }): Promise<RenderResponse> {
  const { project, row } = await trackedUrlOf(ctx, projectId, urlId);
  const pool = deps.pool ?? getDefaultPool();
  await requireRenderer(pool);
  const available = await currentBalance(ctx, project.organizationId);
  if (available < RENDER_CREDITS) {
    throw new DomainError("INSUFFICIENT_CREDITS", `A render needs ${RENDER_CREDITS} credits; ${Math.max(0, available)} are available`, { required: RENDER_CREDITS, available: Math.max(0, available) });
  }
  if (confirm !== true) {
    throw new DomainError("CONFLICT", `A render costs ${RENDER_CREDITS} credits: send confirm: true to render`, { price: RENDER_CREDITS, available });
  }
  const running = inFlight.get(project.id) ?? 0;
  if (running >= RENDER_NOW_PER_PROJECT) throw new DomainError("RATE_LIMITED", `At most ${RENDER_NOW_PER_PROJECT} renders run at once per project; try again in a moment`, { retryAfterSeconds: 10 });
  inFlight.set(project.id, running + 1);
  try {
    const { balanceAfter } = await renderTrackedUrl(ctx, {
      organizationId: project.organizationId, projectId: project.id, trackedUrlId: row.id, url: row.url, source: "on_demand",
      deps: { ...deps, pool }, charge: { actorUserId: actorUserId(ctx) },
    });
    if (balanceAfter !== null) await notifyIfCreditsLow(project.organizationId, balanceAfter + RENDER_CREDITS, balanceAfter);
  } finally {
    const left = (inFlight.get(project.id) ?? 1) - 1;
    if (left > 0) inFlight.set(project.id, left);
    else inFlight.delete(project.id);
  }
  return getUrlRender(ctx, projectId, urlId);
}

export function screenshotPath(organizationId: string, projectId: string, urlId: string): string {
  return `/api/user/organizations/${organizationId}/projects/${projectId}/urls/${urlId}/render/screenshot`;
}

export function renderResponse(r: Omit<UrlRender, "screenshot"> & { hasScreenshot: boolean }, organizationId: string): RenderResponse {
  const raw = r.raw as PageFacts | null;
  const rendered = r.rendered as PageFacts | null;
  const robotsBlockedResources = r.robotsBlockedResources as unknown as RobotsBlockedResource[];
  const robotsRefused = r.status === "failed" && raw === null && r.httpStatus === null && /robots\.txt/.test(r.failureReason ?? "");
  return {
    url: r.url, renderedAt: r.renderedAt.toISOString(), source: r.source, status: r.status, failureReason: r.failureReason, durationMs: r.durationMs,
    httpStatus: r.httpStatus, finalUrl: r.finalUrl, googleRenders: !(raw?.noindex ?? false) && !robotsRefused, raw, rendered,
    differences: r.differences as RenderResponse["differences"], consoleErrors: r.consoleErrors as string[],
    failedRequests: r.failedRequests as RenderResponse["failedRequests"], robotsBlockedResources, requestCount: r.requestCount, bytes: r.bytes,
    textRatio: r.textRatio, screenshotUrl: r.hasScreenshot ? screenshotPath(organizationId, r.projectId, r.trackedUrlId) : null,
    issues: robotsRefused ? [] : [...renderIssues({ status: r.status, raw, rendered, robotsBlockedResources })],
  };
}

const WITHOUT_SCREENSHOT = {
  trackedUrlId: true, organizationId: true, projectId: true, url: true, source: true, status: true, failureReason: true, renderedAt: true, durationMs: true,
  httpStatus: true, finalUrl: true, raw: true, rendered: true, differences: true, consoleErrors: true, failedRequests: true, robotsBlockedResources: true,
  requestCount: true, bytes: true, textRatio: true,
} as const;

/** The latest render of the URL; 404 before the first. */
export async function getUrlRender(ctx: OrgCtx, projectId: string, urlId: string): Promise<RenderResponse> {
  const render = await findUrlRender(ctx, projectId, urlId);
  if (!render) throw new DomainError("NOT_FOUND", "This URL has not been rendered yet");
  return render;
}

/** The latest render of the URL, or null before the first (404 for an unknown or foreign URL). */
export async function findUrlRender(ctx: OrgCtx, projectId: string, urlId: string): Promise<RenderResponse | null> {
  const { project, row } = await trackedUrlOf(ctx, projectId, urlId);
  const render = await db.urlRender.findFirst({ where: { trackedUrlId: row.id, projectId: project.id }, select: WITHOUT_SCREENSHOT });
  if (!render) return null;
  const shot = await db.$queryRaw<{ has: boolean }[]>`SELECT screenshot IS NOT NULL AS has FROM url_renders WHERE tracked_url_id = ${row.id}::uuid`;
  return renderResponse({ ...render, hasScreenshot: shot[0]?.has ?? false }, project.organizationId);
}

/** The latest render's screenshot (JPEG); 404 when there is none. */
export async function getUrlRenderScreenshot(ctx: OrgCtx, projectId: string, urlId: string): Promise<Buffer> {
  const { project, row } = await trackedUrlOf(ctx, projectId, urlId);
  const render = await db.urlRender.findFirst({ where: { trackedUrlId: row.id, projectId: project.id }, select: { screenshot: true } });
  if (!render?.screenshot) throw new DomainError("NOT_FOUND", "This URL has no render screenshot");
  return Buffer.from(render.screenshot);
}
