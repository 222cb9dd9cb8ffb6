import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import type http from "node:http";
import zlib from "node:zlib";
import { db, withTransaction } from "@/lib/db";
import { grantCredits } from "@/lib/credits/credit-ledger";
import { createSafeFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { syncProject, type SyncOptions } from "@/lib/sitemaps/sync";
import { createTestProject, createTestTenant, type TestTenant } from "../factories";
import { gzipBomb, startTestSite, type TestSite, sendBody } from "../fakes/test-site";

export const ZONE = "sitemaps.test";
const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** What a path answers on one host of the shared test site. */
export type Answer = {
  status?: number;
  body?: string | Buffer;
  contentType?: string;
  /** Send the body gzip-compressed as a file (no Content-Encoding), as a .gz sitemap is served. */
  gzipFile?: boolean;
  /** Send the body with Content-Encoding: gzip. */
  gzipEncoding?: boolean;
  /** A gzip body expanding to this many zero bytes, as a .gz file (no Content-Encoding). */
  bomb?: number;
  delayMs?: number;
  /** A Location header (with a 3xx status: a redirect). */
  location?: string;
};

/**
 * One HTTPS test site (wildcard certificate for *.sitemaps.test from the test CA) serving every
 * project domain of a suite; answers are looked up by Host header and path, so suites and their
 * projects never see each other's files. Unknown paths answer 404.
 */
export class SitemapSite {
  private answers = new Map<string, Map<string, Answer>>();
  private installed = new Set<string>();
  private constructor(readonly site: TestSite) {}

  static async start(): Promise<SitemapSite> {
    return new SitemapSite(await startTestSite({ hostnames: [`*.${ZONE}`, ZONE] }));
  }

  /** A fresh project domain; also its www. twin and any extra hosts are served. */
  domain(tag = "p"): string {
    return `${tag}-${crypto.randomUUID().slice(0, 8)}.${ZONE}`;
  }

  fetcher(hosts: string[]): SafeFetcher {
    const all = hosts.flatMap((h) => [h, `www.${h}`]);
    return createSafeFetcher({ connectTo: this.site.connectTo(all), tlsCa: this.site.ca });
  }

  set(host: string, path: string, answer: Answer | string): void {
    let byPath = this.answers.get(host);
    if (!byPath) this.answers.set(host, (byPath = new Map()));
    byPath.set(path, typeof answer === "string" ? { body: answer } : answer);
    if (this.installed.has(path)) return;
    this.installed.add(path);
    this.site.route(path, (req, res) => this.serve(req, res, path));
  }

  remove(host: string, path: string): void {
    this.answers.get(host)?.delete(path);
  }

  requestsTo(host: string): string[] {
    return this.site.requests.filter((r) => (r.host ?? "").split(":")[0] === host).map((r) => r.path);
  }

  close(): Promise<void> {
    return this.site.close();
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const host = (req.headers.host ?? "").split(":")[0];
    const answer = this.answers.get(host)?.get(path);
    if (!answer) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed) return;
    let body = typeof answer.body === "string" ? Buffer.from(answer.body) : (answer.body ?? Buffer.alloc(0));
    const headers: Record<string, string> = { "content-type": answer.contentType ?? "application/xml" };
    if (answer.bomb) body = await gzipBomb(answer.bomb);
    else if (answer.gzipFile) body = zlib.gzipSync(body);
    else if (answer.gzipEncoding) {
      body = zlib.gzipSync(body);
      headers["content-encoding"] = "gzip";
    }
    headers["content-length"] = String(body.length);
    if (answer.location) headers.location = answer.location;
    res.writeHead(answer.status ?? 200, headers);
    await sendBody(res, body);
  }
}

export function urlset(entries: (string | { loc: string; lastmod?: string })[]): string {
  const items = entries.map((e) => (typeof e === "string" ? { loc: e } : e))
    .map((e) => `<url><loc>${e.loc}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${items.join("\n")}\n</urlset>\n`;
}

export function sitemapIndex(children: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${children.map((c) => `<sitemap><loc>${c}</loc></sitemap>`).join("\n")}\n</sitemapindex>\n`;
}

export const pages = (domain: string, n: number, prefix = "p") => Array.from({ length: n }, (_, i) => `https://${domain}/${prefix}${i}`);

export type Tenant = TestTenant;
export const createTenant = (tag = "sitemaps") => createTestTenant(tag);

export async function createProjectFor(tenant: Tenant, domain: string) {
  return createTestProject(tenant, { domain });
}

/** Sets the organization's balance to exactly `amount` through ledger entries. */
export async function setBalance(organizationId: string, amount: number): Promise<void> {
  await withTransaction(systemCtx("test"), async (ctx) => {
    const { tx } = ctx;
    const { creditBalance } = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { creditBalance: true } });
    if (amount > creditBalance) await grantCredits(ctx, { organizationId, amount: amount - creditBalance, kind: "grant" });
    if (amount < creditBalance) {
      await tx.organization.update({ where: { id: organizationId }, data: { creditBalance: amount } });
      await tx.creditLedgerEntry.create({ data: { organizationId, kind: "adjustment", amount: amount - creditBalance, balanceAfter: amount } });
    }
  });
}

export async function balanceOf(organizationId: string): Promise<number> {
  return (await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { creditBalance: true } })).creditBalance;
}

/** Runs a sync; `minutes` after the base clock, so successive syncs clear the 15-minute debounce. */
export function syncAt(tenant: Tenant, projectId: string, fetcher: SafeFetcher, at: Date, opts: Omit<SyncOptions, "now" | "fetcher"> = {}) {
  return syncProject(tenant.ctx, projectId, { ...opts, now: at, fetcher });
}

export const minutesAfter = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

export async function trackedUrls(projectId: string) {
  return db.trackedUrl.findMany({ where: { projectId }, orderBy: { url: "asc" } });
}

export async function sitemapRows(projectId: string) {
  return db.sitemap.findMany({ where: { projectId }, orderBy: { url: "asc" } });
}

export async function issueOf(projectId: string, type: string) {
  return db.issue.findFirst({ where: { projectId, type: type as never } });
}

/** Resolves with the error a promise rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error & { code?: string; status?: number; meta?: Record<string, unknown>; headers?: Record<string, string> }> {
  try {
    await p;
  } catch (error) {
    return error as never;
  }
  throw new Error("expected a rejection");
}
