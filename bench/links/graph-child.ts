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
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
const first = await measured(() => computeLinkGraph({ organizationId, projectId }));
clearInterval(sampler);
const rssMB = Math.max(peak, process.resourceUsage().maxRSS * 1024) / 1048576;
const second = await measured(() => computeLinkGraph({ organizationId, projectId }));
console.log(JSON.stringify({ first, second, rssMB }));
process.exit(0);
