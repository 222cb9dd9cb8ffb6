import type { SafeFetcher } from "@/lib/net/safe-fetch";
import { isOnHost, normalizeUrl } from "@/lib/urls/normalize-url";
import type { SyncLimits } from "./limits";
import { readSitemapFile, type FileOutcome } from "./read-sitemap-file";
import { OFF_HOST_REPORT_LIMIT } from "./schemas";
import type { UrlStage } from "./url-stage";

export type SitemapOrigin = "root" | "robots" | "child";
export type WalkedFile = {
  url: string;
  parentUrl: string | null;
  origin: SitemapOrigin;
  outcome: FileOutcome;
  /** Entries of the file (URLs of a urlset, children of an index); null unless read to the end. */
  urlCount: number | null;
  /** Why some children of an index were not followed. */
  note: string | null;
};

export type WalkResult = {
  files: WalkedFile[];
  /** Every root and child was fetched and read to the end: only then may absence mean "removed". */
  complete: boolean;
  /** `<url>` entries (and text lines) of the files read to the end. */
  entries: number;
  onHost: number;
  offHost: number;
  invalid: number;
  offHostSamples: string[];
};

type Item = { url: string; parentUrl: string | null; origin: SitemapOrigin; depth: number };

/**
 * Walks the roots breadth-first (so a URL that is both a root and a child stays a root), children
 * once each (a loop ends at the first repeat), at most `maxDepth` levels below a root and `maxFiles`
 * files. On-host URLs go to the stage. A file contributes entries and children only when it was
 * read to the end: a file that fails half-way is taken back whole.
 */
export async function walkSitemaps(opts: {
  roots: { url: string; origin: SitemapOrigin }[]; domain: string; fetcher: SafeFetcher; stage: UrlStage; limits: SyncLimits;
  /** Called after each file with the walk so far (files fetched, files found, URL entries read). */
  onProgress?: (p: { sitemapsRead: number; sitemapsFound: number; urlsRead: number }) => Promise<void> | void;
}): Promise<WalkResult> {
  const { domain, fetcher, stage, limits } = opts;
  const result: WalkResult = { files: [], complete: true, entries: 0, onHost: 0, offHost: 0, invalid: 0, offHostSamples: [] };
  const samples = new Set<string>();
  const queue: Item[] = [];
  const visited = new Set<string>();
  for (const root of opts.roots) {
    const url = rootUrl(root);
    if (url === null || visited.has(url)) continue;
    visited.add(url);
    queue.push({ url, parentUrl: null, origin: root.origin, depth: 0 });
  }
  const deadline = Date.now() + limits.walkTimeoutMs;

  // `fetching`: the file taken from the queue and about to be fetched counts as found.
  const progress = (fetching: number) =>
    opts.onProgress?.({ sitemapsRead: result.files.length, sitemapsFound: result.files.length + queue.length + fetching, urlsRead: result.entries });
  for (let item = queue.shift(); item; item = queue.shift()) {
    if (result.files.length > 0) await progress(1);
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      result.complete = false;
      break;
    }
    const mark = stage.mark();
    const c = { entries: 0, onHost: 0, offHost: 0, invalid: 0, samples: [] as string[] };
    const children: string[] = [];
    let badChildren = 0;
    const outcome = await readSitemapFile(fetcher, item.url, limits, Math.min(limits.fileTimeoutMs, remaining), async (e) => {
      if (e.kind === "sitemap") return void children.push(e.loc);
      if (e.kind === "rejected") {
        if (e.entry === "sitemap") badChildren++;
        else {
          c.entries++;
          c.invalid++;
        }
        return;
      }
      c.entries++;
      const n = normalizeUrl(e.loc);
      if (!n.ok) c.invalid++;
      else if (isOnHost(n.host, domain)) {
        c.onHost++;
        // This file's ordinal in `files` (it is pushed once read): the sitemap the URL is attributed to.
        await stage.write(n.url, e.lastmod, result.files.length);
      } else {
        c.offHost++;
        if (samples.size + c.samples.length < OFF_HOST_REPORT_LIMIT && !samples.has(n.url) && !c.samples.includes(n.url)) c.samples.push(n.url);
      }
    });

    if (outcome.fetchStatus !== "ok") {
      await stage.rollback(mark);
      result.complete = false;
      result.files.push({ ...item, outcome, urlCount: null, note: null });
      continue;
    }
    result.entries += c.entries;
    result.onHost += c.onHost;
    result.offHost += c.offHost;
    result.invalid += c.invalid;
    for (const s of c.samples) samples.add(s);

    let tooDeep = 0;
    let overLimit = 0;
    for (const loc of children) {
      const n = normalizeUrl(loc);
      if (!n.ok) badChildren++;
      else if (visited.has(n.url)) continue;
      else if (item.depth + 1 > limits.maxDepth) tooDeep++;
      else if (visited.size >= limits.maxFiles) overLimit++;
      else {
        visited.add(n.url);
        queue.push({ url: n.url, parentUrl: item.url, origin: "child", depth: item.depth + 1 });
      }
    }
    if (tooDeep || overLimit) result.complete = false;
    const urlCount = outcome.type === "index" ? children.length + badChildren : c.entries;
    result.files.push({ ...item, outcome, urlCount, note: noteOf(tooDeep, overLimit, badChildren, limits) });
  }
  if (queue.length) result.complete = false;
  await progress(0);
  await stage.finish();
  result.offHostSamples = [...samples];
  return result;
}

/**
 * The URL a root is walked (and recorded) under. The project's own sitemap URL, and any root with
 * userinfo, go to the fetcher even when they cannot be normalized, so that the sync records why
 * (`blocked` for userinfo, an error for the rest) instead of nothing; other unusable robots.txt
 * declarations are skipped.
 */
function rootUrl(root: { url: string; origin: SitemapOrigin }): string | null {
  const n = normalizeUrl(root.url);
  if (n.ok) return n.url;
  if (root.origin !== "root" && n.reason !== "credentials_in_url") return null;
  const raw = root.url.trim();
  try {
    const u = new URL(raw);
    u.hash = "";
    return u.href;
  } catch {
    return raw || null;
  }
}

function noteOf(tooDeep: number, overLimit: number, badChildren: number, limits: SyncLimits): string | null {
  const parts = [
    tooDeep && `${tooDeep} child sitemap(s) not followed: nested deeper than ${limits.maxDepth} levels`,
    overLimit && `${overLimit} child sitemap(s) not followed: more than ${limits.maxFiles} sitemap files`,
    badChildren && `${badChildren} child sitemap entr${badChildren === 1 ? "y" : "ies"} ignored: not an absolute http(s) URL, or one with userinfo`,
  ].filter(Boolean);
  return parts.length ? parts.join("; ") : null;
}
