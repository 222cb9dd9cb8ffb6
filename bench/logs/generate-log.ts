// A realistic combined-format access log, written gzipped as it is generated: browsers, real crawlers (addresses
// from the shipped IP range files, so they verify without DNS), spoofed crawlers (addresses outside every list),
// an unverifiable bot (AhrefsBot), 200,000 distinct URLs over 30 days.
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import zlib from "node:zlib";

const RANGES = path.resolve(import.meta.dirname, "../../lib/crawl-logs/verify/ip-ranges");

export function ipv4sFrom(file: string, n: number): string[] {
  const json = JSON.parse(fs.readFileSync(path.join(RANGES, file), "utf8")) as { prefixes: { ipv4Prefix?: string }[] };
  const out: string[] = [];
  for (const p of json.prefixes) {
    if (!p.ipv4Prefix) continue;
    const [base, bits] = p.ipv4Prefix.split("/");
    const size = 2 ** (32 - Number(bits));
    const octets = base.split(".").map(Number);
    const start = ((octets[0] << 24) >>> 0) + (octets[1] << 16) + (octets[2] << 8) + octets[3];
    for (let i = 1; i < Math.min(size - 1, 4) && out.length < n; i++) {
      const a = start + i;
      out.push(`${a >>> 24}.${(a >>> 16) & 255}.${(a >>> 8) & 255}.${a & 255}`);
    }
    if (out.length >= n) break;
  }
  return out;
}

// A small deterministic PRNG (mulberry32): the same file for the same seed.
function rng(seed: number) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UA = {
  googlebot: "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  googlebotDesktop: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.6778.204 Safari/537.36",
  bingbot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
  gptbot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot",
  applebot: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
  ahrefs: "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
  claude: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  browsers: [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  ],
};
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export const DISTINCT_URLS = 200_000;
export const urlPath = (i: number) => `/c${i % 97}/item-${i}${i % 5 === 0 ? "?color=blue&size=m" : ""}`;

export type GenerateResult = { lines: number; plainBytes: number; gzBytes: number; spoofedAddresses: number };

/** Writes about `targetBytes` of log (before compression) to `file` as gzip; `now` ends the 30-day window. */
export async function generateLog(file: string, targetBytes: number, now: Date): Promise<GenerateResult> {
  const rand = rng(42);
  const google = ipv4sFrom("google-common-crawlers.json", 300);
  const bing = ipv4sFrom("bingbot.json", 60);
  const gpt = ipv4sFrom("openai-gptbot.json", 40);
  const apple = ipv4sFrom("applebot.json", 30);
  const spoofed = Array.from({ length: 400 }, (_, i) => `203.0.${113 + (i >> 8)}.${i & 255}`);
  const start = now.getTime() - 30 * 86_400_000;
  let lines = 0;
  let plainBytes = 0;
  function* chunks(): Generator<string> {
    let t = start;
    const step = (30 * 86_400_000) / (targetBytes / 265);
    while (plainBytes < targetBytes) {
      const parts: string[] = [];
      for (let k = 0; k < 2_000; k++) {
        t += step;
        const d = new Date(t);
        const ts = `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
        const r = rand();
        // Crawlers favour a smaller set of URLs; browsers spread over all.
        const u = r < 0.6 ? Math.floor(rand() * DISTINCT_URLS) : Math.floor(rand() ** 2 * DISTINCT_URLS);
        let ip: string, ua: string, status = 200;
        if (r < 0.6) { ip = `198.51.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}`; ua = UA.browsers[Math.floor(rand() * 5)]; }
        else if (r < 0.74) { ip = google[Math.floor(rand() * google.length)]; ua = rand() < 0.8 ? UA.googlebot : UA.googlebotDesktop; }
        else if (r < 0.79) { ip = bing[Math.floor(rand() * bing.length)]; ua = UA.bingbot; }
        else if (r < 0.82) { ip = gpt[Math.floor(rand() * gpt.length)]; ua = UA.gptbot; }
        else if (r < 0.84) { ip = apple[Math.floor(rand() * apple.length)]; ua = UA.applebot; }
        else if (r < 0.89) { ip = spoofed[Math.floor(rand() * spoofed.length)]; ua = UA.googlebot; }
        else if (r < 0.95) { ip = `100.64.${Math.floor(rand() * 64)}.${Math.floor(rand() * 256)}`; ua = UA.ahrefs; }
        else { ip = `216.73.${216 + Math.floor(rand() * 4)}.${Math.floor(rand() * 256)}`; ua = UA.claude; } // inside Anthropic's published /22
        const s = rand();
        if (s < 0.04) status = 301; else if (s < 0.07) status = 404; else if (s < 0.075) status = 503;
        const line = `${ip} - - [${ts}] "GET ${urlPath(u)} HTTP/1.1" ${status} ${1000 + Math.floor(rand() * 90000)} "https://www.example.com/" "${ua}"\n`;
        parts.push(line);
        plainBytes += line.length;
        lines++;
      }
      yield parts.join("");
    }
  }
  await pipeline(Readable.from(chunks()), zlib.createGzip({ level: 6 }), fs.createWriteStream(file));
  return { lines, plainBytes, gzBytes: fs.statSync(file).size, spoofedAddresses: spoofed.length };
}
