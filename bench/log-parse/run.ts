// Log parsing micro-benchmark: generates realistic access-log lines in memory (a mix of browsers, real and
// spoofed crawlers, 200k distinct URLs, a few thousand distinct agents) and measures, per format, parsing alone
// and parsing + crawler identification, in lines per CPU-second of one core (process CPU time, so that other
// processes on a shared machine do not count; wall time is reported beside it). Also: the cost of identifying an
// agent never seen before (a cache miss) and of classifying a crawler hit whose verification is cached.
// Usage: npm run bench:log-parse   (BENCH_LINES, default 1,000,000 combined lines; other formats BENCH_LINES/4)
import os from "node:os";
import { writeResults } from "../lib.mjs";
import { identifyCrawler } from "../../lib/crawl-logs/identify/crawlers";
import { createLineParser } from "../../lib/crawl-logs/read/parse-log";
import type { LogFormat } from "../../lib/crawl-logs/types";
import { createCrawlerVerifier } from "../../lib/crawl-logs/verify/verify-crawler";
import { IP_RANGE_LISTS } from "../../lib/crawl-logs/verify/ip-ranges";

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const OTHER_LINES = Math.round(LINES / 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const loadAtStart = os.loadavg()[0];

let seed = 42;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const BROWSER_TEMPLATES = [
  (v: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
  (v: number) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
  (v: number) => `Mozilla/5.0 (Linux; Android 14; SM-S9${v % 100}B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Mobile Safari/537.36`,
  (v: number) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${v % 10} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${v % 10} Mobile/15E148 Safari/604.1`,
  (v: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`,
  (v: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36 Edg/${v}.0.${v % 7}.0`,
];
// ~3,000 distinct browser agents, as a busy site sees in a day.
const BROWSERS = Array.from({ length: 3000 }, (_, i) => BROWSER_TEMPLATES[i % BROWSER_TEMPLATES.length](90 + (i % 45)).replace("0.0.0", `0.${i}.0`));
const GOOGLEBOT = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.139 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const CRAWLERS: Array<[share: number, agent: string, ip: () => string]> = [
  [0.08, GOOGLEBOT, () => `66.249.66.${Math.floor(rand() * 32)}`],
  [0.02, GOOGLEBOT, () => `203.0.113.${Math.floor(rand() * 250)}`],
  [0.03, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36", () => `157.55.39.${Math.floor(rand() * 256)}`],
  [0.02, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot", () => `20.171.206.${Math.floor(rand() * 256)}`],
  [0.01, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", () => `198.51.100.${Math.floor(rand() * 256)}`],
  [0.02, "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", () => `198.51.100.${Math.floor(rand() * 256)}`],
];
const PATHS = Array.from({ length: 200_000 }, (_, i) => (i % 7 === 0 ? `/products/item-${i}?color=${i % 5}&size=${i % 3}` : `/category-${i % 40}/page-${i}`));
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 304, 301, 404, 500];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

interface Hit {
  t: Date;
  ip: string;
  path: string;
  status: number;
  bytes: number;
  ua: string;
}

function* hits(n: number): Generator<Hit> {
  const start = Date.UTC(2026, 10, 1);
  for (let i = 0; i < n; i++) {
    const t = new Date(start + Math.floor((i / n) * 30 * 86_400_000));
    let r = rand();
    let ua = pick(BROWSERS);
    let ip = `${10 + Math.floor(rand() * 200)}.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}.${1 + Math.floor(rand() * 254)}`;
    for (const [share, agent, addr] of CRAWLERS) {
      if (r < share) {
        ua = agent;
        ip = addr();
        break;
      }
      r -= share;
    }
    yield { t, ip, path: pick(PATHS), status: pick(STATUSES), bytes: Math.floor(rand() * 90_000), ua };
  }
}

const p2 = (n: number) => String(n).padStart(2, "0");
const ncsaTime = (t: Date) => `${p2(t.getUTCDate())}/${MONTHS[t.getUTCMonth()]}/${t.getUTCFullYear()}:${p2(t.getUTCHours())}:${p2(t.getUTCMinutes())}:${p2(t.getUTCSeconds())} +0000`;

const RENDER: Record<LogFormat, (h: Hit) => string> = {
  ncsa_combined: (h) => `${h.ip} - - [${ncsaTime(h.t)}] "GET ${h.path} HTTP/1.1" ${h.status} ${h.bytes} "https://shop.example.com/" "${h.ua}"`,
  ncsa_common: (h) => `${h.ip} - - [${ncsaTime(h.t)}] "GET ${h.path} HTTP/1.1" ${h.status} ${h.bytes}`,
  w3c: (h) => {
    const [stem, query] = h.path.split("?");
    return `${h.t.toISOString().slice(0, 10)} ${h.t.toISOString().slice(11, 19)} 10.0.0.5 GET ${stem} ${query ?? "-"} 443 - ${h.ip} ${h.ua.replaceAll(" ", "+")} - ${h.status} 0 0 ${h.bytes % 900}`;
  },
  cloudflare_json: (h) =>
    JSON.stringify({
      ClientIP: h.ip,
      ClientRequestHost: "shop.example.com",
      ClientRequestMethod: "GET",
      ClientRequestURI: h.path,
      ClientRequestUserAgent: h.ua,
      EdgeResponseBytes: h.bytes,
      EdgeResponseStatus: h.status,
      EdgeStartTimestamp: h.t.getTime() * 1_000_000,
      RayID: "8a1b2c3d4e5f6071",
    }),
  json_generic: (h) => JSON.stringify({ time: h.t.toISOString(), remote_addr: h.ip, request: `GET ${h.path} HTTP/1.1`, status: h.status, body_bytes_sent: h.bytes, http_user_agent: h.ua, http_host: "shop.example.com" }),
};

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function measure(format: LogFormat, lines: string[], identify: boolean): { ms: number; wallMs: number; parsed: number; crawlers: number } {
  let best = { ms: Infinity, wallMs: Infinity, parsed: 0, crawlers: 0 };
  for (let run = 0; run < RUNS; run++) {
    const parse = createLineParser(format, { now: () => new Date("2026-12-31T00:00:00Z") });
    let parsed = 0;
    let crawlers = 0;
    const started = cpuMs();
    const wallStarted = performance.now();
    for (const line of lines) {
      const r = parse(line);
      if (!r || !r.ok) continue;
      parsed++;
      if (identify && identifyCrawler(r.hit.userAgent)) crawlers++;
    }
    const ms = cpuMs() - started;
    if (ms < best.ms) best = { ms, wallMs: performance.now() - wallStarted, parsed, crawlers };
  }
  return best;
}

const rows: string[] = [];
const results: Record<string, unknown> = {};
for (const format of ["ncsa_combined", "ncsa_common", "w3c", "cloudflare_json", "json_generic"] as const) {
  const n = format === "ncsa_combined" ? LINES : OTHER_LINES;
  seed = 42;
  const render = RENDER[format];
  const lines: string[] = format === "w3c" ? ["#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken"] : [];
  for (const h of hits(n)) lines.push(render(h));
  measure(format, lines.slice(0, 50_000), true); // warm-up: JIT and the agent cache
  const parseOnly = measure(format, lines, false);
  const withIdentify = measure(format, lines, true);
  if (parseOnly.parsed !== n) throw new Error(`${format}: parsed ${parseOnly.parsed} of ${n}`);
  const perSec = (m: { ms: number }) => Math.round(n / (m.ms / 1000));
  const usPerLine = (m: { ms: number }) => ((m.ms * 1000) / n).toFixed(2);
  results[format] = { lines: n, parseOnly: perSec(parseOnly), parseAndIdentify: perSec(withIdentify), crawlerHits: withIdentify.crawlers };
  const wallPerSec = (m: { wallMs: number }) => Math.round(n / (m.wallMs / 1000)).toLocaleString("en");
  rows.push(
    `| ${format} | ${n.toLocaleString("en")} | ${perSec(parseOnly).toLocaleString("en")} (${usPerLine(parseOnly)} µs) | ${perSec(withIdentify).toLocaleString("en")} (${usPerLine(withIdentify)} µs) | ${wallPerSec(withIdentify)} | ${withIdentify.crawlers.toLocaleString("en")} |`,
  );
  console.log(format, results[format]);
}

// A cache miss: agents never seen before (the package's ~1,500 patterns, indexed by literal).
const novel = Array.from({ length: 20_000 }, (_, i) => `${BROWSERS[i % BROWSERS.length]} Build/${i}x${Math.floor(rand() * 1e9)}`);
let started = cpuMs();
for (const ua of novel) identifyCrawler(ua);
const missUs = ((cpuMs() - started) * 1000) / novel.length;

// Classifying crawler hits whose verification is cached (the published ranges; DNS answers nothing).
const verifier = createCrawlerVerifier({
  resolver: { resolveAddresses: async () => [], resolveTxt: async () => [], lookupTxt: async () => ({ status: "nxdomain" }), reverse: async () => [] },
  loadLists: async () => IP_RANGE_LISTS.map((l) => ({ id: l.id, prefixes: l.shipped.prefixes })),
});
const crawlerHits = [...hits(200_000)].filter((h) => identifyCrawler(h.ua));
for (const h of crawlerHits) await verifier.classify(identifyCrawler(h.ua), h.ip);
const before = verifier.stats();
started = cpuMs();
for (const h of crawlerHits) await verifier.classify(identifyCrawler(h.ua), h.ip);
const classifyUs = ((cpuMs() - started) * 1000) / crawlerHits.length;
const after = verifier.stats();
const stats = { cacheHits: after.cacheHits - before.cacheHits, lookups: before.lookups };

const markdown = `## Log parsing (bench/log-parse)

Parsing (\`createLineParser\`) and crawler identification (\`identifyCrawler\`) in memory, one core, best of ${RUNS} runs per cell,
in lines per CPU-second of the process (the machine is shared by other jobs: wall-clock rates, beside them, fall with their load).
Generated lines: browsers (3,000 distinct agents) and 18 % crawler hits (Googlebot real and spoofed, Bingbot, GPTBot, ClaudeBot,
AhrefsBot), 200,000 distinct URLs, one month of timestamps. Target: well under 3 µs per line (the end-to-end import must reach
150,000 lines/s on 2 cores).

| format | lines | parse only: lines/CPU-s (per line) | parse + identify: lines/CPU-s (per line) | parse + identify, wall clock: lines/s | crawler hits |
|---|---|---|---|---|---|
${rows.join("\n")}

Identifying an agent never seen before (a cache miss: our family table, then the \`crawler-user-agents\` patterns indexed by a
required literal): ${missUs.toFixed(1)} µs. Classifying a crawler hit whose (family, address) verification is cached: ${classifyUs.toFixed(2)} µs
(${crawlerHits.length.toLocaleString("en")} hits in the timed pass, all ${stats.cacheHits.toLocaleString("en")} verifiable ones from the cache; the first pass made ${stats.lookups.toLocaleString("en")} DNS lookups, one per spoofed address).
Node ${process.version}, load average at start ${loadAtStart.toFixed(2)} (the machine is shared). Run on ${new Date().toISOString().slice(0, 10)}.`;

console.log(markdown);
writeResults("log-parse", markdown);
