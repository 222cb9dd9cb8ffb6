// Shared set-up for the inspection suites: tenants with verified projects on domains of one local
// HTTPS test site (tests/sitemaps/helpers.ts SitemapSite: answers per host and path), the real audit
// runner through a safe fetcher mapped to it, and a few direct database helpers for arranging state.
import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import { db, withTransaction } from "@/lib/db";
import { createAuditRunner } from "@/lib/audit/runner";
import { createRobotsCache } from "@/lib/audit/robots-cache";
import { debitCredits, grantCredits } from "@/lib/credits/credit-ledger";
import type { SafeFetcher } from "@/lib/net/safe-fetch";
import type { PlannedProject } from "@/lib/inspections/plan-inspections";
import { createTestProject, type TestUser } from "../factories";
import type { SitemapSite } from "../sitemaps/helpers";

export const uniqueDomain = (tag = "p") => `${tag}-${crypto.randomUUID().slice(0, 8)}.sitemaps.test`;

/** A verified project with automation on (daily unless said otherwise). */
export async function automatedProject(t: TestUser, opts: { domain?: string; cadence?: "hourly" | "daily" | "weekly" | "monthly"; enabled?: boolean } = {}) {
  const project = await createTestProject(t, { domain: opts.domain ?? uniqueDomain(), verified: true });
  return db.project.update({ where: { id: project.id }, data: { automatedInspectionsEnabled: opts.enabled ?? true, inspectionCadence: opts.cadence ?? "daily" } });
}

/** Tracked URLs /p0…/p{n-1} of the project, due at `dueAt` (null: not scheduled). */
export async function addUrls(p: { id: string; organizationId: string; domain: string }, n: number, dueAt: Date | null, prefix = "p") {
  const rows = Array.from({ length: n }, (_, i) => ({
    organizationId: p.organizationId, projectId: p.id, url: `https://${p.domain}/${prefix}${i}`, source: "manual" as const, nextInspectionAt: dueAt,
  }));
  await db.trackedUrl.createMany({ data: rows });
  return db.trackedUrl.findMany({ where: { projectId: p.id, url: { in: rows.map((r) => r.url) } }, orderBy: { url: "asc" } });
}

export async function setBalance(organizationId: string, target: number) {
  const { creditBalance } = await db.organization.findUniqueOrThrow({ where: { id: organizationId } });
  await withTransaction(systemCtx("test"), async (ctx) => {
    if (creditBalance > target) await debitCredits(ctx, { organizationId, amount: creditBalance - target, kind: "adjustment" });
    if (creditBalance < target) await grantCredits(ctx, { organizationId, amount: target - creditBalance, kind: "grant" });
  });
}

export const balanceOf = async (organizationId: string) => (await db.organization.findUniqueOrThrow({ where: { id: organizationId } })).creditBalance;

export const inspectionCharges = (organizationId: string) =>
  db.creditLedgerEntry.findMany({ where: { organizationId, kind: "inspection" }, orderBy: { createdAt: "asc" } });

/** Serves a small healthy HTML page at each path of the host (and an allow-all robots.txt). */
export function servePages(site: SitemapSite, host: string, paths: string[], extraHead = "") {
  site.set(host, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
  for (const path of paths) {
    site.set(host, path, { body: `<!doctype html><html><head><title>${path}</title>${extraHead}</head><body>ok</body></html>`, contentType: "text/html" });
  }
}

/** The real audit runner through a fetcher mapped to the test site, with a fresh robots.txt cache. */
export function siteRunner(fetcher: SafeFetcher) {
  return createAuditRunner({ fetcher, robots: createRobotsCache({ fetcher }) });
}

export function planned(p: { id: string; organizationId: string; automatedInspectionsEnabled: boolean; inspectionCadence: PlannedProject["inspectionCadence"] }, allocation: number): PlannedProject {
  return { organizationId: p.organizationId, projectId: p.id, automatedInspectionsEnabled: p.automatedInspectionsEnabled, inspectionCadence: p.inspectionCadence, allocation };
}
