// A customer's site as real HTTP and HTTPS servers on 127.0.0.1, reached through CONNECT_TO
// (e.g. `site.test:443:127.0.0.1:<httpsPort>`), with routes scripted per test.
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import zlib from "node:zlib";
import { getTestCa, type KeyPair } from "./test-ca";

export type Encoding = "gzip" | "deflate" | "deflate-raw" | "br";

export interface RouteSpec {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Wait this long before sending the response head. */
  delayMs?: number;
  /** Answer with a redirect to this Location (status defaults to 302). */
  redirect?: string;
  /** Compress the body and set Content-Encoding ("deflate-raw" sends raw deflate as "deflate"). */
  encoding?: Encoding;
  /** Send no Content-Length (chunked). */
  chunked?: boolean;
  /** Serve a gzip body that expands to this many zero bytes. */
  gzipBomb?: number;
  /** Send the head and part of the body, then stall. */
  stallBody?: boolean;
}

export type RouteHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

export interface SeenRequest {
  method: string;
  path: string;
  host: string | undefined;
  userAgent: string | undefined;
  acceptEncoding: string | undefined;
  headers: http.IncomingHttpHeaders;
  secure: boolean;
  /** TLS SNI the client sent. */
  servername?: string;
}

export interface TestSite {
  httpPort: number;
  httpsPort: number;
  /** PEM of the CA that signed the HTTPS certificate. */
  ca: string;
  /** CONNECT_TO entries mapping each hostname's default ports (80, 443) to this site. */
  connectTo(hostnames?: string[]): string;
  route(path: string, spec: RouteSpec | RouteHandler): void;
  readonly requests: SeenRequest[];
  stats: { connections: number; inFlight: number; maxInFlight: number; maxInFlightByHost: Record<string, number> };
  reset(): void;
  close(): Promise<void>;
}

export interface TestSiteOptions {
  hostnames?: string[];
  /** "untrusted": a self-signed certificate that the test CA does not vouch for. */
  certificate?: "ca" | "untrusted";
  /** Days the CA's leaf certificate is valid (2 by default; the demo and e2e sites use 90, so no certificate_expiring shows). */
  certificateDays?: number;
}

export async function startTestSite(options: TestSiteOptions = {}): Promise<TestSite> {
  const hostnames = options.hostnames ?? ["site.test", "www.site.test"];
  const ca = getTestCa();
  const pair: KeyPair = options.certificate === "untrusted" ? ca.selfSigned(hostnames) : ca.issue(hostnames, options.certificateDays);
  const routes = new Map<string, RouteSpec | RouteHandler>();
  const requests: SeenRequest[] = [];
  const stats: TestSite["stats"] = { connections: 0, inFlight: 0, maxInFlight: 0, maxInFlightByHost: {} };
  const inFlightByHost = new Map<string, number>();
  const sockets = new Set<import("node:net").Socket>();

  const handler = (secure: boolean) => async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname + url.search,
      host: req.headers.host,
      userAgent: req.headers["user-agent"],
      acceptEncoding: req.headers["accept-encoding"] as string | undefined,
      headers: req.headers,
      secure,
      servername: secure ? ((req.socket as TLSSocket).servername || undefined) : undefined,
    });
    const host = req.headers.host ?? "";
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    inFlightByHost.set(host, (inFlightByHost.get(host) ?? 0) + 1);
    stats.maxInFlightByHost[host] = Math.max(stats.maxInFlightByHost[host] ?? 0, inFlightByHost.get(host)!);
    // A request stops being in flight when the server ends its answer (the client cannot have read the end
    // before then), or when the connection closes first. Counting until 'close' instead would race the
    // client's next request in this same process and report one too many.
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      stats.inFlight--;
      inFlightByHost.set(host, inFlightByHost.get(host)! - 1);
    };
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      settle();
      return end(...args);
    }) as typeof res.end;
    res.once("close", settle);
    const route = routes.get(url.pathname + url.search) ?? routes.get(url.pathname);
    try {
      if (!route) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      if (typeof route === "function") return void (await route(req, res));
      await serve(route, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    }
  };

  const plain = http.createServer(handler(false));
  const secure = https.createServer({ key: pair.key, cert: pair.cert }, handler(true));
  for (const server of [plain, secure]) {
    server.on("connection", (socket) => {
      stats.connections++;
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  }
  const httpPort = (plain.address() as AddressInfo).port;
  const httpsPort = (secure.address() as AddressInfo).port;

  return {
    httpPort,
    httpsPort,
    ca: ca.caPem,
    connectTo: (names = hostnames) => names.flatMap((h) => [`${h}:80:127.0.0.1:${httpPort}`, `${h}:443:127.0.0.1:${httpsPort}`]).join(","),
    route: (path, spec) => void routes.set(path, spec),
    requests,
    stats,
    reset() {
      routes.clear();
      requests.length = 0;
      // inFlight is a live gauge: requests of an earlier test may still be open.
      Object.assign(stats, { connections: 0, maxInFlight: stats.inFlight, maxInFlightByHost: Object.fromEntries([...inFlightByHost].filter(([, n]) => n > 0)) });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([plain, secure].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}

async function serve(spec: RouteSpec, res: http.ServerResponse): Promise<void> {
  if (spec.delayMs) await new Promise((resolve) => setTimeout(resolve, spec.delayMs));
  if (res.destroyed) return;
  const headers: Record<string, string | string[]> = { ...(spec.headers ?? {}) };
  if (spec.redirect !== undefined) {
    res.writeHead(spec.status ?? 302, { ...headers, location: spec.redirect }).end();
    return;
  }
  let body = typeof spec.body === "string" ? Buffer.from(spec.body) : (spec.body ?? Buffer.alloc(0));
  if (spec.gzipBomb) {
    body = await gzipBomb(spec.gzipBomb);
    headers["content-encoding"] = "gzip";
  } else if (spec.encoding) {
    body = compress(body, spec.encoding);
    headers["content-encoding"] = spec.encoding === "deflate-raw" ? "deflate" : spec.encoding;
  }
  if (!spec.chunked) headers["content-length"] = String(body.length);
  res.writeHead(spec.status ?? 200, headers);
  if (spec.stallBody) return void res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
  await sendBody(res, body);
}

/** Writes a body in pieces (clients see a stream), waiting for drain, stopping once the client has gone; then ends. */
export async function sendBody(res: http.ServerResponse, body: Buffer, piece = 64 * 1024): Promise<void> {
  for (let offset = 0; offset < body.length && !res.destroyed; offset += piece) {
    if (!res.write(body.subarray(offset, offset + piece))) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
  }
  res.end();
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  switch (encoding) {
    case "gzip":
      return zlib.gzipSync(body);
    case "deflate":
      return zlib.deflateSync(body);
    case "deflate-raw":
      return zlib.deflateRawSync(body);
    case "br":
      return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
}

const bombs = new Map<number, Promise<Buffer>>();

/** Gzip of `size` zero bytes, compressed from a stream so the test never holds the expanded form. */
export function gzipBomb(size: number): Promise<Buffer> {
  let bomb = bombs.get(size);
  if (!bomb) {
    bomb = new Promise<Buffer>((resolve, reject) => {
      const gzip = zlib.createGzip({ level: 9 });
      const parts: Buffer[] = [];
      gzip.on("data", (part: Buffer) => parts.push(part)).on("end", () => resolve(Buffer.concat(parts))).on("error", reject);
      const zeros = Buffer.alloc(1024 * 1024);
      let left = size;
      const pump = () => {
        while (left > 0) {
          const n = Math.min(left, zeros.length);
          left -= n;
          if (!gzip.write(zeros.subarray(0, n))) return void gzip.once("drain", pump);
        }
        gzip.end();
      };
      pump();
    });
    bombs.set(size, bomb);
  }
  return bomb;
}
