import { db } from "@/lib/db";
import { IP_RANGE_LISTS, type IpRangeListId, type PublishedRangeFile } from "./ip-ranges";
import { normalizePrefix, type PrefixEntry } from "./ip-range-set";
import { parseIsoTime } from "../read/parse-time";

export interface LoadedRangeList extends PublishedRangeFile {
  id: IpRangeListId;
  /** "shipped" (the copy in lib/crawl-logs/ip-ranges) or "stored" (the daily refresh's copy). */
  origin: "shipped" | "stored";
}

/** Upper bound on prefixes in one list (Google's largest has ~1,100). */
export const MAX_PREFIXES_PER_LIST = 20_000;

/**
 * Validates a published file: `{creationTime, prefixes: [{ipv4Prefix} | {ipv6Prefix}]}`. Null when it is not
 * that shape, has no valid prefix, or holds an invalid or implausibly broad one (an error page, a truncated or
 * tampered file): such an answer must not replace a good copy.
 */
export function validateRangeFile(value: unknown): PublishedRangeFile | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { creationTime, prefixes } = value as { creationTime?: unknown; prefixes?: unknown };
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_PREFIXES_PER_LIST) return null;
  const out: PrefixEntry[] = [];
  const seen = new Set<string>();
  for (const entry of prefixes) {
    if (!entry || typeof entry !== "object") return null;
    const { ipv4Prefix, ipv6Prefix } = entry as { ipv4Prefix?: unknown; ipv6Prefix?: unknown };
    const raw = typeof ipv4Prefix === "string" ? ipv4Prefix : typeof ipv6Prefix === "string" ? ipv6Prefix : null;
    if (raw === null) return null;
    const prefix = normalizePrefix(raw, typeof ipv4Prefix === "string" ? 4 : 6);
    if (!prefix) return null;
    if (seen.has(prefix)) continue;
    seen.add(prefix);
    out.push(typeof ipv4Prefix === "string" ? { ipv4Prefix: prefix } : { ipv6Prefix: prefix });
  }
  const created = typeof creationTime === "string" && !Number.isNaN(parseIsoTime(creationTime)) ? creationTime : null;
  return { creationTime: created, prefixes: out };
}

/** Each list's newest copy: the stored one from the daily refresh, else the shipped one. */
export async function loadIpRangeLists(): Promise<LoadedRangeList[]> {
  let stored = new Map<string, PublishedRangeFile>();
  try {
    const rows = await db.crawlerIpRange.findMany({ select: { listId: true, creationTime: true, prefixes: true } });
    stored = new Map(
      rows.flatMap((row) => {
        const valid = validateRangeFile({ creationTime: row.creationTime?.toISOString(), prefixes: row.prefixes });
        return valid ? [[row.listId, valid] as const] : [];
      }),
    );
  } catch (error) {
    // Verification still works from the shipped copies when the database is unreachable.
    console.warn("[crawl-logs] stored crawler IP ranges unavailable, using the shipped copies:", (error as Error).message);
  }
  return IP_RANGE_LISTS.map((list) => {
    const copy = stored.get(list.id);
    return copy ? { id: list.id, origin: "stored" as const, ...copy } : { id: list.id, origin: "shipped" as const, ...list.shipped };
  });
}
