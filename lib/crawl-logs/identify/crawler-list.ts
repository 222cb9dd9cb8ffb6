// Generic crawler recognition from the `crawler-user-agents` package. Testing its ~1,500 patterns one by one
// costs ~300 µs per agent (one big alternation is slower still), so each pattern is indexed by a literal it
// cannot match without; an agent is tested only against the patterns whose literal it contains.
import crawlers from "crawler-user-agents";

export interface ListedCrawler {
  pattern: RegExp;
  tags: readonly string[];
  url?: string;
}

/** Tags of entries that are scripts and libraries (curl, python-requests), not crawlers. */
const NOT_CRAWLERS = new Set(["http-library"]);
const GRAM = 3;

interface Indexed extends ListedCrawler {
  order: number;
  literal: string;
}

/**
 * The longest run of literal characters every match must contain, lower-cased; "" when there is none
 * (a top-level alternation, or nothing literal enough). `[xX]` classes count as the lower-case letter.
 */
export function requiredLiteral(source: string): string {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return "";
  }
  let best = "";
  let run = "";
  const flush = () => {
    if (run.length > best.length) best = run;
    run = "";
  };
  depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    const next = source[i + 1];
    const optional = next === "?" || next === "*" || (next === "{" && source[i + 2] === "0");
    if (depth > 0) {
      if (c === "\\") i++;
      else if (c === "(") depth++;
      else if (c === ")") depth--;
      continue;
    }
    if (c === "\\") {
      const e = source[i + 1];
      const after = source[i + 2];
      i++;
      if (/[a-zA-Z0-9]/.test(e) || after === "?" || after === "*" || after === "{") flush();
      else run += e.toLowerCase();
      continue;
    }
    if (c === "(") {
      flush();
      depth++;
      continue;
    }
    if (c === "[") {
      const end = source.indexOf("]", i);
      const body = source.slice(i + 1, end);
      const optionalClass = ["?", "*", "{"].includes(source[end + 1]);
      if (body.length === 2 && body[0].toLowerCase() === body[1].toLowerCase() && /[a-z]/i.test(body[0]) && !optionalClass) run += body[0].toLowerCase();
      else flush();
      i = end;
      continue;
    }
    if ("^$.+*?{}|".includes(c) || optional) {
      flush();
      if (c === "{") i = source.indexOf("}", i);
      continue;
    }
    run += c.toLowerCase();
  }
  flush();
  return best.length >= GRAM ? best : "";
}

function build() {
  const byGram = new Map<number, Indexed[]>();
  const always: Indexed[] = [];
  let order = 0;
  for (const entry of crawlers) {
    // The package's ESM typings omit `tags`, which its JSON has.
    const tags: readonly string[] = (entry as { tags?: string[] }).tags ?? [];
    if (tags.some((t) => NOT_CRAWLERS.has(t))) continue;
    let pattern: RegExp;
    try {
      pattern = new RegExp(entry.pattern);
    } catch {
      continue;
    }
    const indexed: Indexed = { pattern, tags, url: entry.url, order: order++, literal: requiredLiteral(entry.pattern) };
    if (!indexed.literal) {
      always.push(indexed);
      continue;
    }
    const gram = gramAt(indexed.literal, 0);
    const bucket = byGram.get(gram);
    if (bucket) bucket.push(indexed);
    else byGram.set(gram, [indexed]);
  }
  return { byGram, always };
}

let index: ReturnType<typeof build> | undefined;

/** The three characters at i as one number (a Map keyed by numbers avoids a string per position). */
function gramAt(s: string, i: number): number {
  return (s.charCodeAt(i) * 65536 + s.charCodeAt(i + 1)) * 65536 + s.charCodeAt(i + 2);
}

/** The package entry an agent matches (the earliest listed one), or null. Cost grows with the agent, not the list. */
export function matchListedCrawler(userAgent: string): ListedCrawler | null {
  index ??= build();
  const lower = userAgent.toLowerCase();
  let found: Indexed | null = null;
  const consider = (candidate: Indexed) => {
    if ((!found || candidate.order < found.order) && candidate.pattern.test(userAgent)) found = candidate;
  };
  for (const candidate of index.always) consider(candidate);
  for (let i = 0; i + GRAM <= lower.length; i++) {
    const bucket = index.byGram.get(gramAt(lower, i));
    if (!bucket) continue;
    for (const candidate of bucket) if (lower.startsWith(candidate.literal, i)) consider(candidate);
  }
  return found;
}

/** The whole list's size and how many patterns bypass the index (for tests and the benchmark). */
export function listedCrawlerStats(): { indexed: number; unindexed: number } {
  index ??= build();
  let indexed = 0;
  for (const bucket of index.byGram.values()) indexed += bucket.length;
  return { indexed, unindexed: index.always.length };
}
