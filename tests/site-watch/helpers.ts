import crypto from "node:crypto";
import type http from "node:http";
import { db } from "@/lib/db";
import { readPeerCertificate } from "@/lib/net/peer-certificate";
import { createSafeFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { watchBatch, type BatchReport } from "@/lib/site-watch/robots-watch-tick";
import { fetchWatchedRobots } from "@/lib/site-watch/robots-fetch";
import { applyRobotsOutcome, watchedOrigin } from "@/lib/site-watch/robots-watch";
import type { CertificateReader } from "@/lib/site-watch/certificate";
import { createTestProject, type TestTenant } from "../factories";
import { startTestSite, type TestSite } from "../fakes/test-site";

export const ZONE = "watch.test";
export type RobotsAnswer = { status?: number; body?: string | Buffer; headers?: Record<string, string>; redirect?: string };
/** What a host's /robots.txt answers: fixed, or chosen per request (to answer 304 to a matching If-None-Match). */
export type RobotsScript = RobotsAnswer | ((req: http.IncomingMessage) => RobotsAnswer);

/** One fake site serving many hosts (*.watch.test): each watched project gets its own host, its own robots.txt script. */
export class WatchSite {
  private scripts = new Map<string, RobotsScript>();
  readonly seen = new Map<string, http.IncomingHttpHeaders[]>();
  private constructor(readonly site: TestSite) {
    site.route("/robots.txt", (req, res) => {
      const host = (req.headers.host ?? "").split(":")[0];
      (this.seen.get(host) ?? this.seen.set(host, []).get(host)!).push(req.headers);
      const script = this.scripts.get(host);
      const a = typeof script === "function" ? script(req) : (script ?? { status: 404 });
      if (a.redirect) return void res.writeHead(a.status ?? 301, { location: a.redirect }).end();
      const body = typeof a.body === "string" ? Buffer.from(a.body) : (a.body ?? Buffer.alloc(0));
      res.writeHead(a.status ?? 200, { "content-type": "text/plain", "content-length": String(a.status === 304 ? 0 : body.length), ...a.headers });
      res.end(a.status === 304 ? undefined : body);
    });
    site.route("/", { status: 200, body: "<!doctype html><title>Home</title>", headers: { "content-type": "text/html" } });
  }

  static async start(): Promise<WatchSite> {
    return new WatchSite(await startTestSite({ hostnames: [`*.${ZONE}`, ZONE] }));
  }

  host(tag = "w"): string {
    return `${tag}-${crypto.randomUUID().slice(0, 8)}.${ZONE}`;
  }

  robots(host: string, script: RobotsScript) {
    this.scripts.set(host, script);
  }

  fetcher(hosts: string[]): SafeFetcher {
    return createSafeFetcher({ connectTo: this.site.connectTo(hosts), tlsCa: this.site.ca });
  }

  certificateReader(hosts: string[]): CertificateReader {
    return (host) => readPeerCertificate(host, { connectTo: this.site.connectTo(hosts), tlsCa: this.site.ca });
  }

  close() {
    return this.site.close();
  }
}

/** A file that answers 304 when asked with its ETag. */
export const withEtag = (body: string, etag = `"${crypto.createHash("sha1").update(body).digest("hex").slice(0, 12)}"`): RobotsScript => (req): RobotsAnswer =>
  req.headers["if-none-match"] === etag ? { status: 304, headers: { etag } } : { status: 200, body, headers: { etag, "last-modified": "Wed, 01 Jan 2025 00:00:00 GMT" } };

export type WatchedProject = { projectId: string; organizationId: string; host: string; fetcher: SafeFetcher; read: CertificateReader };

/**
 * A project on its own host with tracked URLs (`/shop/*` high priority or with impressions as given) and a watch row
 * that is never due by itself (tests make it due with tick()), its home page already checked.
 */
export async function watchedProject(
  tenant: TestTenant, site: WatchSite, urls: { path: string; priority?: "high" | "normal" | "low"; impressions?: number; clicks?: number }[] = [],
): Promise<WatchedProject> {
  const host = site.host();
  const project = await createTestProject(tenant, { domain: host });
  if (urls.length) {
    await db.trackedUrl.createMany({
      data: urls.map((u) => ({
        organizationId: tenant.organizationId, projectId: project.id, url: `https://${host}${u.path}`, source: "manual" as const,
        priority: u.priority ?? null, impressions28d: u.impressions ?? null, clicks28d: u.clicks ?? null,
      })),
    });
  }
  await db.siteWatch.create({
    data: { projectId: project.id, organizationId: tenant.organizationId, origin: `https://${host}`, robotsNextFetchAt: new Date(Date.now() + 86_400_000), homeCheckedAt: new Date(), homeStatus: 200, homeFinalUrl: `https://${host}/` },
  });
  return { projectId: project.id, organizationId: tenant.organizationId, host, fetcher: site.fetcher([host]), read: site.certificateReader([host]) };
}

/** Makes the project due now and runs one batch of the watch tick with its fetcher: exactly this project is claimed. */
export async function tick(p: WatchedProject, opts: { now?: Date } = {}): Promise<BatchReport> {
  const now = opts.now ?? new Date();
  await db.siteWatch.update({ where: { projectId: p.projectId }, data: { robotsNextFetchAt: new Date(now.getTime() - 1000) } });
  const report = await watchBatch({ fetcher: p.fetcher, readCertificate: p.read, now: () => now, batch: 1, only: [p.projectId] });
  if (report.claimed !== 1) throw new Error(`expected to claim the project, claimed ${report.claimed}`);
  // The claim made it due again in one interval: out of the way of later runs, whose Inngest function test claims every due row.
  await db.siteWatch.update({ where: { projectId: p.projectId }, data: { robotsNextFetchAt: new Date(Date.now() + 86_400_000) } });
  return report;
}

export const watchRow = (p: WatchedProject) => db.siteWatch.findUniqueOrThrow({ where: { projectId: p.projectId } });
export const versions = (p: WatchedProject) => db.robotsTxtVersion.findMany({ where: { projectId: p.projectId }, orderBy: { firstSeenAt: "asc" } });
export const issueOf = (p: WatchedProject, type: "robots_txt_blocks_important" | "robots_txt_unreachable" | "certificate_expiring") =>
  db.issue.findFirst({ where: { projectId: p.projectId, type } });
export const changeEvents = (p: WatchedProject) =>
  db.eventOutbox.findMany({ where: { name: "robots_txt.changed", data: { path: ["projectId"], equals: p.projectId } }, orderBy: { createdAt: "asc" } });

/** One robots.txt fetch of the project recorded as the tick records a project's (without claiming it: for suites beside the tick's). */
export async function fetchOnce(p: WatchedProject, now = new Date()) {
  const w = await db.siteWatch.findUniqueOrThrow({ where: { projectId: p.projectId }, include: { project: { select: { domain: true, name: true } } } });
  const outcome = await fetchWatchedRobots(p.fetcher, `${watchedOrigin({ origin: w.origin, domain: w.project.domain })}/robots.txt`, { etag: w.robotsEtag, lastModified: w.robotsLastModified });
  return applyRobotsOutcome({
    projectId: w.projectId, organizationId: w.organizationId, domain: w.project.domain, name: w.project.name, origin: w.origin,
    lastVersionId: w.robotsLastVersionId, currentVersionId: w.robotsCurrentVersionId, pendingVersionId: w.robotsPendingVersionId,
    pendingCount: w.robotsPendingCount, failures: w.robotsFailures, failingSince: w.robotsFailingSince,
  }, outcome, now);
}
