// The impact of a robots.txt change, in a process of its own (bundled by bench/watch/run.ts as the app's build
// would, run by plain node), so its RSS is what the app would hold. Arguments: projectId host. Prints one JSON line.
import { computeRobotsImpact } from "../../lib/site-watch/impact";
import { parseRobots } from "../../lib/robots";
import { db } from "../../lib/db";

const [projectId, host] = process.argv.slice(2);
const before = parseRobots("User-agent: *\nDisallow: /admin\n\nUser-agent: GPTBot\nDisallow: /docs\n");
const after = parseRobots("User-agent: *\nDisallow: /admin\nDisallow: /shop\nDisallow: /*?ref=3\nAllow: /blog/item-1\n\nUser-agent: GPTBot\nDisallow: /\n");
await db.$queryRawUnsafe("SELECT 1");
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
const c0 = process.cpuUsage();
const impact = await computeRobotsImpact(projectId, host, before, after);
const wallMs = performance.now() - t0;
const c = process.cpuUsage(c0);
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
await db.$disconnect();
console.log(JSON.stringify({
  wallMs, cpuMs: (c.user + c.system) / 1000, rssBeforeMB: rssBefore / 1e6, peakRssMB: peakRss / 1e6, maxRssMB: (process.resourceUsage().maxRSS * 1024) / 1e6,
  googlebot: impact.googlebot.newlyBlocked, importantBlocked: impact.importantBlocked, scanned: impact.urlsScanned,
}));
process.exit(0);
