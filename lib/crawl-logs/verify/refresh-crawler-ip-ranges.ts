import { db } from "@/lib/db";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { IP_RANGE_LISTS, ipRangeListUrls, type IpRangeListId } from "./ip-ranges";
import { validateRangeFile } from "./ip-range-store";
import { parseIsoTime } from "../read/parse-time";

const MAX_LIST_BYTES = 4 * 1024 * 1024;

export interface RefreshIpRangesOptions {
  fetcher?: SafeFetcher;
  urls?: Partial<Record<IpRangeListId, string>>;
  /** Only these lists (default: all). */
  lists?: readonly IpRangeListId[];
  now?: Date;
}

export interface RefreshIpRangesResult {
  /** Lists whose stored copy was replaced by the answer. */
  updated: IpRangeListId[];
  /** Lists whose answer was valid but not newer than the stored copy. */
  unchanged: IpRangeListId[];
  /** Lists whose answer was unusable: the previous copy stays. */
  failures: Array<{ list: IpRangeListId; error: string }>;
}

/**
 * Fetches each operator's published list through the safe fetcher and stores it when it is valid and not
 * older than the stored copy. A failed fetch, an error page, an empty or malformed list keeps the previous copy
 * and records the error on it.
 */
export async function refreshCrawlerIpRanges(options: RefreshIpRangesOptions = {}): Promise<RefreshIpRangesResult> {
  const fetcher = options.fetcher ?? getDefaultFetcher();
  const urls = { ...ipRangeListUrls(), ...options.urls };
  const now = options.now ?? new Date();
  const result: RefreshIpRangesResult = { updated: [], unchanged: [], failures: [] };

  for (const list of IP_RANGE_LISTS) {
    if (options.lists && !options.lists.includes(list.id)) continue;
    const url = urls[list.id];
    const answer = await fetchList(fetcher, url);
    const stored = await db.crawlerIpRange.findUnique({ where: { listId: list.id }, select: { creationTime: true } });
    if ("error" in answer) {
      result.failures.push({ list: list.id, error: answer.error });
      if (stored) await db.crawlerIpRange.update({ where: { listId: list.id }, data: { checkedAt: now, lastError: answer.error } });
      continue;
    }
    // Operators write creationTime without a zone ("2026-08-20T14:46:45.000000"): UTC, not the server's zone.
    const creationTime = answer.file.creationTime ? new Date(parseIsoTime(answer.file.creationTime)) : null;
    if (stored?.creationTime && creationTime && creationTime < stored.creationTime) {
      result.unchanged.push(list.id);
      await db.crawlerIpRange.update({ where: { listId: list.id }, data: { checkedAt: now, lastError: null } });
      continue;
    }
    const data = {
      families: [...list.families],
      sourceUrl: url,
      creationTime,
      prefixes: answer.file.prefixes,
      prefixCount: answer.file.prefixes.length,
      fetchedAt: now,
      checkedAt: now,
      lastError: null,
    };
    await db.crawlerIpRange.upsert({ where: { listId: list.id }, create: { listId: list.id, ...data }, update: data });
    result.updated.push(list.id);
  }
  return result;
}

async function fetchList(fetcher: SafeFetcher, url: string): Promise<{ file: NonNullable<ReturnType<typeof validateRangeFile>> } | { error: string }> {
  const response = await fetcher.fetch(url, { maxBodyBytes: MAX_LIST_BYTES, maxDecodedBytes: MAX_LIST_BYTES, totalTimeoutMs: 30_000, headers: { accept: "application/json" } });
  if (!response.ok) return { error: `fetch failed (${response.error.kind}): ${response.error.message}`.slice(0, 500) };
  if (response.status !== 200) return { error: `HTTP ${response.status}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString("utf8"));
  } catch {
    return { error: "not JSON" };
  }
  const file = validateRangeFile(parsed);
  return file ? { file } : { error: "not a valid list of IP prefixes (empty, malformed or implausibly broad)" };
}
