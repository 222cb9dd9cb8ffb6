// One HTTPS/HTTP test site (certificate for *.audit.test from the test CA) serving a fresh host per
// test: answers are looked up by Host header and path, so tests never see each other's files.
import crypto from "node:crypto";
import type http from "node:http";
import { auditUrl, type AuditOptions } from "@/lib/audit/audit-url";
import { createRobotsCache, type RobotsCache } from "@/lib/audit/robots-cache";
import { robotsDecisionForFetch } from "@/lib/robots";
import { createSafeFetcher, type SafeFetcher, type SafeFetcherConfig } from "@/lib/net/safe-fetch";
import { startTestSite, type SeenRequest, type TestSite, sendBody } from "../fakes/test-site";

export const ZONE = "audit.test";

export interface Answer {
  status?: number;
  /** Default `text/html; charset=utf-8`; null sends none. */
  contentType?: string | null;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Answer 301 (or `status`) to this Location. */
  redirect?: string;
  delayMs?: number;
}

export interface Host {
  host: string;
  url(path: string): string;
  set(path: string, answer: Answer | string): void;
  /** Paths requested on this host, in order. */
  requests(): string[];
  seen(): SeenRequest[];
  fetcher: SafeFetcher;
  robots: RobotsCache;
  audit(path: string, options?: Partial<AuditOptions>): ReturnType<typeof auditUrl>;
}

export class AuditSite {
  private answers = new Map<string, Map<string, Answer>>();
  private installed = new Set<string>();
  private constructor(readonly site: TestSite) {}

  static async start(): Promise<AuditSite> {
    return new AuditSite(await startTestSite({ hostnames: [`*.${ZONE}`, ZONE] }));
  }

  /** A fresh host with its own fetcher (mapped to the site) and robots.txt cache; robots.txt allows all unless set. */
  host(tag = "t", config: SafeFetcherConfig = {}): Host {
    const host = `${tag}-${crypto.randomUUID().slice(0, 8)}.${ZONE}`;
    const fetcher = createSafeFetcher({ connectTo: this.site.connectTo([host, `www.${host}`]), tlsCa: this.site.ca, ...config });
    const robots = createRobotsCache({ fetcher });
    this.set(host, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
    return {
      host,
      url: (path) => `https://${host}${path}`,
      set: (path, answer) => this.set(host, path, answer),
      requests: () => this.seen(host).map((r) => r.path),
      seen: () => this.seen(host),
      fetcher,
      robots,
      audit: (path, options = {}) => auditUrl(path.startsWith("/") ? `https://${host}${path}` : path, { fetcher, robots, ...options }),
    };
  }

  set(host: string, path: string, answer: Answer | string): void {
    let byPath = this.answers.get(host);
    if (!byPath) this.answers.set(host, (byPath = new Map()));
    byPath.set(path, typeof answer === "string" ? { body: answer } : answer);
    if (this.installed.has(path)) return;
    this.installed.add(path);
    this.site.route(path, (req, res) => this.serve(req, res, path));
  }

  seen(host: string): SeenRequest[] {
    return this.site.requests.filter((r) => (r.host ?? "").split(":")[0] === host);
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
    const headers: Record<string, string | string[]> = { ...(answer.headers ?? {}) };
    if (answer.redirect !== undefined) return void res.writeHead(answer.status ?? 301, { ...headers, location: answer.redirect }).end();
    const contentType = answer.contentType === undefined ? "text/html; charset=utf-8" : answer.contentType;
    if (contentType !== null) headers["content-type"] = contentType;
    const body = typeof answer.body === "string" ? Buffer.from(answer.body) : (answer.body ?? Buffer.alloc(0));
    headers["content-length"] = String(body.length);
    res.writeHead(answer.status ?? 200, headers);
    await sendBody(res, body, 16 * 1024);
  }
}

/** A robots.txt cache that answers "no file" (allow all) for every origin without a request. */
export const allowAllRobots: RobotsCache = {
  get: async (url) => ({ robotsUrl: new URL("/robots.txt", url).href, status: 404, robots: robotsDecisionForFetch(404), error: null, fetchedAt: new Date(), startedAt: 0 }),
  clear() {},
};

export const page = (head: string, body = "<p>Hello</p>") => `<!doctype html><html><head><title>Page</title>${head}</head><body>${body}</body></html>`;
