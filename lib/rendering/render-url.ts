// Renders one tracked URL and stores the outcome: the raw HTML (fetched once, by the safe fetcher) beside the
// rendered DOM, their differences, the issue memberships of the five rendering types, the screenshot; the
// credits of an on-demand render are debited in the same transaction, only when the render is stored.
import { DomainError } from "@/lib/core/errors";
import type { OrgCtx } from "@/lib/core/context";
import { Prisma, dbOf, withTransaction, type RenderSource } from "@/lib/db";
import { getDefaultRobotsCache, type RobotsCache } from "@/lib/audit/robots-cache";
import { crawlerUserAgent } from "@/lib/audit/user-agent";
import { createFieldScanner } from "@/lib/audit/page-fields";
import type { PageLink } from "@/lib/audit/page-links";
import { debitCredits } from "@/lib/credits/credit-ledger";
import { recordUrlDetections } from "@/lib/issues/detections";
import { recordPageLinks } from "@/lib/links/record-page-links";
import { renderedPageLinksOf } from "@/lib/links/render-links";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { GSC_ROBOTS_AGENT, isAllowed } from "@/lib/robots";
import { getDefaultPool, type BrowserPool } from "./browser";
import { compareFacts, RENDER_ISSUE_TYPES, renderIssues, textRatio, type Difference, type RobotsBlockedResource } from "./compare";
import { extractFacts, type PageFacts } from "./extract";
import { renderPage, type RenderFailureKind, type RequestProblem } from "./render-page";

/**
 * Credits per render. An audit costs 1 credit; a render costs us about 25 times its CPU (bench/render: ~0.5 CPU-s
 * per render against ~0.02 for a raw audit, docs/benchmarks.md), less the shared fetches: 5 credits.
 */
export const RENDER_CREDITS = Number.isInteger(Number(process.env.RENDER_CREDITS)) && Number(process.env.RENDER_CREDITS) >= 0 ? Number(process.env.RENDER_CREDITS) : 5;

const RAW_MAX_BYTES = 5 * 1024 * 1024;

export interface RenderOutcome {
  status: "rendered" | "failed";
  failureKind: RenderFailureKind | "robots" | null;
  failureReason: string | null;
  durationMs: number;
  httpStatus: number | null;
  finalUrl: string | null;
  raw: PageFacts | null;
  rendered: PageFacts | null;
  differences: Difference[];
  consoleErrors: string[];
  failedRequests: RequestProblem[];
  robotsBlockedResources: RobotsBlockedResource[];
  requestCount: number;
  bytes: number;
  textRatio: number | null;
  screenshot: Buffer | null;
  /**
   * The rendered page's internal links as the link graph keeps them (its `kind` 1 edges: docs/links.md), read by the
   * audit's own scanner (same canonicalisation, nofollow and 1,000-target bound); absent when the page was not rendered.
   */
  renderedLinks?: { links: PageLink[]; linksSeen: number } | null;
}

/** The internal links of a rendered DOM, read as the audit reads a raw page's (lib/audit/page-links.ts). */
export function renderedLinksOf(html: string, documentUrl: string): { links: PageLink[]; linksSeen: number } {
  const scanner = createFieldScanner(documentUrl, { links: true });
  scanner.write(html);
  const fields = scanner.finish();
  return { links: fields.links ?? [], linksSeen: fields.linksSeen ?? 0 };
}

export interface RenderDeps {
  pool?: BrowserPool;
  fetcher?: SafeFetcher;
  robots?: RobotsCache;
}

/** Fetches the raw HTML, renders it, reads both sides; never rejects. */
export async function renderAndCompare(url: string, deps: RenderDeps = {}): Promise<RenderOutcome> {
  const started = performance.now();
  const fetcher = deps.fetcher ?? getDefaultFetcher();
  const robots = deps.robots ?? getDefaultRobotsCache();
  const userAgent = crawlerUserAgent();
  const empty = { raw: null, rendered: null, differences: [], consoleErrors: [], failedRequests: [], robotsBlockedResources: [], requestCount: 0, bytes: 0, textRatio: null, screenshot: null };
  const failed = (kind: RenderOutcome["failureKind"], reason: string, extra: Partial<RenderOutcome> = {}): RenderOutcome => ({
    ...empty, status: "failed", failureKind: kind, failureReason: reason, durationMs: Math.round(performance.now() - started), httpStatus: null, finalUrl: null, ...extra,
  });

  const allowedForGooglebot = async (target: string) => {
    const entry = await robots.get(target);
    const u = new URL(target);
    return isAllowed(entry.robots, GSC_ROBOTS_AGENT, u.pathname + u.search);
  };
  if (!(await allowedForGooglebot(url).catch(() => true))) {
    return failed("robots", "robots.txt forbids Googlebot this URL: Google neither fetches nor renders it");
  }
  const document = await fetcher.fetch(url, { userAgent, maxBodyBytes: RAW_MAX_BYTES, maxDecodedBytes: RAW_MAX_BYTES, totalTimeoutMs: 15_000, headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
  if (!document.ok) return failed("document", document.error.message);
  const at = { httpStatus: document.status, finalUrl: document.finalUrl };
  const type = (document.headers["content-type"] ?? "").toLowerCase();
  if (type && !/html/.test(type)) return failed("document", `Not an HTML page (${type.split(";")[0].slice(0, 80)})`, at);
  const raw = extractFacts(document.body.toString("utf8"), document.finalUrl);

  const page = await renderPage(document.finalUrl, {
    pool: deps.pool ?? getDefaultPool(), fetcher, userAgent, allowedForGooglebot: (u) => allowedForGooglebot(u).catch(() => true),
    document: { url: document.finalUrl, status: document.status, headers: document.headers, body: document.body },
  });
  const common = {
    ...at, raw, consoleErrors: page.consoleErrors, failedRequests: page.failedRequests, robotsBlockedResources: page.robotsBlocked,
    requestCount: page.requestCount, bytes: page.bytes,
  };
  if (!page.ok || page.html === null) return failed(page.failureKind ?? "error", page.failureReason ?? "The render failed", common);
  const rendered = extractFacts(page.html, page.finalUrl);
  return {
    ...common, status: "rendered", failureKind: null, failureReason: null, durationMs: Math.round(performance.now() - started),
    rendered, differences: compareFacts(raw, rendered), textRatio: textRatio(raw, rendered), screenshot: page.screenshot,
    renderedLinks: renderedLinksOf(page.html, page.finalUrl),
  };
}

export interface StoreRenderInput {
  organizationId: string;
  projectId: string;
  trackedUrlId: string;
  url: string;
  source: RenderSource;
  outcome: RenderOutcome;
  now: Date;
}

/**
 * Writes the latest render of a URL, its issue memberships and its rendered links (page_links, kind 1: the link graph
 * counts them with the raw ones at its next run), in the caller's transaction.
 */
export async function storeRender(ctx: OrgCtx, input: StoreRenderInput): Promise<void> {
  const tx = dbOf(ctx);
  const { outcome: o } = input;
  const json = (v: unknown) => v as Prisma.InputJsonValue;
  const data = {
    organizationId: input.organizationId, projectId: input.projectId, url: input.url, source: input.source, status: o.status,
    failureReason: o.failureReason, renderedAt: input.now, durationMs: o.durationMs, httpStatus: o.httpStatus, finalUrl: o.finalUrl,
    raw: o.raw ? json(o.raw) : Prisma.DbNull, rendered: o.rendered ? json(o.rendered) : Prisma.DbNull, differences: json(o.differences),
    consoleErrors: json(o.consoleErrors), failedRequests: json(o.failedRequests), robotsBlockedResources: json(o.robotsBlockedResources),
    requestCount: o.requestCount, bytes: o.bytes, textRatio: o.textRatio,
    // A render that made no screenshot keeps none: the picture always belongs to the latest render.
    screenshot: o.screenshot ? new Uint8Array(o.screenshot) : null,
  };
  await tx.urlRender.upsert({ where: { trackedUrlId: input.trackedUrlId }, create: { trackedUrlId: input.trackedUrlId, ...data }, update: data });
  // A URL robots.txt forbids Googlebot is the audit's blocked_by_robots: no rendering issue is raised or kept.
  const found = o.failureKind === "robots" ? new Set() : renderIssues({ status: o.status, raw: o.raw, rendered: o.rendered, robotsBlockedResources: o.robotsBlockedResources });
  for (const type of RENDER_ISSUE_TYPES) {
    const change = found.has(type) ? { affected: [{ trackedUrlId: input.trackedUrlId, url: input.url }], cleared: [] } : { affected: [], cleared: [input.trackedUrlId] };
    await recordUrlDetections(ctx, input.projectId, type, change, {}, input.now);
  }
  const links = renderedPageLinksOf(input.trackedUrlId, input.url, o);
  if (links) await recordPageLinks(ctx, { organizationId: input.organizationId, projectId: input.projectId }, [links], input.now);
}

/**
 * Renders a tracked URL and stores it; with `charge`, debits RENDER_CREDITS in the same transaction. A failure of our
 * own renderer (not of the page) stores and charges nothing: 503 RENDERER_UNAVAILABLE.
 */
export async function renderTrackedUrl(ctx: OrgCtx, input: {
  organizationId: string; projectId: string; trackedUrlId: string; url: string; source: RenderSource; deps?: RenderDeps; now?: () => Date;
  charge?: { actorUserId: string | null };
}): Promise<{ outcome: RenderOutcome; balanceAfter: number | null }> {
  const outcome = await renderAndCompare(input.url, input.deps);
  // Our renderer broke (no browser could start, the remote server is gone): nothing about the page is known, nothing is stored or charged.
  if (outcome.failureKind === "error") throw new DomainError("RENDERER_UNAVAILABLE", `The renderer failed: ${outcome.failureReason ?? "unknown error"}`);
  const now = input.now?.() ?? new Date();
  const balanceAfter = await withTransaction(ctx, async (ctx) => {
    await storeRender(ctx, { ...input, outcome, now });
    if (!input.charge || RENDER_CREDITS === 0) return null;
    return debitCredits(ctx, {
      organizationId: input.organizationId, amount: RENDER_CREDITS, kind: "render", reference: input.trackedUrlId,
      metadata: { projectId: input.projectId, source: input.source }, actorUserId: input.charge.actorUserId,
    });
  });
  return { outcome, balanceAfter };
}
