import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import { createSecureContext, rootCertificates } from "node:tls";
import { Agent, buildConnector, request } from "undici";
import { DEFAULT_LIMITS, decodeBody, type BodyLimits } from "./body";
import { parseConnectTo, type ConnectToRule } from "./connect-to";
import { createGuardedConnector, precheckHost } from "./connector";
import { HostLimiter } from "./host-limiter";
import { createTlsConnector, TlsSessionCache } from "./tls-connector";
import { createResolver, getDefaultResolver, parseDnsServers, type HostResolver } from "./resolver";
import { SafeFetchFailure, type Hop, type SafeFetchResult, type SafeFetchStreamResult } from "./types";
import { hasUserinfo, portOf, USERINFO_REFUSED, withoutUserinfo } from "./url-policy";

export * from "./types";

export const DEFAULT_USER_AGENT = "IndexWatchBot/1.0 (+https://indexwatch.example/bot)";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface SafeFetcherConfig {
  /** `CONNECT_TO` syntax or parsed rules; the only way to reach a private address. */
  connectTo?: string | ConnectToRule[];
  /** `DNS_SERVERS` syntax or a list of `IP[:PORT]`; default the system resolver. */
  dnsServers?: string | string[];
  dnsTimeoutMs?: number;
  /** Replaces the resolver built from `dnsServers`. */
  resolver?: HostResolver;
  /** Extra trusted CA certificates (PEM), added to Node's roots. Production uses NODE_EXTRA_CA_CERTS. */
  tlsCa?: string | string[];
  /** Requests in flight per host at once. */
  maxPerHost?: number;
  /** TLS sessions kept for resumption, one per host, least recently used out (default 20,000; 0: none). */
  tlsSessions?: number;
  userAgent?: string;
}

export interface SafeFetchOptions extends Partial<BodyLimits> {
  method?: "GET" | "HEAD" | "POST";
  /** A POST's body (webhooks, web push). A POST never follows a redirect: the 3xx is the answer. */
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** E.g. an engine crawler's name for robots.txt checks; default the service's own. */
  userAgent?: string;
  maxRedirects?: number;
  connectTimeoutMs?: number;
  /** Deadline for the whole fetch: redirects, waiting for a per-host slot and reading the body. */
  totalTimeoutMs?: number;
  signal?: AbortSignal;
}

export interface SafeFetcher {
  fetch(url: string, options?: SafeFetchOptions): Promise<SafeFetchResult>;
  stream(url: string, options?: SafeFetchOptions): Promise<SafeFetchStreamResult>;
  readonly resolver: HostResolver;
  /** TLS handshakes so far that resumed a session, and full ones. */
  readonly tlsStats?: { resumed: number; full: number };
}

interface Opened {
  status: number;
  headers: Record<string, string>;
  raw: Readable;
  finalUrl: string;
  hops: Hop[];
  decode: boolean;
  startedAt: number;
  finish(): void;
}

/** What the requests of one fetcher share: its connection pools, its per-host limiter, its CONNECT_TO rules, its user agent. */
interface FetchEnv {
  agentFor(connectMs: number): Agent;
  limiter: HostLimiter;
  connectTo: ConnectToRule[];
  userAgent: string | undefined;
}

export function createSafeFetcher(config: SafeFetcherConfig = {}): SafeFetcher {
  const connectTo = typeof config.connectTo === "string" ? parseConnectTo(config.connectTo) : (config.connectTo ?? []);
  const servers = typeof config.dnsServers === "string" ? parseDnsServers(config.dnsServers) : (config.dnsServers ?? []);
  const resolver = config.resolver ?? createResolver({ servers, timeoutMs: config.dnsTimeoutMs });
  const sessions = new TlsSessionCache(config.tlsSessions ?? DEFAULT_TLS_SESSIONS);
  const env: FetchEnv = {
    agentFor: createAgentPool(resolver, connectTo, config.tlsCa, sessions), limiter: new HostLimiter(config.maxPerHost ?? 4), connectTo, userAgent: config.userAgent,
  };

  return {
    resolver,
    tlsStats: sessions.stats,
    async fetch(url, options = {}) {
      const opened = await open(env, url, options);
      if ("failure" in opened) return { ok: false, error: opened.failure.toError(opened.hops) };
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of decoded(opened, options)) chunks.push(chunk as Buffer);
      } catch (error) {
        return { ok: false, error: SafeFetchFailure.from(error, opened.finalUrl).toError(opened.hops) };
      } finally {
        opened.finish();
      }
      return { ok: true, ...summary(opened), body: Buffer.concat(chunks) };
    },
    async stream(url, options = {}) {
      const opened = await open(env, url, options);
      if ("failure" in opened) return { ok: false, error: opened.failure.toError(opened.hops) };
      if (!opened.decode) return { ok: true, ...summary(opened), body: await drained(opened) };
      const body = decoded(opened, options);
      body.once("close", opened.finish);
      return { ok: true, ...summary(opened), body };
    },
  };
}

/**
 * Sessions held for TLS resumption: enough for every host the watch visits every few minutes. A session holds the
 * server's ticket and leaf certificate (824 bytes measured with an EC P-256 leaf, a few KB with a large RSA one), so
 * 20,000 hold some tens of MB at most.
 */
const DEFAULT_TLS_SESSIONS = 20_000;

/**
 * One keep-alive pool per connect timeout: connections to a host are reused (a new TCP and TLS handshake per request
 * would keep a polite crawler well below its per-host limit). Every new connection still goes through the guard, and a
 * reused one stays on the address that was vetted. A new HTTPS connection offers the host's last TLS session
 * (`sessions`, shared by the pools), so a host seen a few minutes ago is not verified again from its certificate chain.
 */
function createAgentPool(resolver: HostResolver, connectTo: ConnectToRule[], tlsCa: string | string[] | undefined, sessions: TlsSessionCache): (connectMs: number) => Agent {
  const extraCa = tlsCa === undefined ? [] : [tlsCa].flat();
  // Built once: a per-connection `ca` option would re-parse every root certificate each time.
  const secureContext = extraCa.length > 0 ? createSecureContext({ ca: [...rootCertificates, ...extraCa] }) : undefined;
  const agents = new Map<number, Agent>();
  return (connectMs) => {
    let agent = agents.get(connectMs);
    if (!agent) {
      const plain = buildConnector({ timeout: connectMs });
      const connect = createTlsConnector(plain, { timeout: connectMs, secureContext, sessions });
      agent = new Agent({ connect: createGuardedConnector(connect, { resolver, connectTo }), keepAliveTimeout: 4_000, keepAliveMaxTimeout: 15_000 });
      agents.set(connectMs, agent);
    }
    return agent;
  };
}

/**
 * Opens a URL: follows redirects (each hop vetted: scheme, userinfo, host, loops; never for a POST) to the answer whose
 * body is to be read, within the fetch's deadline and the host's slots. The failure, with the hops so far, otherwise.
 */
async function open(env: FetchEnv, input: string, options: SafeFetchOptions): Promise<Opened | { failure: SafeFetchFailure; hops: Hop[] }> {
  const startedAt = performance.now();
  const hops: Hop[] = [];
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { failure: new SafeFetchFailure("invalid_url", "not an absolute URL", input), hops };
  }
  if (!isHttp(url)) return { failure: new SafeFetchFailure("invalid_url", `unsupported scheme ${url.protocol}`, withoutUserinfo(url)), hops };
  url.hash = "";

  const totalMs = options.totalTimeoutMs ?? 20_000;
  const deadline = fetchDeadline(totalMs, options.signal, () => url.href);
  const agent = env.agentFor(options.connectTimeoutMs ?? 5_000);
  let release: (() => void) | undefined;
  const finish = () => {
    deadline.clear();
    release?.();
  };

  const visited = new Set([url.href]);
  const originalOrigin = url.origin;
  const maxRedirects = options.maxRedirects ?? 10;
  const method = options.method ?? "GET";
  try {
    for (;;) {
      const port = portOf(url);
      if (hasUserinfo(url)) throw new SafeFetchFailure("blocked", USERINFO_REFUSED, withoutUserinfo(url));
      const refused = precheckHost(url.hostname, port, env.connectTo);
      if (refused) throw new SafeFetchFailure("blocked", `${url.hostname}: ${refused}`, url.href);

      release = await env.limiter.acquire(url.hostname, deadline.signal);
      const response = await request(url.href, {
        dispatcher: agent,
        headersTimeout: totalMs,
        bodyTimeout: totalMs,
        method,
        headers: requestHeaders(options, env.userAgent, url.origin !== originalOrigin),
        ...(method === "POST" ? { body: options.body ?? "" } : {}),
        signal: deadline.signal,
      }).catch((error: unknown) => {
        throw SafeFetchFailure.from(deadline.signal.aborted ? deadline.signal.reason : error, url.href);
      });
      const headers = flattenHeaders(response.headers);
      const location = headers.location;
      if (!REDIRECT_STATUSES.has(response.statusCode) || !location || method === "POST") {
        const noBody = method === "HEAD" || response.statusCode === 204 || response.statusCode === 304;
        const declared = Number(headers["content-length"]);
        const maxBody = options.maxBodyBytes ?? DEFAULT_LIMITS.maxBodyBytes;
        if (!noBody && Number.isFinite(declared) && declared > maxBody) {
          response.body.destroy();
          throw new SafeFetchFailure("too_large", `declared body of ${declared} bytes exceeds ${maxBody}`, url.href);
        }
        return { status: response.statusCode, headers, raw: response.body, finalUrl: url.href, hops, decode: !noBody, startedAt, finish };
      }

      hops.push({ url: url.href, status: response.statusCode });
      await response.body.dump({ limit: 64 * 1024 }).catch(() => {});
      release();
      release = undefined;
      if (hops.length > maxRedirects) throw new SafeFetchFailure("too_many_redirects", `more than ${maxRedirects} redirects`, url.href);
      url = redirectTarget(url, location, visited);
    }
  } catch (error) {
    finish();
    return { failure: SafeFetchFailure.from(deadline.signal.aborted ? deadline.signal.reason : error, url.href), hops };
  }
}

/** The deadline of a whole fetch, also reached when the caller aborts (`href`: the URL at that moment); `clear()` once the fetch is over. */
function fetchDeadline(totalMs: number, callerSignal: AbortSignal | undefined, href: () => string): { signal: AbortSignal; clear(): void } {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new SafeFetchFailure("timeout", `no complete answer within ${totalMs} ms`, href())), totalMs);
  const onCallerAbort = () => deadline.abort(new SafeFetchFailure("timeout", "aborted by the caller", href()));
  if (callerSignal?.aborted) onCallerAbort();
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  return {
    signal: deadline.signal,
    clear: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/** Where a redirect leads: refused when its Location is no URL, not http(s), or a URL this fetch already visited. */
function redirectTarget(url: URL, location: string, visited: Set<string>): URL {
  let next: URL;
  try {
    next = new URL(location, url);
  } catch {
    throw new SafeFetchFailure("invalid_url", `bad Location "${location.slice(0, 200)}"`, url.href);
  }
  next.hash = "";
  if (!isHttp(next)) throw new SafeFetchFailure("blocked", `redirect to unsupported scheme ${next.protocol}`, next.href);
  if (visited.has(next.href)) throw new SafeFetchFailure("redirect_loop", `redirect back to ${next.href}`, next.href);
  visited.add(next.href);
  return next;
}

function limitsOf(options: SafeFetchOptions): BodyLimits {
  return {
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_LIMITS.maxBodyBytes,
    maxDecodedBytes: options.maxDecodedBytes ?? DEFAULT_LIMITS.maxDecodedBytes,
    maxRatio: options.maxRatio ?? DEFAULT_LIMITS.maxRatio,
    ratioGraceBytes: options.ratioGraceBytes ?? DEFAULT_LIMITS.ratioGraceBytes,
  };
}

function decoded(opened: Opened, options: SafeFetchOptions): Readable {
  const encoding = opened.decode ? opened.headers["content-encoding"] : undefined;
  return decodeBody(opened.raw, encoding, limitsOf(options), opened.finalUrl);
}

/**
 * An answer without a body (HEAD, 204, 304: the watch's common case): the connection's empty body is drained so the
 * connection goes back to its pool, and the caller gets an ended stream (no decoding pipeline to build and tear down).
 */
async function drained(opened: Opened): Promise<Readable> {
  try {
    await (opened.raw as Readable & { dump?: (o: { limit: number }) => Promise<void> }).dump?.({ limit: 64 * 1024 });
  } catch {
    // A connection that fails after the status line only loses itself: there was no body to read.
  } finally {
    opened.finish();
  }
  return Readable.from([]);
}

function summary(opened: Opened) {
  const timing = { totalMs: Math.round(performance.now() - opened.startedAt) };
  return { status: opened.status, headers: opened.headers, finalUrl: opened.finalUrl, hops: opened.hops, timing };
}

function isHttp(url: URL): boolean {
  return url.protocol === "http:" || url.protocol === "https:";
}

const NEVER_FROM_CALLER = new Set(["host", "accept-encoding", "connection", "transfer-encoding", "content-length"]);
const CREDENTIALS = new Set(["authorization", "cookie", "proxy-authorization"]);

function requestHeaders(options: SafeFetchOptions, configured: string | undefined, crossOrigin: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: "*/*", "accept-encoding": "gzip, deflate, br" };
  for (const [raw, value] of Object.entries(options.headers ?? {})) {
    const name = raw.toLowerCase();
    // Credentials never follow a redirect to another origin.
    if (NEVER_FROM_CALLER.has(name) || (crossOrigin && CREDENTIALS.has(name))) continue;
    headers[name] = value;
  }
  headers["user-agent"] = options.userAgent ?? configured ?? DEFAULT_USER_AGENT;
  return headers;
}

function flattenHeaders(raw: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(name.toLowerCase() === "set-cookie" ? "\n" : ", ") : value;
  }
  return headers;
}

const configured = new Map<string, SafeFetcher>();

/**
 * A fetcher configured from the environment (`CONNECT_TO`, `DNS_SERVERS`) with these options: one per set of
 * options, built on first use, and built again should the environment change (test files sharing a process).
 */
export function configuredFetcher(options: Omit<SafeFetcherConfig, "connectTo" | "resolver"> = {}): SafeFetcher {
  const key = JSON.stringify([process.env.CONNECT_TO ?? "", process.env.DNS_SERVERS ?? "", options]);
  let fetcher = configured.get(key);
  if (!fetcher) configured.set(key, (fetcher = createSafeFetcher({ ...options, connectTo: process.env.CONNECT_TO, resolver: getDefaultResolver() })));
  return fetcher;
}

/** The fetcher for customers' sites, configured from the environment (configuredFetcher). */
export function getDefaultFetcher(): SafeFetcher {
  return configuredFetcher();
}

export function safeFetch(url: string, options?: SafeFetchOptions): Promise<SafeFetchResult> {
  return getDefaultFetcher().fetch(url, options);
}

export function safeFetchStream(url: string, options?: SafeFetchOptions): Promise<SafeFetchStreamResult> {
  return getDefaultFetcher().stream(url, options);
}
