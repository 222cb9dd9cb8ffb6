"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { aiCrawlersQuery } from "@/lib/queries/crawl";
import type { ProjectPath } from "@/lib/queries/urls";
import { count } from "./labels";

/** Each AI crawler: what the live robots.txt allows it, beside what it actually fetched in 30 days. */
export function AiCrawlerMatrix({ projectRef }: { projectRef: ProjectPath }) {
  const ai = useQuery(aiCrawlersQuery(projectRef));
  if (ai.isPending) return <ListSkeleton label="Reading robots.txt…" rows={6} />;
  if (ai.isError) return <QueryError error={ai.error} retry={ai.refetch} />;
  const d = ai.data;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        {d.robotsError
          ? <>robots.txt could not be read ({d.robotsError}): access is unknown.</>
          : <>Access under <a className="text-brand-700 underline underline-offset-2" href={d.robotsUrl}>{d.robotsUrl}</a> (HTTP {d.robotsStatus}), for the home page.</>}
      </p>
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="ai-crawler-matrix">
          <caption className="sr-only">AI crawlers: robots.txt access and fetches in the last 30 days</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
              <th scope="col" className="py-2 pr-3">Crawler</th>
              <th scope="col" className="py-2 pr-3">Operator</th>
              <th scope="col" className="py-2 pr-3">robots.txt</th>
              <th scope="col" className="py-2 pr-3 text-right">Verified fetches (30 days)</th>
              <th scope="col" className="py-2 pr-3 text-right">Unverifiable claims</th>
              <th scope="col" className="py-2 pr-3">Last seen</th>
            </tr>
          </thead>
          <tbody>
            {d.crawlers.map((c) => (
              <tr key={c.token} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">{c.name}</th>
                <td className="py-2 pr-3 text-slate-700">{c.operator}</td>
                <td className="py-2 pr-3">
                  {c.allowed === null ? <Badge>Unknown</Badge> : c.allowed ? <Badge tone="success">Allowed</Badge> : <Badge tone="warning">Blocked</Badge>}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{c.family ? count(c.verifiedHits30d) : <span className="text-slate-500">robots.txt only</span>}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{c.family ? count(c.otherHits30d) : "—"}</td>
                <td className="py-2 pr-3">{c.lastSeenAt ? <time dateTime={c.lastSeenAt}>{formatDate(c.lastSeenAt)}</time> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-600">Fetches are counted per operator&apos;s crawler family (ClaudeBot, Claude-User and Claude-SearchBot share one count). ByteDance and Meta publish no way to verify their crawlers: their hits are unverifiable claims.</p>
    </div>
  );
}
