// A fake IndexNow endpoint: a real HTTP server on 127.0.0.1 that checks requests as the protocol
// describes them (POST, JSON {host, key, keyLocation, urlList}, at most 10,000 URLs, every URL on
// `host`) and answers 200 by default, 400 / 422 when a request breaks those rules, or whatever the
// test scripts: `reply(...)` queues one-shot answers (status, body, headers, delay), `replyFor(host,
// ...)` queues them for the batches of one host only (taken before the shared queue), `setDefault(...)`
// changes the answer for every later request.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeReply = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };
export type ReceivedRequest = {
  method: string; path: string; contentType: string | undefined;
  body: { host?: string; key?: string; keyLocation?: string; urlList?: string[] } | null; rawBytes: number;
  answeredWith: number;
};

export interface FakeIndexNow {
  /** The endpoint to put in INDEXNOW_ENDPOINT. */
  url: string;
  readonly requests: ReceivedRequest[];
  reply(...replies: FakeReply[]): void;
  /** One-shot answers to the next batches whose payload names `host` (before any shared `reply`). */
  replyFor(host: string, ...replies: FakeReply[]): void;
  setDefault(reply: FakeReply): void;
  reset(): void;
  close(): Promise<void>;
}

const MAX_URLS = 10_000;

export async function startFakeIndexNow(): Promise<FakeIndexNow> {
  const requests: ReceivedRequest[] = [];
  const queue: FakeReply[] = [];
  const hostQueues = new Map<string, FakeReply[]>();
  let fallback: FakeReply = { status: 200 };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    let body: ReceivedRequest["body"] = null;
    try { body = JSON.parse(raw.toString("utf8")); } catch { /* stays null: a 400 below */ }
    const host = typeof body?.host === "string" ? body.host.toLowerCase() : "";
    const scripted = hostQueues.get(host)?.shift() ?? queue.shift();
    const reply = scripted ?? protocolCheck(req.method ?? "", body) ?? fallback;
    requests.push({ method: req.method ?? "", path: req.url ?? "", contentType: req.headers["content-type"], body, rawBytes: raw.length, answeredWith: reply.status });
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    res.writeHead(reply.status, { "content-type": "text/plain; charset=utf-8", ...reply.headers });
    res.end(reply.body ?? "");
  });
  const sockets = new Set<import("node:net").Socket>();
  server.on("connection", (s) => { sockets.add(s); s.once("close", () => sockets.delete(s)); });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/indexnow`,
    requests,
    reply: (...replies) => { queue.push(...replies); },
    replyFor: (host, ...replies) => {
      const key = host.toLowerCase();
      hostQueues.set(key, [...(hostQueues.get(key) ?? []), ...replies]);
    },
    setDefault: (reply) => { fallback = reply; },
    reset: () => { requests.length = 0; queue.length = 0; hostQueues.clear(); fallback = { status: 200 }; },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a conforming endpoint answers to a malformed request; null when the request is well formed. */
function protocolCheck(method: string, body: ReceivedRequest["body"]): FakeReply | null {
  if (method !== "POST" || !body || typeof body.host !== "string" || typeof body.key !== "string" || !Array.isArray(body.urlList)) {
    return { status: 400, body: "Bad request" };
  }
  if (!body.urlList.length || body.urlList.length > MAX_URLS) return { status: 400, body: "Bad request: 1 to 10,000 URLs" };
  const offHost = body.urlList.some((u) => { try { return new URL(u).hostname !== body.host; } catch { return true; } });
  if (offHost) return { status: 422, body: "Unprocessable Entity: URLs do not belong to the host" };
  if (body.keyLocation !== undefined && !String(body.keyLocation).includes(body.key)) return { status: 422, body: "Unprocessable Entity: key location" };
  return null;
}
