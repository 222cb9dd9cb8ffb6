// A fake of the second engine's webmaster API, built from ../shared/ENGINES.md: a real HTTP server
// on 127.0.0.1 answering `{base}/{Method}?apikey=...` with the {"d": ...} envelope and
// "/Date(ms-0700)/" dates. Bad keys answer 401, 403 or 400 {"ErrorCode": 3}; throttling 400
// ThrottleUser or 429. Tests script keys and their sites, per-URL answers (empty and failed ones too).
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FakeEngineBSite = { Url: string; IsVerified: boolean };
export type FakeUrlInfo = {
  HttpStatus?: number; DiscoveryDate?: Date | null; LastCrawledDate?: Date | null; DocumentSize?: number;
  AnchorCount?: number; IsPage?: boolean; TotalChildUrlCount?: number;
};
export type FakeCrawlIssue = { Url: string; HttpCode: number; Date: Date | null; IssueType: string };
export type FakeReply = { status: number; body?: unknown; headers?: Record<string, string> };
export type ReceivedRequest = { method: string; apiMethod: string; params: Record<string, string>; keyVia: "query" | "header" | null; status: number };

const API_PATH = "/webmaster/api.svc/json/";
const NEVER = "/Date(-62135568000000)/";
const error = (ErrorCode: number, Message: string) => ({ ErrorCode, Message });

export async function startFakeEngineB(options: { keys?: { apiKey: string; sites: FakeEngineBSite[] }[] } = {}) {
  const keys = new Map<string, FakeEngineBSite[]>();
  const revoked = new Set<string>();
  const urlInfo = new Map<string, FakeUrlInfo | null>();
  const urlFailures = new Map<string, FakeReply>();
  const crawlIssues = new Map<string, FakeCrawlIssue[]>();
  const queue: FakeReply[] = [];
  const requests: ReceivedRequest[] = [];
  let badKeyStatus: 400 | 401 | 403 = 401;
  let throttle: { left: number; style: "400" | "429"; retryAfterSeconds?: number } = { left: 0, style: "429" };
  for (const k of options.keys ?? []) keys.set(k.apiKey, k.sites);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const apiMethod = url.pathname.startsWith(API_PATH) ? url.pathname.slice(API_PATH.length) : "";
    const params: Record<string, string> = {};
    for (const [k, v] of url.searchParams) params[k.toLowerCase()] = v;
    const headerKey = typeof req.headers.apikey === "string" ? req.headers.apikey : undefined;
    const apiKey = params.apikey ?? headerKey;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method: req.method ?? "", apiMethod, params: { ...params, ...(params.apikey ? { apikey: "REDACTED" } : {}) }, keyVia: params.apikey ? "query" : headerKey ? "header" : null, status });
      const text = typeof body === "string" ? body : serialize(body);
      res.writeHead(status, { "content-type": typeof body === "string" ? "text/plain; charset=utf-8" : "application/json; charset=utf-8", ...headers });
      res.end(text);
    };
    req.resume();

    const scripted = queue.shift();
    if (scripted) return send(scripted.status, scripted.body ?? "", scripted.headers);
    if (!["GetUserSites", "GetUrlInfo", "GetCrawlIssues"].includes(apiMethod)) return send(404, "Endpoint not found.");
    if (req.method !== "GET") return send(405, "Method not allowed.");
    if (!apiKey || !keys.has(apiKey) || revoked.has(apiKey)) {
      return badKeyStatus === 400 ? send(400, error(3, "InvalidApiKey")) : send(badKeyStatus, badKeyStatus === 401 ? "Unauthorized" : "Forbidden");
    }
    if (throttle.left > 0) {
      throttle.left--;
      const headers: Record<string, string> = throttle.retryAfterSeconds ? { "retry-after": String(throttle.retryAfterSeconds) } : {};
      return throttle.style === "429" ? send(429, "Too Many Requests", headers) : send(400, error(4, "ThrottleUser"), headers);
    }
    const sites = keys.get(apiKey) ?? [];
    if (apiMethod === "GetUserSites") return send(200, { d: sites.map((s) => ({ AuthenticationCode: "", DnsVerificationCode: "", IsVerified: s.IsVerified, Url: s.Url })) });

    const site = params.siteurl ? sites.find((s) => s.IsVerified && siteKey(s.Url) === siteKey(params.siteurl)) : undefined;
    if (!params.siteurl || (apiMethod === "GetUrlInfo" && !params.url)) return send(400, error(8, "InvalidParameter"));
    if (!site) return send(400, error(14, "NotAuthorized"));
    if (apiMethod === "GetCrawlIssues") {
      return send(200, { d: (crawlIssues.get(siteKey(site.Url)) ?? []).map((i) => ({ ...i, Date: date(i.Date) })) });
    }
    if (!inSite(params.url, site.Url)) return send(400, error(7, "InvalidUrl"));
    const failure = urlFailures.get(params.url);
    if (failure) return send(failure.status, failure.body ?? "", failure.headers);
    if (urlInfo.has(params.url) && urlInfo.get(params.url) === null) return send(200, { d: null });
    const info = urlInfo.get(params.url) ?? {};
    send(200, {
      d: {
        AnchorCount: info.AnchorCount ?? 0, DiscoveryDate: date(info.DiscoveryDate ?? null), DocumentSize: info.DocumentSize ?? 0,
        HttpStatus: info.HttpStatus ?? 0, IsPage: info.IsPage ?? true, LastCrawledDate: date(info.LastCrawledDate ?? null),
        TotalChildUrlCount: info.TotalChildUrlCount ?? 0, Url: params.url,
      },
    });
  });

  const sockets = new Set<Socket>();
  server.on("connection", (s) => { sockets.add(s); s.once("close", () => sockets.delete(s)); });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiBaseUrl: `${url}${API_PATH}`,
    requests,
    env: () => ({ ENGINEB_API_BASE_URL: `${url}${API_PATH}` }),
    addKey: (apiKey: string, sites: FakeEngineBSite[]) => { keys.set(apiKey, sites); revoked.delete(apiKey); },
    revokeKey: (apiKey: string) => { revoked.add(apiKey); },
    /** How a bad or revoked key is refused: 401 (default), 403, or 400 {"ErrorCode": 3, "Message": "InvalidApiKey"}. */
    setBadKeyStatus: (status: 400 | 401 | 403) => { badKeyStatus = status; },
    /** The next `count` calls with a good key are throttled: 429, or 400 {"ErrorCode": 4, "Message": "ThrottleUser"}. */
    throttleNext: (count: number, style: "400" | "429" = "429", retryAfterSeconds?: number) => { throttle = { left: count, style, retryAfterSeconds }; },
    /** The record answered for a URL; null answers {"d": null}. Unscripted URLs get an empty record. */
    setUrlInfo: (pageUrl: string, info: FakeUrlInfo | null) => { urlInfo.set(pageUrl, info); urlFailures.delete(pageUrl); },
    /** Every call for this URL fails with this answer (e.g. 500 {"ErrorCode": 1, "Message": "InternalError"}). */
    failUrlInfo: (pageUrl: string, reply: FakeReply) => { urlFailures.set(pageUrl, reply); },
    setCrawlIssues: (siteUrl: string, issues: FakeCrawlIssue[]) => { crawlIssues.set(siteKey(siteUrl), issues); },
    /** One-shot answers to the next calls, before any check. */
    failNext: (...replies: FakeReply[]) => { queue.push(...replies); },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeEngineB = Awaited<ReturnType<typeof startFakeEngineB>>;

/** "/Date(ms-0700)/" as the service writes it (milliseconds UTC, the server's offset beside). */
function date(value: Date | null): string {
  return value ? `/Date(${value.getTime()}-0700)/` : NEVER;
}

/** JSON with the service's escaped slashes around dates: "\/Date(...)\/". */
function serialize(body: unknown): string {
  return JSON.stringify(body).replace(/"\/Date\((-?\d+(?:[+-]\d{4})?)\)\/"/g, '"\\/Date($1)\\/"');
}

function siteKey(siteUrl: string): string {
  try { const u = new URL(siteUrl); return `${u.protocol}//${u.host}${u.pathname.replace(/\/?$/, "/")}`; } catch { return siteUrl.toLowerCase(); }
}

/** The URL is on the site's host (either scheme) and under its path. */
function inSite(pageUrl: string, siteUrl: string): boolean {
  try {
    const page = new URL(pageUrl);
    const site = new URL(siteUrl);
    return (page.protocol === "http:" || page.protocol === "https:") && page.host === site.host && `${page.pathname}/`.startsWith(site.pathname.replace(/\/?$/, "/"));
  } catch { return false; }
}
