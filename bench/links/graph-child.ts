export {};
// Runs the link graph's metrics job in a process of its own, bundled as the app's build would (bench/lib.mjs
// bundleChild: no tsx holding transpiled modules), so its peak RSS is the job's: the first computation, then the same
// run again with nothing changed. Wall and CPU seconds of this process and of the database's backends. Prints one JSON line.
import { backendCpuSeconds } from "../lib.mjs";

const [organizationId, projectId, dbName] = process.argv.slice(2);
const { computeLinkGraph } = await import("../../lib/links/compute-graph");

async function measured<T>(fn: () => Promise<T>) {
  const [w0, c0, d0] = [performance.now(), process.cpuUsage(), backendCpuSeconds(dbName)];
  const value = await fn();
  const c = process.cpuUsage(c0);
  return { value, wall: (performance.now() - w0) / 1000, cpu: (c.user + c.system) / 1e6, db: backendCpuSeconds(dbName) - d0 };
}
// The peak's time (ms into the run: the phases' durations say which one) and its parts (MB): V8's heap, and the
// memory outside it (typed arrays and Buffers).
let peak = { rss: process.memoryUsage().rss, atMs: 0, heapMB: 0, externalMB: 0 };
const t0 = performance.now();
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  if (m.rss > peak.rss) peak = { rss: m.rss, atMs: Math.round(performance.now() - t0), heapMB: Math.round(m.heapUsed / 1048576), externalMB: Math.round(m.external / 1048576) };
}, 50);
const first = await measured(() => computeLinkGraph({ organizationId, projectId }));
clearInterval(sampler);
const rssMB = Math.max(peak.rss, process.resourceUsage().maxRSS * 1024) / 1048576;
const second = await measured(() => computeLinkGraph({ organizationId, projectId }));
console.log(JSON.stringify({ first, second, rssMB, peak }));
process.exit(0);
