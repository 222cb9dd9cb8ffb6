import { callUpstream } from "../http";
import type { EngineOutcome } from "../outcome";
import { classifyApiError, failureOutcome, malformedOutcome } from "./classify-api-error";
import { apiUrl } from "./config";
import { calendarDay, searchAnalyticsAnswer, searchAnalyticsRow } from "./schemas";

/** One page's performance on one (Pacific) day, as the engine reported it for web search. */
export type SearchAnalyticsRow = { page: string; date: string; clicks: number; impressions: number; ctr: number; position: number };

export type SearchAnalyticsPage = {
  rows: SearchAnalyticsRow[];
  /** Rows of the answer dropped because their keys or numbers cannot be true. */
  skipped: number;
  /** With `dataState: "all"`: the first day whose data is still changing; null when every day is final. */
  firstIncompleteDate: string | null;
};

export type SearchAnalyticsQuery = {
  accessToken: string;
  siteUrl: string;
  /** YYYY-MM-DD, inclusive, Pacific-time days. */
  startDate: string;
  endDate: string;
  startRow?: number;
  /** 1..25,000; 25,000 by default (the API's own default is 1,000). */
  rowLimit?: number;
  /** `final` (the API's default) leaves out the last 2-3 days, which are still changing. */
  dataState?: "final" | "all";
  now?: Date;
  timeoutMs?: number;
};

export const SEARCH_ANALYTICS_MAX_ROWS = 25_000;
/** About 1.3 KiB a row at most (a 2,048-character URL, its date and four numbers, indented). */
const ANSWER_MAX_BYTES = 32 * 1024 * 1024;
// ENGINES.md: a 429 from Search Analytics (any of its quotas) means wait 15 minutes; if it persists, the daily load is spent.
const QUOTA_RETRY_MS = 15 * 60_000;

/**
 * One page of a property's web performance grouped by page and date, ordered by clicks. The engine
 * answers only its top rows (about 50,000 a day): a page missing here is unknown, not zero.
 */
export async function querySearchAnalytics(input: SearchAnalyticsQuery): Promise<EngineOutcome<SearchAnalyticsPage>> {
  const now = input.now ?? new Date();
  const rowLimit = input.rowLimit ?? SEARCH_ANALYTICS_MAX_ROWS;
  const startRow = input.startRow ?? 0;
  const refused = checkQuery(input.startDate, input.endDate, rowLimit, startRow);
  if (refused) return { kind: "invalid", code: "bad_request", message: `gsc search analytics: ${refused}` };

  const answer = await callUpstream({
    url: apiUrl(`/webmasters/v3/sites/${encodeURIComponent(input.siteUrl)}/searchAnalytics/query`), method: "POST", timeoutMs: input.timeoutMs,
    // 25,000 rows of long URLs, pretty-printed as Google sends them, run past the 4 MiB other calls are held to.
    maxBodyBytes: ANSWER_MAX_BYTES,
    headers: { authorization: `Bearer ${input.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({
      startDate: input.startDate, endDate: input.endDate, dimensions: ["page", "date"], type: "web",
      dataState: input.dataState ?? "final", rowLimit, startRow, aggregationType: "byPage",
    }),
  }, now);
  if (answer.kind === "failure") return failureOutcome("search analytics", answer);
  if (answer.status < 200 || answer.status >= 300) {
    return classifyApiError("search analytics", answer, now, [input.accessToken], { quotaRetryMs: QUOTA_RETRY_MS });
  }

  const parsed = searchAnalyticsAnswer.safeParse(answer.json);
  if (!parsed.success) return malformedOutcome("search analytics", answer.status);
  const rows: SearchAnalyticsRow[] = [];
  let skipped = 0;
  for (const raw of parsed.data.rows ?? []) {
    const row = searchAnalyticsRow.safeParse(raw);
    if (!row.success) { skipped++; continue; }
    const { keys: [page, date], clicks, impressions, ctr, position } = row.data;
    rows.push({ page, date, clicks, impressions, ctr, position });
  }
  return { kind: "ok", value: { rows, skipped, firstIncompleteDate: parsed.data.metadata?.firstIncompleteDate ?? null } };
}

/**
 * Every page of a query, one request at a time (startRow += rowLimit), until a page comes back short.
 * Yields each page's outcome; the first one that is not ok is yielded last.
 */
export async function* searchAnalyticsPages(input: SearchAnalyticsQuery): AsyncGenerator<EngineOutcome<SearchAnalyticsPage>> {
  const rowLimit = input.rowLimit ?? SEARCH_ANALYTICS_MAX_ROWS;
  for (let startRow = input.startRow ?? 0; ; startRow += rowLimit) {
    const page = await querySearchAnalytics({ ...input, startRow, rowLimit });
    yield page;
    // Skipped rows were answered too: they count towards a full page.
    if (page.kind !== "ok" || page.value.rows.length + page.value.skipped < rowLimit) return;
  }
}

/** What the API would refuse with a 400, refused here without spending quota. */
function checkQuery(startDate: string, endDate: string, rowLimit: number, startRow: number): string | null {
  if (!calendarDay.safeParse(startDate).success || !calendarDay.safeParse(endDate).success) return "dates must be YYYY-MM-DD days";
  if (startDate > endDate) return "startDate is after endDate";
  if (!Number.isInteger(rowLimit) || rowLimit < 1 || rowLimit > SEARCH_ANALYTICS_MAX_ROWS) return `rowLimit must be 1..${SEARCH_ANALYTICS_MAX_ROWS}`;
  if (!Number.isInteger(startRow) || startRow < 0) return "startRow must be a whole number >= 0";
  return null;
}
