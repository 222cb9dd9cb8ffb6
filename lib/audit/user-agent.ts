import { DEFAULT_USER_AGENT } from "@/lib/net/safe-fetch";

/** `CRAWLER_USER_AGENT`, else the service's default product token with its about-the-bot URL. */
export function crawlerUserAgent(): string {
  return process.env.CRAWLER_USER_AGENT?.trim() || DEFAULT_USER_AGENT;
}
