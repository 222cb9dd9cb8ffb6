import { describe, expect, it } from "vitest";
import { CRAWLER_FAMILIES, identifyCrawler, type CrawlerFamily } from "@/lib/crawl-logs/identify/crawlers";

// Agents as the operators document them.
const CASES: Array<[string, CrawlerFamily, string, Partial<{ device: string; verifiable: boolean; kind: string }>?]> = [
  ["Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.139 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "googlebot", "Googlebot", { device: "smartphone", verifiable: true, kind: "search" }],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.6778.139 Safari/537.36", "googlebot", "Googlebot", { device: "desktop" }],
  ["Googlebot/2.1 (+http://www.google.com/bot.html)", "googlebot", "Googlebot", { device: "desktop" }],
  ["Googlebot-Image/1.0", "google_other", "Googlebot-Image"],
  ["Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.139 Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0;)", "google_other", "Google-InspectionTool"],
  ["Mozilla/5.0 (compatible; GoogleOther)", "google_other", "GoogleOther"],
  ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Storebot-Google/1.0) Chrome/131.0.6778.139 Safari/537.36", "google_other", "Storebot-Google"],
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "google_other", "AdsBot-Google-Mobile"],
  ["AdsBot-Google (+http://www.google.com/adsbot.html)", "google_other", "AdsBot-Google"],
  ["Mediapartners-Google", "google_other", "Mediapartners-Google"],
  ["FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)", "google_other", "FeedFetcher-Google"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36", "bingbot", "bingbot", { kind: "search", verifiable: true }],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)", "applebot", "Applebot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot", "gptbot", "GPTBot", { kind: "ai", verifiable: true }],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot", "oai_searchbot", "OAI-SearchBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", "chatgpt_user", "ChatGPT-User"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "claudebot", "ClaudeBot", { kind: "ai", verifiable: true }],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)", "claudebot", "Claude-User"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)", "claudebot", "Claude-SearchBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "perplexitybot", "PerplexityBot", { verifiable: true }],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)", "perplexitybot", "Perplexity-User"],
  ["DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", "duckduckbot", "DuckDuckBot", { verifiable: true }],
  ["Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "yandexbot", "YandexBot", { verifiable: true }],
  ["Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", "baiduspider", "Baiduspider"],
  ["CCBot/2.0 (https://commoncrawl.org/faq/)", "ccbot", "CCBot", { verifiable: true }],
  ["Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)", "bytespider", "Bytespider", { verifiable: false }],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36", "amazonbot", "Amazonbot", { verifiable: true }],
  ["meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "meta_external", "meta-externalagent", { kind: "ai" }],
  ["Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "other_bot", "AhrefsBot", { kind: "other_bot", verifiable: false }],
  ["Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)", "other_bot", "SemrushBot"],
];

const BROWSERS_AND_SCRIPTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 YaBrowser/24.10.0.0 Safari/537.36",
  "curl/8.5.0",
  "python-requests/2.32.3",
  "Go-http-client/1.1",
];

describe("identifyCrawler", () => {
  it.each(CASES)("%s → %s", (agent, family, name, extra) => {
    expect(identifyCrawler(agent)).toMatchObject({ family, name, ...extra });
  });

  it("answers null for browsers, scripts and nothing", () => {
    for (const agent of BROWSERS_AND_SCRIPTS) expect(identifyCrawler(agent), agent).toBeNull();
    expect(identifyCrawler(null)).toBeNull();
    expect(identifyCrawler("")).toBeNull();
  });

  it("a Googlebot lookalike token is not Googlebot", () => {
    expect(identifyCrawler("Mozilla/5.0 (compatible; Googlebot-News)")?.family).toBe("google_other");
    expect(identifyCrawler("Mediapartners-Google (compatible; Googlebot/2.1)")?.family).toBe("google_other");
    expect(identifyCrawler("MyGooglebotChecker/1.0")?.family).not.toBe("googlebot");
  });

  it("every family of the table has a display name and a kind, and other_bot is last", () => {
    const ids = CRAWLER_FAMILIES.map((f) => f.family);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.at(-1)).toBe("other_bot");
    for (const family of new Set(CASES.map((c) => c[1]))) expect(ids).toContain(family);
    expect(CRAWLER_FAMILIES.find((f) => f.family === "gptbot")).toMatchObject({ displayName: "GPTBot", kind: "ai" });
  });

  it("answers a repeated agent from its cache, and huge or hostile agents quickly", () => {
    const agent = CASES[0][0];
    expect(identifyCrawler(agent)).toBe(identifyCrawler(agent));
    const started = performance.now();
    for (let i = 0; i < 2000; i++) identifyCrawler(`Mozilla/5.0 (X11; Linux x86_64) Chrome/${i}.0 ${"(".repeat(50)}${"a".repeat(i % 500)}`);
    identifyCrawler("x".repeat(1024 * 1024));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("families and their means of verification", () => {
  it("a family is marked verifiable exactly when a published list or a reverse DNS convention proves it", async () => {
    const { isVerifiableFamily } = await import("@/lib/crawl-logs/verify/verify-crawler");
    for (const f of CRAWLER_FAMILIES) expect(f.verifiable, f.family).toBe(isVerifiableFamily(f.family));
  });
});
