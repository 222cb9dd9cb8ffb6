// Seeds the demo organization of `npm run demo` (scripts/demo.mjs runs it before the app starts, with the
// settings of scripts/demo-fakes.ts and the demo's own embedded database): the demo user with its personal
// organization, and a project for the demo site of scripts/demo-world.ts whose last 90 days are replayed
// through the product's own verbs wherever they are cheap:
//   T-90d  project created, availability probed, DNS ownership verified (live, against the fake DNS), IndexNow
//          key set and verified, sitemap synced (2,505 URLs admitted and charged), submitted to the fake IndexNow;
//   T-89d  every URL audited: the real audit (lib/audit) reads the demo site as it was then through an
//          in-memory fetcher, applyAuditOutcomes stores outcomes, history and issue groups, credits are debited
//          (the balance falls to 5: the credits.low notification);
//   T-88d  gsc connected through its OAuth code exchange (a consent minted by the fake gsc) and
//          engine B by key, both live against the fakes;
//   T-60d, T-20d, T-2d  engine observations of every URL from the fakes' answers, written in bulk the way
//          observeEngines stores them (states, time to index, history, discovered/crawled-not-indexed groups);
//   T-31d  credits bought, weekly automated inspections enabled;
//   T-30d  a second sync (400 new URLs admitted, 15 retired ones become stale), audits of the new URLs;
//   T-24d, T-17d, T-10d, T-3d  weekly scheduled audits of every URL; at T-3d 25 products answer 404, 15 blog
//          posts carry noindex, 6 products answer 500 and 8 guides a WAF challenge;
//   now    observeEngines (the real verb) asks both fake engines about ~120 URLs: 56 drops from the index with
//          their likely cause, and today's gsc quota use.
// Then 90 daily snapshots (T-47d missing), notifications, a webhook endpoint with its delivery log, the client
// reports (scripts/demo-reports.ts: a share link, a weekly report schedule and the last report the cron sent), and a
// one-click sign-in link (a next-auth email verification token, stored hashed as the email provider stores it).
// Then today (scripts/demo-today.ts): availability probed, sitemaps synced and gsc's Search Analytics pulled now, through
// the product's verbs, so the demo's last checks are today's and its URLs have clicks and impressions.
// A second run on kept data reconnects gsc (the new fake gsc never saw the grant), does today's checks again when
// the last ones are older than half a day, adds the client reports when they are missing (or the share link
// expired) and mints a new link. Prints `DEMO_SEEDED {json}` last.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { OrgCtx as Ctx } from "../lib/core/context";
import { auditUrl } from "../lib/audit/audit-url";
import { createRobotsCache } from "../lib/audit/robots-cache";
import { createAuditRunner } from "../lib/audit/runner";
import { runLinkGraph } from "../lib/links/run-graph";
import { connectEngineB } from "../lib/connections/connect-engine-b";
import { connectGsc } from "../lib/connections/connect-gsc";
import { createGscAuthorization } from "../lib/connections/create-gsc-authorization";
import { debitCredits, grantCredits } from "../lib/credits/credit-ledger";
import { db, Prisma, type IssueType, withTransaction } from "../lib/db";
import { systemCtx } from "../lib/core/context";
import { ensureEmbeddedDatabase } from "../lib/db/embedded";
import { isEmbedded } from "../lib/db/config";
import { ensureDatabaseReady } from "../lib/db/ready";
import { observeEngines } from "../lib/engine-sync/observe-engines";
import { mapGscInspection } from "../lib/engines/gsc";
import { mapUrlInfoToEngineBState } from "../lib/engines/engine-b";
import { newSecret, sealSecret } from "../lib/webhooks/internal";
import { messageIdFor } from "../lib/webhooks/payload";
import { issueOpenedNotification } from "../lib/notifications/issue-notification";
import { SEVERITY } from "../lib/issues/severity";
import { submitPendingUrls } from "../lib/indexnow/submit-pending-urls";
import { applyAuditOutcomes, type InspectionResult } from "../lib/inspections/apply-audit-outcomes";
import { getDefaultResolver } from "../lib/net/resolver";
import { declareRemoval } from "../lib/removals/declare-removal";
import { followProjectRemovals } from "../lib/removals/follow-removals";
import { refreshBatch } from "../lib/removals/internal";
import type { Hop, SafeFetcher, SafeFetchOptions, SafeFetchResult, SafeFetchStreamResult } from "../lib/net/safe-fetch";
import { createProject } from "../lib/projects/create-project";
import { setAutomation } from "../lib/projects/set-automation";
import { setBranding } from "../lib/organizations/set-branding";
import { probeAvailability } from "../lib/sitemaps/probe/probe-availability";
import { syncProject } from "../lib/sitemaps/sync/sync-project";
import { storeDevMail } from "../lib/mail/dev-mailbox";
import { ensureUser } from "../lib/users/ensure-user";
import { setIndexNowKey } from "../lib/verification/set-indexnow-key";
import { verifyDns } from "../lib/verification/verify-dns";
import { verifyKey } from "../lib/verification/verify-key";
import { seedCrawlActivity } from "./demo-crawl-logs";
import { seedClientReports } from "./demo-reports";
import { seedSiteChanges } from "./demo-site-changes";
import { seedRobotsWatch } from "./demo-robots-watch";
import { seedRendering } from "./demo-rendering";
import { observeBulk, type DemoProject, type DemoTracked } from "./demo-observe";
import { seedToday } from "./demo-today";
import {
  answer, catalogue, gscResult, DEMO_EMAIL, DNS_TOKEN, DOMAIN, ENGINE_B_KEY, engineBInfo, auditedKindAt, entryByPath, entryByUrl, GSC_PROPERTY, INDEXNOW_KEY,
  raisesAuditIssue, WEBHOOK_URL,
} from "./demo-world";

const DAY = 86_400_000;
const T = Date.now();
const ago = (days: number) => new Date(T - days * DAY);
const appUrl = (process.env.NEXTAUTH_URL ?? "http://localhost:3300").replace(/\/$/, "");
const started = performance.now();
const timings: Record<string, number> = {};
let lap = performance.now();
function step(name: string) {
  const now = performance.now();
  timings[name] = Math.round(now - lap);
  lap = now;
  console.log(`[demo-seed] ${name}: ${timings[name]} ms`);
}

// Events the verbs emit here (an IndexNow submission after a sync, a verified key) are not run: this process
// registers no job functions (lib/jobs/registry.ts), replays the submissions at their own moments in the past
// and exits. The app runs its own jobs.

type Project = DemoProject;
type Tracked = DemoTracked;

async function main() {
  const running = isEmbedded() ? await ensureEmbeddedDatabase() : null;
  try {
    await ensureDatabaseReady();
    step("database ready");
    const { userId, organizationId, created } = await ensureUser(DEMO_EMAIL);
    const ctx: Ctx = {
      actor: { type: "user", userId, email: DEMO_EMAIL, sessionId: "demo-seed" },
      org: { id: organizationId, role: "owner" },
      request: { ipAddress: null, userAgent: "indexwatch-demo-seed" },
    };
    const existing = await db.project.findFirst({ where: { organizationId, liveDomain: DOMAIN, deletedAt: null }, select: { id: true, organizationId: true } });
    const seeded = existing ? (await db.websiteSnapshot.count({ where: { projectId: existing.id } })) > 0 : false;
    let project: Project;
    if (existing && seeded) {
      project = { ...existing, projectId: existing.id };
      await reconnectGsc(ctx, project);
      step("gsc reconnected (kept data)");
    } else {
      if (existing) throw new Error("The demo data directory holds a half-seeded project; start again with `npm run demo -- --fresh`.");
      project = await seedHistory(ctx, userId, organizationId, created);
    }
    const today = await seedToday(ctx, project.id, { fetcher: memoryFetcher(0) });
    step(`today: ${[today.probed && "availability probed", today.synced && "sitemaps synced", `Search Analytics ${today.searchAnalytics} (${today.searchRows} rows)`].filter(Boolean).join(", ")}`);
    const robots = await seedRobotsWatch({ organizationId, projectId: project.id });
    step(`robots.txt watch: ${robots.seeded ? `a change that blocks ${robots.importantBlocked} important URLs` : "kept"}`);
    const reports = await seedClientReports(ctx, project.id);
    step(`client reports: ${reports.created.length ? reports.created.join(", ") : "kept"}`);
    const changes = await seedSiteChanges(ctx, project.id);
    step(`site changes: ${changes.created ? `a deploy broke the canonicals of /${changes.section}/ (${changes.urls} URLs)` : "kept"}`);
    const renders = await seedRendering(ctx, project.id, memoryFetcher(0));
    step(`rendering: ${!renders.available ? `unavailable (${renders.reason}); the app shows rendering as unavailable, everything else works` : renders.kept ? "kept" : renders.rendered.join("; ")}`);
    const link = await signInLink(project.id);
    step("sign-in link");
    const stats = await db.websiteStats.findUnique({ where: { projectId: project.id } });
    const result = {
      email: DEMO_EMAIL, signInUrl: link, projectId: project.id, projectUrl: `${appUrl}/projects/${project.id}`, domain: DOMAIN, shareUrl: reports.shareUrl,
      reused: Boolean(existing && seeded), urls: stats?.totalUrls ?? 0, openIssues: stats?.openIssues ?? 0, seconds: Math.round((performance.now() - started) / 100) / 10, timings,
    };
    console.log(`DEMO_SEEDED ${JSON.stringify(result)}`);
  } finally {
    await db.$disconnect().catch(() => undefined);
    await (globalThis as { __pool?: { end(): Promise<void> } }).__pool?.end().catch(() => undefined);
    await running?.stop();
  }
}

// ─── The 90 days ───────────────────────────────────────────────────────────────────────────────────

/** Weekly scheduled audits after automation was turned on at T-31d (T-3d is the last one before now). */
const WEEKLY_AUDITS = [24, 17, 10, 3];

async function seedHistory(ctx: Ctx, userId: string, organizationId: string, created: boolean): Promise<Project> {
  const clock = new Date();
  await db.organization.update({ where: { id: organizationId }, data: { name: "Acme Outdoor" } });
  // Its branding (Settings → Organization → Branding), which the client report and the share page show.
  await setBranding(ctx, { displayName: "Acme Outdoor", accentColor: "#15803d" });
  // The first purchase covers admitting and auditing the initial catalogue once, leaving 5 credits: credits.low.
  const initial = catalogue().filter((e) => e.addedDaysAgo === 90).length;
  const balance = (await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { creditBalance: true } })).creditBalance;
  await withTransaction(ctx, (ctx) => grantCredits(ctx, { organizationId, amount: 2 * initial + 5 - balance, kind: "grant", reference: "demo-purchase", actorUserId: userId }));
  const { id } = await createProject({ ctx, input: { domain: DOMAIN, name: "Acme Outdoor shop" } });
  const project: Project = { id, organizationId, projectId: id };
  await probeAvailability(ctx, id, { now: ago(90), fetcher: memoryFetcher(90) });
  // The DNS token as rotateDnsToken would store it (fixed, so the fake DNS can publish it before we run), proved live.
  await db.project.update({ where: { id }, data: { dnsVerificationToken: DNS_TOKEN } });
  const dns = await verifyDns(ctx, id, { now: ago(90) });
  if (!dns.verified) throw new Error(`DNS verification against the fake DNS failed: ${dns.error}`);
  await setIndexNowKey(ctx, id, { key: INDEXNOW_KEY });
  const key = await verifyKey(ctx, id, { now: ago(90), fetcher: memoryFetcher(90) });
  if (!key.verified) throw new Error(`IndexNow key verification failed: ${key.error}`);
  const first = await syncProject(ctx, id, { now: ago(90), fetcher: memoryFetcher(90) });
  await submit(id, 89.9);
  await restamp(organizationId, clock, ago(90));
  step(`project, ownership, IndexNow key, sitemap sync T-90d (${first.urlsDiscovered} URLs)`);

  let mark = new Date();
  await auditPass(project, await tracked(id), 89, "requested", false);
  await restamp(organizationId, mark, ago(89));
  step("audits T-89d");

  mark = new Date();
  const state = await createGscAuthorization(ctx, id, {}, { now: ago(88) });
  await connectGsc(ctx, id, { state: state.state, code: gscCode(), propertyUrl: GSC_PROPERTY }, { now: ago(88) });
  await connectEngineB(ctx, id, { apiKey: ENGINE_B_KEY }, { now: ago(88) });
  await restamp(organizationId, mark, ago(88));
  const records = new Map<string, Record<string, unknown>>();
  await observeBulk(project, await tracked(id), 60, records, T);
  step("engines connected T-88d, engine observations T-60d");

  // Credits bought again, weekly automated inspections on; then the catalogue grew.
  mark = new Date();
  await withTransaction(ctx, (ctx) => grantCredits(ctx, { organizationId, amount: 20_000, kind: "grant", reference: "demo-purchase", actorUserId: userId }));
  await setAutomation({ ctx, id, input: { enabled: true, cadence: "weekly" }, now: ago(31) });
  await restamp(organizationId, mark, ago(31));
  mark = new Date();
  const second = await syncProject(ctx, id, { now: ago(30), fetcher: memoryFetcher(30) });
  await restamp(organizationId, mark, ago(30));
  const all = await tracked(id);
  mark = new Date();
  await auditPass(project, all.filter((t) => t.entry.addedDaysAgo === 30), 29, "scheduled", true);
  await submit(id, 28.9);
  await restamp(organizationId, mark, ago(29));
  step(`sitemap sync T-30d (+${second.urlsDiscovered} URLs, ${second.staleMarked} stale), audits T-29d`);
  await observeBulk(project, all, 20, records, T);
  step("engine observations T-20d");

  for (const d of WEEKLY_AUDITS) {
    mark = new Date();
    await auditPass(project, all, d, "scheduled", true);
    await submit(id, d - 0.1);
    await restamp(organizationId, mark, ago(d));
    step(`audits T-${d}d`);
  }

  // The internal link graph of the last audits (orphans, a deep section, broken links), with the unlisted pages fetched
  // from the demo site as it is now.
  const graphFetcher = memoryFetcher(0);
  const graph = await runLinkGraph({ organizationId: project.organizationId, projectId: id },
    { runner: createAuditRunner({ fetcher: graphFetcher, robots: createRobotsCache({ fetcher: graphFetcher }) }) });
  step(`link graph: ${graph.edges} links, ${graph.orphans} orphans, ${graph.brokenTargets} broken targets, ${graph.unlistedFetched} unlisted pages fetched`);

  // ~120 URLs are left for the real verb now: every URL that changed lately and a sample of the rest.
  const live = all.filter((t, i) => t.entry.changedDaysAgo !== null || t.entry.droppedDaysAgo !== null || i % 50 === 7);
  const liveIds = new Set(live.map((t) => t.id));
  await observeBulk(project, all.filter((t) => !liveIds.has(t.id)), 2, records, T);
  step("engine observations T-2d");
  const report = await observeEngines(systemCtx("demo-seed", project.organizationId), project.id, live.map((t) => ({ id: t.id, url: t.url })), { source: "scheduled" });
  step(`engine observations now (${report.engineA.observed} + ${report.engineB.observed} answers, ${report.dropped} dropped)`);

  await snapshots(project);
  await notifications(project, userId);
  await webhooks(project, userId);
  await removals(ctx, project, all);
  const crawl = await seedCrawlActivity(ctx, project.id, all.map((t) => t.entry), T);
  step(`crawl activity: ${crawl.lines} log lines, ${crawl.verified} verified crawler fetches, ${crawl.spoofed} spoofed`);
  await backdate(project, userId, created);
  step("snapshots, notifications, webhooks, removals");
  return project;
}

/**
 * Two removal batches: the old product URLs redirected in a migration (declared T-60d, confirmed by our audit the next
 * day, dropped by Google then Bing over the following weeks: finished), and the retired range that left the sitemap
 * at T-30d (declared T-40d as gone) whose pages still answer 200 and are still indexed: followed now by the real job
 * against the site as it is, they are stuck (a removal_stuck issue).
 */
async function removals(ctx: Ctx, project: Project, all: Tracked[]) {
  const moved = all.filter((t) => t.entry.kindNow === "redirect").slice(0, 40);
  const migration = await declareRemoval(ctx, project.id, { urlIds: moved.map((t) => t.id), intent: "redirected", stuckAfterDays: 45 }, ago(60));
  const r = rng(6060);
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    for (const t of moved) {
      const a = ago(60 - 4 - Math.floor(r() * 18));
      const b = ago(60 - 9 - Math.floor(r() * 26));
      await tx.removalUrl.updateMany({
        where: { batchId: migration.id, trackedUrlId: t.id },
        data: {
          state: "removed", activeTrackedUrlId: null, siteConfirmed: true, siteHttpStatus: 200, siteCheckedAt: ago(59), confirmedBySiteAt: ago(59),
          siteReason: `redirects permanently to ${t.entry.target ?? "its new page"}`, indexNowSubmittedAt: ago(59),
          engineAState: "redirected", engineAObservedAt: a, engineARemovedAt: a, engineBState: "not_indexed", engineBObservedAt: b, engineBRemovedAt: b,
          removedAt: a > b ? a : b,
        },
      });
    }
    await refreshBatch(ctx, migration.id, ago(20));
    await tx.removalBatch.update({ where: { id: migration.id }, data: { lastCheckedAt: ago(20) } });
  });
  const retired = all.filter((t) => t.entry.removedDaysAgo !== null && t.entry.kindNow === "healthy");
  if (retired.length) {
    await declareRemoval(ctx, project.id, { urlIds: retired.map((t) => t.id), intent: "gone" }, ago(40));
    await followProjectRemovals(systemCtx("demo-seed", project.organizationId), project.id, { audit: { fetcher: memoryFetcher(0) } });
  }
}

/** Ledger entries and audit-log rows the verbs stamped with the real clock since `since` get the story's moment. */
async function restamp(organizationId: string, since: Date, at: Date) {
  await db.$executeRaw(Prisma.sql`UPDATE credit_ledger_entries SET created_at = ${at} WHERE organization_id = ${organizationId}::uuid AND created_at >= ${since}`);
  await db.$executeRaw(Prisma.sql`UPDATE audit_logs SET created_at = ${at} WHERE organization_id = ${organizationId}::uuid AND created_at >= ${since}`);
}

function gscCode(): string {
  const code = process.env.DEMO_GSC_CODE;
  if (!code) throw new Error("DEMO_GSC_CODE is not set: run the seed through `npm run demo`");
  return code;
}

/**
 * With kept data the fake gsc is a new one that never saw our grant: connect again with its consent (dated
 * as the first connection, which is what the Connections page shows).
 */
async function reconnectGsc(ctx: Ctx, project: Project) {
  const { gscConnectedAt } = await db.project.findUniqueOrThrow({ where: { id: project.id }, select: { gscConnectedAt: true } });
  const now = gscConnectedAt ?? new Date();
  const state = await createGscAuthorization(ctx, project.id, {}, { now });
  await connectGsc(ctx, project.id, { state: state.state, code: gscCode(), propertyUrl: GSC_PROPERTY }, { now });
}

async function tracked(projectId: string): Promise<Tracked[]> {
  const byUrl = new Map(catalogue().map((e) => [e.url, e]));
  const rows = await db.trackedUrl.findMany({ where: { projectId }, select: { id: true, url: true }, orderBy: [{ discoveredAt: "asc" }, { id: "asc" }] });
  return rows.flatMap((r) => (byUrl.has(r.url) ? [{ id: r.id, url: r.url, entry: byUrl.get(r.url)! }] : []));
}

async function submit(projectId: string, daysAgo: number) {
  const run = await submitPendingUrls({ projectId, clock: () => ago(daysAgo), endpoint: process.env.INDEXNOW_ENDPOINT });
  if (run.outcome !== "completed") console.warn(`[demo-seed] IndexNow submission T-${daysAgo}d: ${run.outcome}`);
}

/** The real audit of each URL against the site as it was `daysAgo` days ago, stored by applyAuditOutcomes and charged. */
async function auditPass(project: Project, urls: Tracked[], daysAgo: number, source: InspectionResult["source"], automated: boolean) {
  const at = ago(daysAgo);
  const fetcher = memoryFetcher(daysAgo);
  const robots = createRobotsCache({ fetcher, now: () => at });
  const target = { organizationId: project.organizationId, projectId: project.id, automatedInspectionsEnabled: automated, inspectionCadence: "weekly" as const };
  const r = rng(daysAgo);
  for (let i = 0; i < urls.length; i += 500) {
    const batch = urls.slice(i, i + 500);
    const results: InspectionResult[] = [];
    for (const u of batch) results.push({ trackedUrlId: u.id, outcome: await auditUrl(u.url, { fetcher, robots, now: () => at }), source });
    await withTransaction(systemCtx("demo-seed", project.organizationId), async (ctx) => {
      await applyAuditOutcomes(ctx, target, results, at, r);
      await debitCredits(ctx, { organizationId: project.organizationId, amount: batch.length, kind: "inspection", reference: project.id, metadata: { projectId: project.id, source } });
    }, { timeout: 120_000 });
  }
}

// ─── The demo site, in memory, for the verbs that fetch it ─────────────────────────────────────────

/** A SafeFetcher answering from the demo world `daysAgo` days ago (redirects followed as the real one does). */
function memoryFetcher(daysAgo: number): SafeFetcher {
  const byPath = entryByPath();
  async function open(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
    const hops: Hop[] = [];
    let current = url;
    for (;;) {
      const u = new URL(current);
      if (u.hostname !== DOMAIN) return { ok: false, error: { kind: "dns", message: `dns: NXDOMAIN (${u.hostname})`, url: current, hops } };
      const a = answer(u.pathname, daysAgo, byPath);
      if ([301, 302, 303, 307, 308].includes(a.status) && a.headers.location) {
        const next = new URL(a.headers.location, current).href;
        hops.push({ url: current, status: a.status });
        if (hops.some((h) => h.url === next)) return { ok: false, error: { kind: "redirect_loop", message: "redirect loop", url: next, hops } };
        if (hops.length > (options.maxRedirects ?? 10)) return { ok: false, error: { kind: "too_many_redirects", message: "too many redirects", url: next, hops } };
        current = next;
        continue;
      }
      const body = Buffer.from(options.method === "HEAD" ? "" : a.body);
      const headers = Object.fromEntries(Object.entries({ ...a.headers, "content-length": String(Buffer.byteLength(a.body)) }).map(([k, v]) => [k.toLowerCase(), v]));
      return { ok: true, status: a.status, headers, finalUrl: current, hops, timing: { totalMs: 1 }, body };
    }
  }
  return {
    fetch: open,
    async stream(url, options): Promise<SafeFetchStreamResult> {
      const r = await open(url, options);
      return r.ok ? { ...r, body: Readable.from([r.body]) } : r;
    },
    resolver: getDefaultResolver(),
  };
}

function rng(seed: number) {
  let a = (seed * 2654435761) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ─── Snapshots, notifications, webhooks ────────────────────────────────────────────────────────────

/** 90 daily snapshots up to yesterday, as the daily job would have taken them; one day (T-47d) is missing. */
async function snapshots(project: Project) {
  const entries = catalogue();
  const byUrl = entryByUrl();
  const rows: Prisma.WebsiteSnapshotCreateManyInput[] = [];
  for (let d = 90; d >= 1; d--) {
    if (d === 47) continue;
    const listed = entries.filter((e) => e.addedDaysAgo >= d);
    const audited = d <= 89;
    const observed = d <= 88;
    // The audit state of that day: the last audit pass at or before it (T-89d, T-29d for new URLs, weekly, T-3d).
    const kinds = listed.map((e) => (!audited || (e.addedDaysAgo === 30 && d > 29) ? null : auditedKindAt(e, d <= 3 ? 3 : Infinity, byUrl)));
    const count = (k: (string | null)[]) => kinds.filter((x) => k.includes(x)).length;
    let indexed = 0;
    let notIndexed = 0;
    let engineIssueUrls = 0;
    const engineTypes = new Set<string>();
    if (observed) {
      for (const e of listed) {
        const a = mapGscInspection(gscResult(e, d, T));
        const b = mapUrlInfoToEngineBState(engineBInfo(e, d, T), []);
        if (a.state === "indexed" || b.state === "indexed") indexed++;
        else if (a.definitive || b.definitive) notIndexed++;
        if (a.state === "discovered_not_indexed" || a.state === "crawled_not_indexed") { engineIssueUrls++; engineTypes.add(a.state); }
      }
    }
    const stale = d <= 30 ? entries.filter((e) => e.removedDaysAgo !== null).length : 0;
    const auditTypes = new Set(kinds.filter(raisesAuditIssue));
    const auditIssueUrls = kinds.filter(raisesAuditIssue).length;
    rows.push({
      organizationId: project.organizationId, projectId: project.id, date: new Date(new Date(T - d * DAY).toISOString().slice(0, 10)),
      totalUrls: listed.length, healthyUrls: count(["healthy", "variant", "noindex", "waf"]), brokenUrls: count(["not_found", "server_error"]),
      redirectedUrls: count(["redirect", "chain"]), indexedUrls: indexed, notIndexedUrls: notIndexed, staleUrls: stale,
      openIssues: auditTypes.size + engineTypes.size + (stale ? 1 : 0), urlsWithIssues: Math.min(listed.length, auditIssueUrls + engineIssueUrls + stale),
      createdAt: new Date(T - (d - 1) * DAY + 300_000),
    });
  }
  await db.websiteSnapshot.createMany({ data: rows });
}

async function notifications(project: Project, userId: string) {
  const rows = await db.issue.findMany({ where: { projectId: project.id }, select: { id: true, type: true, severity: true, affectedUrlCount: true } });
  const issues = new Map(rows.map((i) => [i.type as string, i]));
  const named = await db.project.findUniqueOrThrow({ where: { id: project.id }, select: { name: true, domain: true } });
  // The words the product itself writes when a group opens (lib/notifications/issue-notification.ts).
  const issueNote = (type: IssueType, daysAgo: number, read: boolean) => ({
    userId, organizationId: project.organizationId, type: "issue_opened" as const, category: "monitoring" as const,
    ...issueOpenedNotification(named, { issueType: type, severity: issues.get(type)?.severity ?? SEVERITY[type].severity, affectedUrlCount: issues.get(type)?.affectedUrlCount ?? 0, reopened: false }),
    data: {
      projectId: project.id, issueId: issues.get(type)?.id ?? null, issueType: type,
      url: `/projects/${project.id}/issues${issues.has(type) ? `/${issues.get(type)!.id}` : ""}`,
    },
    createdAt: ago(daysAgo), readAt: read ? ago(daysAgo - 0.2) : null,
  });
  await db.notification.createMany({
    data: [
      issueNote("discovered_not_indexed", 60, true),
      {
        userId, organizationId: project.organizationId, type: "credits_low", category: "billing", title: "Credits are running low",
        body: "Acme Outdoor has 5 inspection credits left. Scheduled inspections and sitemap admissions stop when they run out.", data: { balance: 5, threshold: 10 },
        createdAt: ago(89), readAt: ago(88.5),
      },
      issueNote("waf_challenge_detected", 3, true),
      issueNote("server_error", 3, false),
      issueNote("has_noindex", 3, false),
      issueNote("broken_link", 3, false),
      issueNote("dropped_from_index", 0.01, false),
    ],
  });
}

/**
 * A webhook endpoint with a month of deliveries: successes, one delivered after two retries, and one that
 * failed for good after five attempts. Its whsec_ secret is sealed as lib/webhooks/internal.ts seals one, so
 * "Send test" and replays work against the demo receiver.
 */
async function webhooks(project: Project, userId: string) {
  const id = randomUUID();
  const secret = newSecret();
  await db.webhookEndpoint.create({
    data: {
      id, organizationId: project.organizationId, url: WEBHOOK_URL, description: "Team relay (demo receiver on the fake site)",
      events: ["issue.opened", "issue.resolved", "url.dropped_from_index", "sync.completed"], format: "standard",
      secretEnc: sealSecret(id, secret), createdByUserId: userId, createdAt: ago(60),
    },
  });
  const issues = await db.issue.findMany({ where: { projectId: project.id }, select: { id: true, type: true, severity: true, affectedUrlCount: true } });
  const r = rng(7);
  type Attempt = { status: number | null; error?: string };
  const deliveries: { eventType: string; daysAgo: number; data: Record<string, unknown>; attempts: Attempt[] }[] = [];
  for (const d of [28, 21, 14, 7, 1]) {
    deliveries.push({ eventType: "sync.completed", daysAgo: d, data: { trigger: "scheduled", status: "completed", admitted: 0, completedAt: ago(d).toISOString() }, attempts: [{ status: 200 }] });
  }
  for (const type of ["broken_link", "has_noindex", "server_error", "waf_challenge_detected"]) {
    const issue = issues.find((i) => i.type === type);
    if (!issue) continue;
    const attempts: Attempt[] = type === "server_error" ? [{ status: 500, error: "HTTP 500" }, { status: null, error: "timeout after 15 s" }, { status: 200 }] : [{ status: 200 }];
    deliveries.push({ eventType: "issue.opened", daysAgo: 2.9, data: { issueId: issue.id, issueType: type, severity: issue.severity, affectedUrlCount: issue.affectedUrlCount, reopened: false }, attempts });
  }
  const dropped = await db.issueUrlMembership.findFirst({ where: { issue: { projectId: project.id, type: "dropped_from_index" } }, select: { trackedUrlId: true, url: true } });
  deliveries.push({
    eventType: "url.dropped_from_index", daysAgo: 10,
    data: { trackedUrlId: dropped?.trackedUrlId ?? randomUUID(), url: dropped?.url ?? `https://${DOMAIN}/`, engine: "engineA", from: "indexed", to: "crawled_not_indexed" },
    attempts: [{ status: 503, error: "HTTP 503" }, { status: 502, error: "HTTP 502" }, { status: null, error: "connection refused" }, { status: 503, error: "HTTP 503" }, { status: 500, error: "HTTP 500" }],
  });
  const backoffMinutes = [0, 1, 5, 30, 120];
  for (const dl of deliveries.sort((a, b) => b.daysAgo - a.daysAgo)) {
    const createdAt = ago(dl.daysAgo);
    const messageId = messageIdFor(`demo-${randomUUID()}`);
    const times = dl.attempts.map((_, k) => new Date(createdAt.getTime() + backoffMinutes[k] * 60_000 + 400));
    const last = dl.attempts[dl.attempts.length - 1];
    const ok = last.status !== null && last.status < 300;
    const durations = dl.attempts.map((a) => (a.status === null ? 15_000 : 60 + Math.floor(r() * 240)));
    const deliveryId = randomUUID();
    await db.webhookDelivery.create({
      data: {
        id: deliveryId, organizationId: project.organizationId, endpointId: id, messageId, eventType: dl.eventType,
        payload: { type: dl.eventType, timestamp: createdAt.toISOString(), data: { organizationId: project.organizationId, projectId: project.id, ...dl.data } },
        status: ok ? "succeeded" : "failed", attempts: dl.attempts.length, nextAttemptAt: null, lastAttemptAt: times[times.length - 1],
        lastStatusCode: last.status, lastDurationMs: durations[durations.length - 1], lastError: ok ? null : last.error ?? null,
        deliveredAt: ok ? times[times.length - 1] : null, createdAt, updatedAt: times[times.length - 1],
        attemptLog: {
          create: dl.attempts.map((a, k) => ({ organizationId: project.organizationId, attempt: k + 1, statusCode: a.status, durationMs: durations[k], error: a.error ?? null, createdAt: times[k] })),
        },
      },
    });
  }
}

/** The user and organization (when this run created them) and the project date from the start of the story. */
async function backdate(project: Project, userId: string, created: boolean) {
  if (created) {
    await db.$executeRaw(Prisma.sql`UPDATE users SET created_at = ${ago(90)} WHERE id = ${userId}::uuid`);
    await db.$executeRaw(Prisma.sql`UPDATE organizations SET created_at = ${ago(90)} WHERE id = ${project.organizationId}::uuid`);
    await db.$executeRaw(Prisma.sql`UPDATE memberships SET created_at = ${ago(90)} WHERE organization_id = ${project.organizationId}::uuid`);
    await db.$executeRaw(Prisma.sql`UPDATE credit_ledger_entries SET created_at = ${ago(90)} WHERE organization_id = ${project.organizationId}::uuid AND reference = 'signup'`);
    await db.$executeRaw(Prisma.sql`UPDATE audit_logs SET created_at = ${ago(90)} WHERE user_id = ${userId}::uuid AND action IN ('user.created', 'organization.created')`);
  }
  await db.$executeRaw(Prisma.sql`UPDATE projects SET created_at = ${ago(90)} WHERE id = ${project.id}::uuid`);
}

// ─── Sign-in ───────────────────────────────────────────────────────────────────────────────────────

/**
 * A magic link as next-auth's email provider makes one (lib/sign-in/next-auth.ts): a random token, stored as
 * sha256(token + secret) in verification_tokens for 24 hours, and the callback URL carrying the token; it also
 * goes to the development mailbox, where /dev/mailbox shows it. Single use, like every sign-in link.
 */
async function signInLink(projectId: string): Promise<string> {
  const secret = process.env.NEXTAUTH_SECRET ?? "development-only-secret-change-me";
  const token = randomBytes(32).toString("hex");
  await db.verificationToken.create({
    data: { identifier: DEMO_EMAIL, token: createHash("sha256").update(`${token}${secret}`).digest("hex"), expires: new Date(Date.now() + DAY) },
  });
  const params = new URLSearchParams({ callbackUrl: `${appUrl}/projects/${projectId}`, token, email: DEMO_EMAIL });
  const url = `${appUrl}/api/auth/callback/email?${params}`;
  await storeDevMail({ to: DEMO_EMAIL, subject: "Your IndexWatch sign-in link", text: `Sign in to IndexWatch:\n${url}\n\nThe link works once and expires in 24 hours.`, url });
  return url;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error("[demo-seed] failed:", error);
    process.exit(1);
  },
);
