// Who a user agent claims to be. The `crawler-user-agents` list recognises crawlers in general; the small
// table below maps the crawlers this product reports on to stable family ids (keys of stored aggregates and
// of the API's `crawler` parameter). Results are cached per distinct agent string: logs repeat a few agents
// millions of times.
import { matchListedCrawler } from "./crawler-list";

export type CrawlerKind = "search" | "ai" | "other_bot";

export type CrawlerFamily =
  | "googlebot"
  | "google_other"
  | "bingbot"
  | "applebot"
  | "gptbot"
  | "oai_searchbot"
  | "chatgpt_user"
  | "claudebot"
  | "perplexitybot"
  | "duckduckbot"
  | "yandexbot"
  | "baiduspider"
  | "ccbot"
  | "bytespider"
  | "amazonbot"
  | "meta_external"
  | "other_bot";

export interface CrawlerMatch {
  family: CrawlerFamily;
  /** The crawler's own name as its agent gives it: "Googlebot", "AdsBot-Google", "Claude-User", "AhrefsBot". */
  name: string;
  kind: CrawlerKind;
  /** Whether a hit of this family can be proven (published IP ranges or forward-confirmed reverse DNS). */
  verifiable: boolean;
  /** Googlebot only: which of its two crawlers. */
  device?: "smartphone" | "desktop";
}

export interface CrawlerFamilyInfo {
  family: CrawlerFamily;
  displayName: string;
  operator: string | null;
  kind: CrawlerKind;
  verifiable: boolean;
}

/** Every family, in display order, for the UI and the API's `crawler` parameter. */
export const CRAWLER_FAMILIES: readonly CrawlerFamilyInfo[] = [
  { family: "googlebot", displayName: "Googlebot", operator: "Google", kind: "search", verifiable: true },
  { family: "google_other", displayName: "Other Google crawlers", operator: "Google", kind: "search", verifiable: true },
  { family: "bingbot", displayName: "Bingbot", operator: "Microsoft", kind: "search", verifiable: true },
  { family: "applebot", displayName: "Applebot", operator: "Apple", kind: "search", verifiable: true },
  { family: "duckduckbot", displayName: "DuckDuckBot", operator: "DuckDuckGo", kind: "search", verifiable: true },
  { family: "yandexbot", displayName: "YandexBot", operator: "Yandex", kind: "search", verifiable: true },
  { family: "baiduspider", displayName: "Baiduspider", operator: "Baidu", kind: "search", verifiable: true },
  { family: "gptbot", displayName: "GPTBot", operator: "OpenAI", kind: "ai", verifiable: true },
  { family: "oai_searchbot", displayName: "OAI-SearchBot", operator: "OpenAI", kind: "ai", verifiable: true },
  { family: "chatgpt_user", displayName: "ChatGPT-User", operator: "OpenAI", kind: "ai", verifiable: true },
  { family: "claudebot", displayName: "ClaudeBot", operator: "Anthropic", kind: "ai", verifiable: true },
  { family: "perplexitybot", displayName: "PerplexityBot", operator: "Perplexity", kind: "ai", verifiable: true },
  { family: "ccbot", displayName: "CCBot", operator: "Common Crawl", kind: "ai", verifiable: true },
  { family: "bytespider", displayName: "Bytespider", operator: "ByteDance", kind: "ai", verifiable: false },
  { family: "amazonbot", displayName: "Amazonbot", operator: "Amazon", kind: "ai", verifiable: true },
  { family: "meta_external", displayName: "Meta-ExternalAgent", operator: "Meta", kind: "ai", verifiable: false },
  { family: "other_bot", displayName: "Other bots", operator: null, kind: "other_bot", verifiable: false },
];

export const CRAWLER_FAMILY_IDS = CRAWLER_FAMILIES.map((f) => f.family) as readonly CrawlerFamily[];

const INFO = new Map(CRAWLER_FAMILIES.map((f) => [f.family, f]));

export function crawlerFamilyInfo(family: CrawlerFamily): CrawlerFamilyInfo {
  return INFO.get(family)!;
}

interface Rule {
  family: CrawlerFamily;
  test: RegExp;
  /** The crawler's name from the match (default: the first capture, else the match). */
  name?: (m: RegExpExecArray) => string;
}

// Order matters: specific Google tokens before "Googlebot/", whose agents some of them contain.
const RULES: Rule[] = [
  {
    family: "google_other",
    test: /\b(Googlebot-(?:Image|News|Video)|Google-InspectionTool|GoogleOther(?:-Image|-Video)?|Storebot-Google|AdsBot-Google(?:-Mobile)?(?:-Apps)?|Mediapartners-Google|Mediapartners \(Googlebot\)|FeedFetcher-Google|APIs-Google|Google-Site-Verification|Google-Read-Aloud|Google-CloudVertexBot|Google-Safety|GoogleProducer|DuplexWeb-Google|Google Favicon)/i,
    name: (m) => (m[1].startsWith("Mediapartners") ? "Mediapartners-Google" : m[1]),
  },
  { family: "googlebot", test: /\bGooglebot\/\d/, name: () => "Googlebot" },
  { family: "bingbot", test: /\b(bingbot|msnbot|adidxbot|BingPreview|MicrosoftPreview)\b/i },
  { family: "applebot", test: /\b(Applebot)\b/ },
  { family: "oai_searchbot", test: /\b(OAI-SearchBot)\b/ },
  { family: "chatgpt_user", test: /\b(ChatGPT-User)\b/ },
  { family: "gptbot", test: /\b(GPTBot)\b/ },
  { family: "claudebot", test: /\b(ClaudeBot|Claude-User|Claude-SearchBot|Claude-Web|anthropic-ai)\b/i },
  { family: "perplexitybot", test: /\b(PerplexityBot|Perplexity-User)\b/i },
  { family: "duckduckbot", test: /\b(DuckDuckBot|DuckAssistBot)\b/ },
  { family: "yandexbot", test: /yandex\.(?:com|ru)\/bots/i, name: (m) => /\b(Yandex\w*)/.exec(m.input)?.[1] ?? "YandexBot" },
  { family: "baiduspider", test: /\b(Baiduspider(?:-[a-z]+)?)/i },
  { family: "ccbot", test: /\b(CCBot)\b/ },
  { family: "bytespider", test: /\b(Bytespider)\b/i },
  { family: "amazonbot", test: /\b(Amazonbot)\b/ },
  { family: "meta_external", test: /\b(meta-external(?:agent|fetcher))\b/i },
];

const CANONICAL_NAMES: Record<string, string> = {
  bingbot: "bingbot",
  msnbot: "msnbot",
  adidxbot: "adidxbot",
  bingpreview: "BingPreview",
  microsoftpreview: "MicrosoftPreview",
  claudebot: "ClaudeBot",
  "claude-user": "Claude-User",
  "claude-searchbot": "Claude-SearchBot",
  "claude-web": "Claude-Web",
  "anthropic-ai": "anthropic-ai",
  perplexitybot: "PerplexityBot",
  "perplexity-user": "Perplexity-User",
  bytespider: "Bytespider",
  "meta-externalagent": "meta-externalagent",
  "meta-externalfetcher": "meta-externalfetcher",
};

const MAX_AGENT_CHARS = 1024;
const CACHE_SIZE = 20_000;
const cache = new Map<string, CrawlerMatch | null>();

/** The crawler an agent claims to be, or null for a browser, a script or anything else no list knows. */
export function identifyCrawler(userAgent: string | null): CrawlerMatch | null {
  if (!userAgent) return null;
  const cached = cache.get(userAgent);
  if (cached !== undefined) return cached;
  const match = identify(userAgent.length > MAX_AGENT_CHARS ? userAgent.slice(0, MAX_AGENT_CHARS) : userAgent);
  // Bounded: a log of random agents must not grow the process; the oldest entries go first.
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(userAgent, match);
  return match;
}

function identify(userAgent: string): CrawlerMatch | null {
  for (const rule of RULES) {
    const m = rule.test.exec(userAgent);
    if (!m) continue;
    const info = crawlerFamilyInfo(rule.family);
    const raw = rule.name ? rule.name(m) : (m[1] ?? m[0]);
    const name = CANONICAL_NAMES[raw.toLowerCase()] ?? raw;
    const match: CrawlerMatch = { family: rule.family, name, kind: info.kind, verifiable: info.verifiable };
    if (rule.family === "googlebot") match.device = /\b(Android|iPhone|Mobile)\b/.test(userAgent) ? "smartphone" : "desktop";
    return match;
  }
  const listed = matchListedCrawler(userAgent);
  if (!listed) return null;
  return { family: "other_bot", name: listedName(listed.pattern, userAgent), kind: "other_bot", verifiable: false };
}

function listedName(pattern: RegExp, userAgent: string): string {
  const text = pattern.exec(userAgent)?.[0] ?? "";
  const name = text.replace(/^[\s(;+]+|[\s/;:()+,]+$/g, "").slice(0, 64);
  return name || "bot";
}
