// The demo's crawl activity: 90 days of the demo site's access log (nginx combined, gzip) written as the site
// would have logged it, uploaded as a log import and processed by the product's own job verb, so the crawl
// page, the URL crawl timelines and the TrackedUrl crawl fields are real aggregates. Googlebot, Bingbot, GPTBot,
// Applebot and ClaudeBot come from addresses in the shipped IP range files (verified without DNS); a scraper claims to be
// Googlebot from other addresses (reverse DNS against the demo's fake DNS: spoofed); a few healthy products answer
// Googlebot 403 for the last days (a WAF rule: the crawler_blocked issue); a log push token exists.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { OrgCtx } from "../lib/core/context";
import { db } from "../lib/db";
import { spoolDir } from "../lib/crawl-logs/config";
import { processLogImportSlice } from "../lib/crawl-logs/store/process-log-import";
import { createIngestToken } from "../lib/crawl-logs/store/ingest-token";
import { kindAt, type Entry } from "./demo-world";

const DAY = 86_400_000;
const RANGES = path.resolve(import.meta.dirname, "../lib/crawl-logs/verify/ip-ranges");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");
const UA = {
  googlebot: "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
  gptbot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot",
  applebot: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
  claude: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  browser: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

function firstAddress(file: string): string[] {
  const json = JSON.parse(fs.readFileSync(path.join(RANGES, file), "utf8")) as { prefixes: { ipv4Prefix?: string }[] };
  return json.prefixes.filter((p) => p.ipv4Prefix).slice(0, 8).map((p) => p.ipv4Prefix!.split("/")[0].replace(/\.(\d+)$/, (_, d) => `.${Number(d) + 1}`));
}

function statusOf(e: Entry, daysAgo: number): number {
  switch (kindAt(e, daysAgo)) {
    case "not_found": return 404;
    case "server_error": return 500;
    case "redirect": case "chain": return 301;
    case "waf": return 403;
    default: return 200;
  }
}

export async function seedCrawlActivity(ctx: OrgCtx, projectId: string, entries: Entry[], now: number): Promise<{ lines: number; verified: number; spoofed: number }> {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const ips = { googlebot: firstAddress("google-common-crawlers.json"), bingbot: firstAddress("bingbot.json"), gptbot: firstAddress("openai-gptbot.json"), applebot: firstAddress("applebot.json"),
    // Anthropic's list is mostly single addresses: these are inside its one /22.
    claude: ["216.73.216.7", "216.73.217.20", "216.73.218.33"] };
  const blocked = new Set(entries.filter((e) => e.section === "products" && e.kindNow === "healthy" && e.addedDaysAgo === 90).slice(0, 5).map((e) => e.path));
  const lines: { t: number; line: string }[] = [];
  const add = (t: number, ip: string, pathQ: string, status: number, ua: string) => {
    const d = new Date(t);
    const ts = `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
    lines.push({ t, line: `${ip} - - [${ts}] "GET ${pathQ} HTTP/1.1" ${status} ${2000 + Math.floor(rand() * 40000)} "-" "${ua}"` });
  };
  const pick = (xs: string[]) => xs[Math.floor(rand() * xs.length)];
  for (const e of entries) {
    if (kindAt(e, 0) === "robots") continue;
    // Visits per URL and day (each crawler a share of it): about 60,000 log lines for 90 days, which the import job
    // reads in ~15 s on a busy machine (three times as many took most of the demo's seeding time).
    const weight = e.section === "pages" ? 0.6 : e.section === "products" ? 0.15 : 0.1;
    for (let daysAgo = Math.min(89, e.addedDaysAgo); daysAgo >= 0; daysAgo--) {
      if (e.removedDaysAgo !== null && daysAgo < e.removedDaysAgo - 10) break;
      const t = () => now - daysAgo * DAY + Math.floor(rand() * DAY * 0.95) - DAY;
      // Googlebot slows down on pages it found broken; a WAF rule answers it 403 on a few products lately.
      const status = statusOf(e, daysAgo);
      if (rand() < weight * (status === 200 ? 1 : 0.4)) add(t(), pick(ips.googlebot), e.path, blocked.has(e.path) && daysAgo < 10 ? 403 : status, UA.googlebot);
      if (rand() < weight * 0.35) add(t(), pick(ips.bingbot), e.path, status, UA.bingbot);
      if (rand() < weight * 0.12) add(t(), pick(ips.gptbot), e.path, status, UA.gptbot);
      if (rand() < weight * 0.05) add(t(), pick(ips.applebot), e.path, status, UA.applebot);
      if (rand() < weight * 0.06) add(t(), `203.0.113.${1 + Math.floor(rand() * 40)}`, e.path, status, UA.googlebot);
      if (rand() < weight * 0.04) add(t(), pick(ips.claude), e.path, status, UA.claude);
      if (rand() < weight * 0.3) add(t(), `198.51.100.${Math.floor(rand() * 250)}`, e.path, status, UA.browser);
    }
  }
  // Old paths and tracking parameters crawlers still fetch: the "crawled but not tracked" list.
  for (let i = 0; i < 60; i++) {
    const p = i < 30 ? `/products/legacy-item-${i}` : `/products/trail-shoes?utm_source=feed&ref=${i}`;
    for (let k = 0; k < 1 + (i % 7); k++) add(now - Math.floor(rand() * 60) * DAY - Math.floor(rand() * DAY) - DAY, pick(ips.googlebot), p, i < 30 ? 404 : 200, UA.googlebot);
  }
  lines.sort((a, b) => a.t - b.t);
  fs.mkdirSync(spoolDir(), { recursive: true });
  const spoolPath = path.join(spoolDir(), `demo-${process.pid}.log.gz`);
  await pipeline(Readable.from([lines.map((l) => l.line).join("\n") + "\n"]), zlib.createGzip(), fs.createWriteStream(spoolPath));
  const imp = await db.logImport.create({
    data: { organizationId: ctx.org.id, projectId, fileName: "access.log-90d.gz", bytes: BigInt(fs.statSync(spoolPath).size), gzip: true, spoolPath,
      createdAt: new Date(now - 60_000), createdByUserId: ctx.actor.type === "user" ? ctx.actor.userId : null },
  });
  const nowFn = () => new Date(now);
  for (let i = 0; i < 100; i++) if ((await processLogImportSlice(imp.id, { now: nowFn })).status !== "running") break;
  await createIngestToken(ctx, projectId);
  const done = await db.logImport.findUniqueOrThrow({ where: { id: imp.id } });
  if (done.status !== "completed") throw new Error(`demo crawl log import ${done.status}: ${done.error}`);
  return { lines: done.linesRead, verified: done.verifiedHits, spoofed: done.unverifiedHits };
}
