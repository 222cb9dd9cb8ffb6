// Child process: the same walk with the `sitemapper` package (default options: loc strings only,
// concurrency 10), printing the same JSON line as worker-ours.ts.
import Sitemapper from "sitemapper";

const rssStart = process.memoryUsage().rss;
const started = performance.now();
const result = await new Sitemapper({ url: process.argv[2], timeout: 600_000, retries: 0 }).fetch();
const wallMs = performance.now() - started;
if (result.errors.length) throw new Error(`sitemapper errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
console.log(JSON.stringify({ count: result.sites.length, wallMs, rssStart, maxRss: process.resourceUsage().maxRSS * 1024 }));
