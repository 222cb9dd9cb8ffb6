// Uploads the gzip log through the POST …/logs route handler (multipart, streamed from disk, as a browser sends
// it), lets the in-process job process it to stored aggregates, and prints one JSON line: wall times, the
// import's counts, peak RSS and the verifier's cache figures (from the job's completion log line).
import fs from "node:fs";
import { Readable } from "node:stream";

const [file, orgId, projectId, sessionToken] = process.argv.slice(2);
const { registerJobFunctions } = await import("../../lib/jobs/registry");
registerJobFunctions(() => import("../../inngest/functions").then((m) => m.functions));
const route = await import("../../app/api/user/organizations/[organizationId]/projects/[id]/logs/route");
const { whenInProcessIdle } = await import("../../lib/jobs/in-process-queue");
const { db } = await import("../../lib/db");

let verification = { lookups: 0, cacheHits: 0 };
let phases = { runS: 0, dbWaitS: 0, dnsWaitS: 0, heapCollections: 0, fieldsS: 0 };
const info = console.info;
console.info = (...args: unknown[]) => {
  const m = /verification: (\d+) DNS lookups, (\d+) cache hits/.exec(String(args[0]));
  if (m) verification = { lookups: Number(m[1]), cacheHits: Number(m[2]) };
  const w = /last run ([\d.]+) s, of which waiting for the database ([\d.]+) s, for DNS ([\d.]+) s; (\d+) heap collections; untracked list and tracked URL fields ([\d.]+) s after/.exec(String(args[0]));
  if (w) phases = { runS: Number(w[1]), dbWaitS: Number(w[2]), dnsWaitS: Number(w[3]), heapCollections: Number(w[4]), fieldsS: Number(w[5]) };
  info(...args);
};
let peakRss = 0;
let peakUploadRss = 0;
let uploading = true;
const sampler = setInterval(() => {
  const rss = process.memoryUsage.rss();
  peakRss = Math.max(peakRss, rss);
  if (uploading) peakUploadRss = Math.max(peakUploadRss, rss);
}, 50);
const cpu0 = process.cpuUsage();
const memTimer = process.env.BENCH_MEM_TRACE ? setInterval(() => { const m = process.memoryUsage(); console.error(`[mem] rss=${m.rss >> 20} heap=${m.heapUsed >> 20}/${m.heapTotal >> 20} ext=${m.external >> 20} ab=${m.arrayBuffers >> 20}`); }, 500) : null;

const boundary = `----bench${Date.now()}`;
async function* multipart() {
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="access.log.gz"\r\nContent-Type: application/gzip\r\n\r\n`);
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) yield chunk as Buffer;
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}
const t0 = performance.now();
const wall0 = Date.now();
const req = new Request(`http://bench.local/api/user/organizations/${orgId}/projects/${projectId}/logs`, {
  method: "POST", body: Readable.toWeb(Readable.from(multipart())) as ReadableStream, duplex: "half",
  headers: { authorization: `Bearer ${sessionToken}`, "content-type": `multipart/form-data; boundary=${boundary}` },
} as RequestInit & { duplex: "half" });
const res = await route.POST(req, { params: Promise.resolve({ organizationId: orgId, id: projectId }) });
const body = await res.json();
if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
const uploadMs = performance.now() - t0;
uploading = false;
await whenInProcessIdle();
const ms = performance.now() - t0;
clearInterval(sampler);
if (memTimer) clearInterval(memTimer);
const cpu = process.cpuUsage(cpu0);
const imp = await db.logImport.findUniqueOrThrow({ where: { id: body.data.id } });
await db.$disconnect();
console.log(JSON.stringify({
  // ms: to the import's `completed` (its aggregates stored); idleMs: until the job is idle (the tracked URLs' fields refreshed too).
  ms: (imp.completedAt?.getTime() ?? NaN) - wall0, idleMs: ms, uploadMs, status: imp.status, error: imp.error, linesRead: imp.linesRead, linesParsed: imp.linesParsed, crawlerHits: imp.crawlerHits,
  verifiedHits: imp.verifiedHits, unverifiedHits: imp.unverifiedHits, rejected: imp.rejected, chunks: imp.chunksDone,
  peakRssMB: Math.round(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 1024 / 1024), peakUploadRssMB: Math.round(peakUploadRss / 1024 / 1024),
  cpuS: (cpu.user + cpu.system) / 1e6, verification, phases,
}));
