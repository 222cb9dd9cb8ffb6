// Child process: walks a sitemap (following index children one at a time) with our streaming
// parser over HTTP and prints one JSON line with the count, wall time and RSS figures.
import http from "node:http";
import { parseSitemapStream } from "../../lib/sitemaps/parse/index";

function get(url: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => (res.statusCode === 200 ? resolve(res) : reject(new Error(`${url}: HTTP ${res.statusCode}`)))).on("error", reject);
  });
}

async function walk(url: string): Promise<number> {
  let count = 0;
  const children: string[] = [];
  for await (const event of parseSitemapStream(await get(url), { baseUrl: url })) {
    if (event.kind === "url") count++;
    else if (event.kind === "sitemap") children.push(event.loc);
  }
  for (const child of children) {
    count += await walk(child);
    maxRssByChild.push(process.resourceUsage().maxRSS * 1024);
  }
  return count;
}

// Peak RSS after each index child, to show whether memory grows with the URLs read so far.
const maxRssByChild: number[] = [];
const rssStart = process.memoryUsage().rss;
const started = performance.now();
const count = await walk(process.argv[2]);
const wallMs = performance.now() - started;
console.log(JSON.stringify({ count, wallMs, rssStart, maxRss: process.resourceUsage().maxRSS * 1024, maxRssByChild }));
