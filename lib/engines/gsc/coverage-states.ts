// The coverage texts of ENGINES.md ("Coverage texts seen"), matched on a normalized lowercase
// prefix. `detail` keeps the parenthetical meaning of each row for the URL's history.
export type EngineAState =
  | "unknown" | "indexed" | "crawled_not_indexed" | "discovered_not_indexed" | "excluded" | "blocked" | "redirected" | "submitted";

export type CoverageDetail =
  | "robots_warning" | "without_content" | "not_known" | "canonical_differs" | "duplicate" | "alternate"
  | "noindex" | "not_found" | "fetch_error" | "removal";

type Row = { prefix: string; state: EngineAState; detail?: CoverageDetail };

const rows: Row[] = [
  { prefix: "Submitted and indexed", state: "indexed" },
  { prefix: "Indexed, not submitted in sitemap", state: "indexed" },
  { prefix: "Indexed, though blocked by robots.txt", state: "indexed", detail: "robots_warning" },
  { prefix: "Page indexed without content", state: "indexed", detail: "without_content" },
  { prefix: "Discovered - currently not indexed", state: "discovered_not_indexed" },
  { prefix: "Crawled - currently not indexed", state: "crawled_not_indexed" },
  { prefix: "URL is unknown to Google", state: "unknown", detail: "not_known" },
  { prefix: "Duplicate, Google chose different canonical than user", state: "excluded", detail: "canonical_differs" },
  { prefix: "Duplicate without user-selected canonical", state: "excluded", detail: "duplicate" },
  { prefix: "Alternate page with proper canonical tag", state: "excluded", detail: "alternate" },
  { prefix: "Page with redirect", state: "redirected" },
  { prefix: "Excluded by 'noindex' tag", state: "excluded", detail: "noindex" },
  { prefix: "Blocked by robots.txt", state: "blocked" },
  { prefix: "Not found (404)", state: "excluded", detail: "not_found" },
  { prefix: "Soft 404", state: "excluded", detail: "not_found" },
  { prefix: "Server error (5xx)", state: "excluded", detail: "fetch_error" },
  { prefix: "Redirect error", state: "excluded", detail: "fetch_error" },
  { prefix: "Blocked due to unauthorized request (401)", state: "blocked" },
  { prefix: "Blocked due to access forbidden (403)", state: "blocked" },
  { prefix: "Blocked due to other 4xx issue", state: "blocked" },
  { prefix: "Blocked by page removal tool", state: "excluded", detail: "removal" },
];

/** Lowercase; curly quotes straight; every dash a hyphen; runs of spaces as one. */
export function normalizeCoverage(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u00b4`]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

// Longest prefix first, so a longer text is never taken by a shorter row.
const table = rows
  .map((r) => ({ ...r, key: normalizeCoverage(r.prefix) }))
  .sort((a, b) => b.key.length - a.key.length);

export function matchCoverageState(coverageState: string): Row | null {
  const text = normalizeCoverage(coverageState);
  if (!text) return null;
  return table.find((r) => text.startsWith(r.key)) ?? null;
}

/** The coverage texts this table knows, as ENGINES.md spells them (for tests and docs). */
export const KNOWN_COVERAGE_TEXTS: readonly string[] = rows.map((r) => r.prefix);
