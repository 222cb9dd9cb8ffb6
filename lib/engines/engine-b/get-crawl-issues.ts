import type { EngineOutcome } from "../outcome";
import { callMethod, type CallOptions } from "./call-method";
import { malformed } from "./malformed";
import { crawlIssues } from "./schemas";

export type EngineBCrawlIssue = { url: string; httpCode: number | null; date: Date | null; issueTypes: string[] };

/** A site's crawl issues; `issueTypes` is the space-separated IssueType split into flags. */
export async function getCrawlIssues(apiKey: string, siteUrl: string, options: CallOptions = {}): Promise<EngineOutcome<{ issues: EngineBCrawlIssue[] }>> {
  const answer = await callMethod("GetCrawlIssues", apiKey, { siteUrl }, options);
  if (answer.kind !== "ok") return answer;
  const parsed = crawlIssues.safeParse(answer.d ?? null);
  if (!parsed.success) return malformed("GetCrawlIssues");
  const issues = parsed.data.map((i) => ({
    url: i.Url, httpCode: i.HttpCode, date: i.Date,
    issueTypes: String(i.IssueType ?? "None").split(/[\s,]+/).filter(Boolean),
  }));
  return { kind: "ok", value: { issues } };
}

/** Whether an issue keeps the URL out of results: any flag other than None or SeoIssues. */
export function crawlIssueBlocksServing(issueTypes: readonly string[]): boolean {
  return issueTypes.some((flag) => flag !== "None" && flag !== "SeoIssues");
}
