// The operators' published IP range lists: where each is published, and the dated copy shipped with the app
// (used until the daily refresh has stored a newer valid copy in crawler_ip_ranges). Each copy came from a
// public mirror of the operator's file, since this build machine cannot reach the operators; `copiedFrom`
// says which. A null creationTime: the mirror kept the prefixes but not the file's creationTime.
import type { CrawlerFamily } from "../../identify/crawlers";
import anthropic from "./anthropic-claudebot.json";
import applebot from "./applebot.json";
import bingbot from "./bingbot.json";
import ccbot from "./commoncrawl-ccbot.json";
import duckassistbot from "./duckassistbot.json";
import duckduckbot from "./duckduckbot.json";
import googleCommon from "./google-common-crawlers.json";
import googleSpecial from "./google-special-crawlers.json";
import googleUserTriggered from "./google-user-triggered-fetchers.json";
import chatgptUser from "./openai-chatgpt-user.json";
import gptbot from "./openai-gptbot.json";
import searchbot from "./openai-searchbot.json";
import perplexityUser from "./perplexity-user.json";
import perplexitybot from "./perplexitybot.json";

export type IpRangeListId =
  | "google-common-crawlers"
  | "google-special-crawlers"
  | "google-user-triggered-fetchers"
  | "bingbot"
  | "applebot"
  | "openai-gptbot"
  | "openai-searchbot"
  | "openai-chatgpt-user"
  | "perplexitybot"
  | "perplexity-user"
  | "anthropic-claudebot"
  | "commoncrawl-ccbot"
  | "duckduckbot"
  | "duckassistbot";

export interface PublishedRangeFile {
  creationTime: string | null;
  prefixes: Array<{ ipv4Prefix?: string; ipv6Prefix?: string }>;
}

export interface IpRangeList {
  id: IpRangeListId;
  /** The families whose claims this list proves. */
  families: readonly CrawlerFamily[];
  /** Environment variable overriding the URL (CRAWLER_IP_RANGES_URLS overrides it in turn). */
  env: string;
  defaultUrl: string;
  shipped: PublishedRangeFile;
  copiedFrom: string;
}

const GOOGLE = ["googlebot", "google_other"] as const;
const MIRROR_GOOGLE = "github.com/jonhadfield/cloud-ips@a9fd42a4 (googlebot.json, googlesc.json, googleutf.json; 2026-08-21)";
const LEGITBOT = "github.com/alaz/legitbot@2fbea800 (lib/legitbot/%s; 2026-06-27)";

export const IP_RANGE_LISTS: readonly IpRangeList[] = [
  {
    id: "google-common-crawlers",
    families: GOOGLE,
    env: "CRAWLER_IP_RANGES_GOOGLE_COMMON_URL",
    defaultUrl: "https://developers.google.com/static/crawling/ipranges/common-crawlers.json",
    shipped: googleCommon,
    copiedFrom: MIRROR_GOOGLE,
  },
  {
    id: "google-special-crawlers",
    families: ["google_other"],
    env: "CRAWLER_IP_RANGES_GOOGLE_SPECIAL_URL",
    defaultUrl: "https://developers.google.com/static/crawling/ipranges/special-crawlers.json",
    shipped: googleSpecial,
    copiedFrom: MIRROR_GOOGLE,
  },
  {
    id: "google-user-triggered-fetchers",
    families: ["google_other"],
    env: "CRAWLER_IP_RANGES_GOOGLE_USER_TRIGGERED_URL",
    defaultUrl: "https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers.json",
    shipped: googleUserTriggered,
    copiedFrom: MIRROR_GOOGLE,
  },
  {
    id: "bingbot",
    families: ["bingbot"],
    env: "CRAWLER_IP_RANGES_BINGBOT_URL",
    defaultUrl: "https://www.bing.com/toolbox/bingbot.json",
    shipped: bingbot,
    copiedFrom: "github.com/rezmoss/cloud-provider-ip-addresses (bingbot/ufw_bingbot_allow.sh, updated 2026-02-11: the 28 prefixes in file order; creationTime as Bing still publishes it in 2026)",
  },
  {
    id: "applebot",
    families: ["applebot"],
    env: "CRAWLER_IP_RANGES_APPLEBOT_URL",
    defaultUrl: "https://search.developer.apple.com/applebot.json",
    shipped: applebot,
    copiedFrom: "github.com/jonhadfield/cloud-ips@4bd255f3 (applebot.json)",
  },
  {
    id: "openai-gptbot",
    families: ["gptbot"],
    env: "CRAWLER_IP_RANGES_GPTBOT_URL",
    defaultUrl: "https://openai.com/gptbot.json",
    shipped: gptbot,
    copiedFrom: `${LEGITBOT.replace("%s", "openai.rb")}; same prefixes and creationTime in github.com/jonhadfield/cloud-ips@000645b3 (openai.json)`,
  },
  {
    id: "openai-searchbot",
    families: ["oai_searchbot"],
    env: "CRAWLER_IP_RANGES_OAI_SEARCHBOT_URL",
    defaultUrl: "https://openai.com/searchbot.json",
    shipped: searchbot,
    copiedFrom: `${LEGITBOT.replace("%s", "openai.rb")}; same prefixes and creationTime in github.com/jonhadfield/cloud-ips@000645b3 (openai.json)`,
  },
  {
    id: "openai-chatgpt-user",
    families: ["chatgpt_user"],
    env: "CRAWLER_IP_RANGES_CHATGPT_USER_URL",
    defaultUrl: "https://openai.com/chatgpt-user.json",
    shipped: chatgptUser,
    copiedFrom: LEGITBOT.replace("%s", "openai.rb"),
  },
  {
    id: "perplexitybot",
    families: ["perplexitybot"],
    env: "CRAWLER_IP_RANGES_PERPLEXITYBOT_URL",
    defaultUrl: "https://www.perplexity.ai/perplexitybot.json",
    shipped: perplexitybot,
    copiedFrom: LEGITBOT.replace("%s", "perplexity.rb"),
  },
  {
    id: "perplexity-user",
    families: ["perplexitybot"],
    env: "CRAWLER_IP_RANGES_PERPLEXITY_USER_URL",
    defaultUrl: "https://www.perplexity.ai/perplexity-user.json",
    shipped: perplexityUser,
    copiedFrom: LEGITBOT.replace("%s", "perplexity.rb"),
  },
  {
    // Anthropic's one file for ClaudeBot, Claude-User and Claude-SearchBot (its crawler help page links it).
    id: "anthropic-claudebot",
    families: ["claudebot"],
    env: "CRAWLER_IP_RANGES_CLAUDEBOT_URL",
    defaultUrl: "https://claude.com/crawling/bots.json",
    shipped: anthropic,
    copiedFrom: "github.com/jonhadfield/cloud-ips@510a4a9f (anthropic.json, fetched from claude.com/crawling/bots.json; byte for byte as published, 1,667 bytes)",
  },
  {
    id: "commoncrawl-ccbot",
    families: ["ccbot"],
    env: "CRAWLER_IP_RANGES_CCBOT_URL",
    defaultUrl: "https://index.commoncrawl.org/ccbot.json",
    shipped: ccbot,
    copiedFrom: "github.com/jonhadfield/ip-fetcher@fbf64b23 (providers/ccbot/testdata/ccbot.json: the published file kept as that project's test fixture, synctoken 20260811134000)",
  },
  {
    id: "duckduckbot",
    families: ["duckduckbot"],
    env: "CRAWLER_IP_RANGES_DUCKDUCKBOT_URL",
    defaultUrl: "https://duckduckgo.com/duckduckbot.json",
    shipped: duckduckbot,
    copiedFrom: "github.com/jonhadfield/cloud-ips@41624f7e (duckduckbot.json, fetched from duckduckgo.com/duckduckbot.json; the same 486 addresses, re-indented)",
  },
  {
    // No copy of duckassistbot.json was found: the shipped list is the one DuckDuckGo's help page gave for DuckAssistBot
    // (its source in github.com/duckduckgo/duckduckgo-help-pages, _docs/results/duckassistbot.md, last changed 2025-02-19),
    // without a creationTime, so the first refresh replaces it with the JSON file.
    id: "duckassistbot",
    families: ["duckduckbot"],
    env: "CRAWLER_IP_RANGES_DUCKASSISTBOT_URL",
    defaultUrl: "https://duckduckgo.com/duckassistbot.json",
    shipped: duckassistbot,
    copiedFrom: "github.com/duckduckgo/duckduckgo-help-pages@5e11a466 (_docs/results/duckassistbot.md: the 240 addresses of the help page's list)",
  },
];

/**
 * The URL each list is fetched from: `CRAWLER_IP_RANGES_URLS` (`id=url,id=url`) first, then the list's own
 * variable, then the operator's published address.
 */
export function ipRangeListUrls(env: Record<string, string | undefined> = process.env): Record<IpRangeListId, string> {
  const overrides = new Map<string, string>();
  for (const entry of (env.CRAWLER_IP_RANGES_URLS ?? "").split(",")) {
    const eq = entry.indexOf("=");
    if (eq > 0) overrides.set(entry.slice(0, eq).trim(), entry.slice(eq + 1).trim());
  }
  const urls = {} as Record<IpRangeListId, string>;
  for (const list of IP_RANGE_LISTS) urls[list.id] = overrides.get(list.id) || env[list.env]?.trim() || list.defaultUrl;
  return urls;
}
