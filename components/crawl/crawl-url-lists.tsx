"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDate } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { crawlKeys, untrackedCrawledQuery } from "@/lib/queries/crawl";
import { admitUrls, type ProjectPath } from "@/lib/queries/urls";
import type { CrawledUrl, NeglectedUrl } from "@/lib/crawl-logs/aggregate/list-crawl-highlights";
import { count } from "./labels";

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDate(iso)}</time> : "never");
const th = "py-2 pr-3";

/** The tracked URLs verified crawlers fetched most in 30 days. */
export function TopCrawledUrls({ urls }: { urls: CrawledUrl[] }) {
  if (!urls.length) return <p className="text-sm text-slate-600">No tracked URL was fetched by a verified crawler in the last 30 days.</p>;
  return (
    <div className="relative overflow-x-auto">
    <table className="w-full text-left text-sm" data-testid="top-crawled">
      <caption className="sr-only">Most crawled tracked URLs, last 30 days</caption>
      <thead><tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
        <th scope="col" className={th}>URL</th><th scope="col" className={`${th} text-right`}>Verified fetches (30 days)</th>
        <th scope="col" className={th}>Last Googlebot</th><th scope="col" className={th}>Last Bingbot</th>
      </tr></thead>
      <tbody>
        {urls.map((u) => (
          <tr key={u.id} className="border-b border-slate-100">
            <td className="min-w-48 wrap-anywhere py-2 pr-3">{u.url}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{count(u.crawlerHits30d)}</td>
            <td className="py-2 pr-3">{when(u.lastGooglebotFetchAt)}</td>
            <td className="py-2 pr-3">{when(u.lastBingbotFetchAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

/** Important URLs (priority high or with clicks) Googlebot has not fetched lately: the crawler may have stopped coming. */
export function NeglectedUrls({ urls, total, days }: { urls: NeglectedUrl[]; total: number; days: number }) {
  if (!urls.length) return <p className="text-sm text-slate-600">Every important URL (priority high or with clicks) was fetched by Googlebot in the last {days} days.</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{count(total)} important URL{total === 1 ? "" : "s"} without a verified Googlebot fetch in {days} days{total > urls.length ? ` (the first ${urls.length})` : ""}.</p>
      <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="neglected-urls">
        <caption className="sr-only">Important URLs not crawled by Googlebot in {days} days</caption>
        <thead><tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
          <th scope="col" className={th}>URL</th><th scope="col" className={th}>Priority</th>
          <th scope="col" className={`${th} text-right`}>Clicks (28 days)</th><th scope="col" className={th}>Last Googlebot</th>
        </tr></thead>
        <tbody>
          {urls.map((u) => (
            <tr key={u.id} className="border-b border-slate-100">
              <td className="min-w-48 wrap-anywhere py-2 pr-3">{u.url}</td>
              <td className="py-2 pr-3">{u.priority ?? "—"}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{u.clicks28d === null ? "—" : count(u.clicks28d)}</td>
              <td className="py-2 pr-3">{when(u.lastGooglebotFetchAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </div>
  );
}

const PAGE = 10;

/** URLs crawlers fetch that the project does not track, with a one-click admission. */
export function UntrackedCrawledUrls({ projectRef }: { projectRef: ProjectPath }) {
  const [offset, setOffset] = useState(0);
  const queryClient = useQueryClient();
  const list = useQuery(untrackedCrawledQuery(projectRef, { offset, limit: PAGE }));
  const admit = useMutation({
    mutationFn: (url: string) => admitUrls(projectRef, [url]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crawlKeys.all(projectRef) }),
  });
  if (list.isPending) return <ListSkeleton label="Loading untracked URLs…" rows={4} />;
  if (list.isError) return <QueryError error={list.error} retry={list.refetch} />;
  const { data, meta } = list.data;
  if (!meta.total) return <p className="text-sm text-slate-600">Verified crawlers fetched no URL the project does not track.</p>;
  return (
    <div className="space-y-2">
      {admit.isError && <ErrorAlert error={admit.error} />}
      <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="untracked-crawled">
        <caption className="sr-only">URLs crawlers fetched that are not tracked, most fetched first</caption>
        <thead><tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
          <th scope="col" className={th}>URL</th><th scope="col" className={`${th} text-right`}>Verified fetches</th>
          <th scope="col" className={th}>Last status</th><th scope="col" className={th}>Last fetch</th><th scope="col" className={th}><span className="sr-only">Action</span></th>
        </tr></thead>
        <tbody>
          {data.map((u) => (
            <tr key={u.url} className="border-b border-slate-100">
              <td className="min-w-48 wrap-anywhere py-2 pr-3">{u.url}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{count(u.verifiedHits)}</td>
              <td className="py-2 pr-3">{u.lastStatus ?? "—"}</td>
              <td className="py-2 pr-3">{when(u.lastSeenAt)}</td>
              <td className="py-2 pr-3 text-right">
                <Button variant="secondary" disabled={admit.isPending} onClick={() => admit.mutate(u.url)} aria-label={`Track ${u.url}`}>Track</Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <Pagination label="Untracked crawled URLs" offset={meta.offset} limit={meta.limit} total={meta.total} shown={data.length} onOffset={setOffset} />
    </div>
  );
}
