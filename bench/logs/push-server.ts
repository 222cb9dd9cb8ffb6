// The app's log push and ping routes in a server process of their own (bundled like bench/logs/upload-child.ts): Node's
// HTTP server hands each request to the route handler as Next.js does. Prints "ready <port>" once the push workers
// have loaded, then on SIGTERM one JSON line with its peak RSS.
import http from "node:http";
import { Readable } from "node:stream";

const { registerJobFunctions } = await import("../../lib/jobs/registry");
registerJobFunctions(() => import("../../inngest/functions").then((m) => m.functions));
const ingest = await import("../../app/api/ingest/logs/route");
const ping = await import("../../app/api/ping/route");
const { pushPool } = await import("../../lib/crawl-logs/read/push-pool");
await pushPool().warm();
await (await import("../../lib/jobs/registry")).jobFunctions();

let peakRss = 0;
setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage.rss()); }, 250).unref();

const server = http.createServer(async (req, res) => {
  try {
    const url = `http://127.0.0.1${req.url}`;
    let answer: Response;
    if (req.url === "/api/ping") answer = await ping.GET();
    else if (req.url === "/api/ingest/logs" && req.method === "POST") {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(url, { method: "POST", headers, body: Readable.toWeb(req) as unknown as ReadableStream, duplex: "half" } as RequestInit);
      answer = await ingest.POST(request, { params: Promise.resolve({}) });
    } else answer = new Response("not found", { status: 404 });
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, Object.fromEntries(answer.headers as unknown as Iterable<[string, string]>));
    res.end(body);
  } catch (e) {
    res.writeHead(500);
    res.end(String(e));
  }
});
server.listen(0, "127.0.0.1", () => console.log(`ready ${(server.address() as { port: number }).port}`));
process.on("SIGTERM", () => {
  console.log(JSON.stringify({ peakRssMB: Math.round(Math.max(peakRss, process.memoryUsage.rss()) / 1024 ** 2) }));
  process.exit(0);
});
