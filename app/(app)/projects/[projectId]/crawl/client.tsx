"use client";

import { useCallback, useId, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AiCrawlerMatrix } from "@/components/crawl/ai-crawler-matrix";
import { CrawlHitsChart } from "@/components/crawl/crawl-hits-chart";
import { NeglectedUrls, TopCrawledUrls, UntrackedCrawledUrls } from "@/components/crawl/crawl-url-lists";
import { IngestTokenCard, type IngestTokenStatus } from "@/components/crawl/ingest-token-card";
import { count, duration } from "@/components/crawl/labels";
import { LogImportsTable } from "@/components/crawl/log-imports-table";
import { LogUpload } from "@/components/crawl/log-upload";
import { StatusMix } from "@/components/crawl/status-mix";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/field";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { StatCard } from "@/components/ui/stat-card";
import type { CrawledUrl, NeglectedUrl } from "@/lib/crawl-logs/aggregate/list-crawl-highlights";
import { crawlActivityQuery, crawlKeys, CRAWL_RANGES, logImportsQuery, type CrawlRange } from "@/lib/queries/crawl";
import { IMPORTS_PAGE } from "./search-params";

const RANGE_LABELS: Record<CrawlRange, string> = { 30: "30 days", 90: "90 days", 480: "16 months" };

type Highlights = { topCrawled: CrawledUrl[]; neglected: NeglectedUrl[]; neglectedTotal: number; neglectDays: number };

export function CrawlClient({ orgId, projectId, highlights, token, pushUrl }: {
  orgId: string; projectId: string; highlights: Highlights; token: IngestTokenStatus; pushUrl: string;
}) {
  const ref = { orgId, projectId };
  const router = useRouter();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<CrawlRange>(30);
  const [crawler, setCrawler] = useState<string>("");
  const activity = useQuery(crawlActivityQuery(ref, days));
  const imports = useQuery(logImportsQuery(ref, IMPORTS_PAGE));
  const onImported = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: crawlKeys.all({ orgId, projectId }) });
    router.refresh(); // the server-rendered URL lists
  }, [queryClient, router, orgId, projectId]);

  const totals = activity.data?.totals ?? [];
  const verified = totals.reduce((n, t) => n + t.verifiedHits, 0);
  const spoofed = totals.reduce((n, t) => n + t.unverifiedHits, 0);
  const googlebot = totals.find((t) => t.crawler === "googlebot");
  const ttc = activity.data?.timeToCrawl.googlebot;
  const indexNow = activity.data?.reactions.indexNowToBingbot;
  const crawlerName = crawler ? (totals.find((t) => t.crawler === crawler)?.name ?? crawler) : "all crawlers";

  return (
    <div className="space-y-6">
      <Section title="Upload a server log" id="upload">
        <Card><LogUpload projectRef={ref} onDone={onImported} /></Card>
      </Section>

      <Section title="Crawler hits" id="hits" action={
        <div className="flex flex-wrap gap-3">
          <Select label="Crawler" value={crawler} onChange={setCrawler}
            options={[["", "All crawlers"], ...totals.map((t) => [t.crawler, t.name] as [string, string])]} />
          <Select label="Period" value={String(days)} onChange={(v) => setDays(Number(v) as CrawlRange)} options={CRAWL_RANGES.map((r) => [String(r), RANGE_LABELS[r]])} />
        </div>
      }>
        {activity.isPending ? <ListSkeleton label="Loading crawler hits…" rows={4} />
          : activity.isError ? <QueryError error={activity.error} retry={activity.refetch} />
          : !activity.data.days.length ? (
            <EmptyState title="No crawler activity yet" headingLevel={3}>
              Upload an access log above, or push logs with the token below: verified Googlebot, Bingbot and AI crawler fetches show here, day by day.
            </EmptyState>
          ) : (
            <div className="space-y-4">
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
                <StatCard label={`Verified fetches (${RANGE_LABELS[days]})`} value={count(verified)} testId="stat-verified" />
                <StatCard label="Spoofed crawler hits" value={count(spoofed)} tone={spoofed ? "warn" : "neutral"} hint="Claimed a crawler, failed verification" testId="stat-spoofed" />
                <StatCard label="Googlebot fetches" value={count(googlebot?.verifiedHits ?? 0)} testId="stat-googlebot" />
                <StatCard label="Time to crawl (median)" value={ttc?.medianHours == null ? "—" : `${ttc.medianHours} h`}
                  hint={ttc?.urls ? `New URLs to first Googlebot fetch (${count(ttc.urls)} URLs)` : "No new URL fetched yet"} testId="stat-time-to-crawl" />
                <StatCard label="IndexNow to Bingbot (median)" value={indexNow?.medianHours == null ? "—" : duration(indexNow.medianHours)}
                  hint={indexNow?.requests
                    ? `${count(indexNow.fetched)} of ${count(indexNow.requests)} submitted URLs fetched by Bingbot within 14 days`
                    : "No IndexNow submission in this period"} testId="stat-indexnow-reaction" />
              </div>
              <Card><CrawlHitsChart activity={activity.data} crawler={crawler || null} crawlerName={crawlerName} /></Card>
              <div>
                <h3 className="mb-2 text-base font-semibold">Status served to verified crawlers</h3>
                <Card><StatusMix totals={activity.data.totals} /></Card>
              </div>
            </div>
          )}
      </Section>

      <div className="grid gap-6 xl:grid-cols-2">
        <Section title="Most crawled URLs" id="top"><Card><TopCrawledUrls urls={highlights.topCrawled} /></Card></Section>
        <Section title="Important URLs Googlebot skips" id="neglected">
          <Card><NeglectedUrls urls={highlights.neglected} total={highlights.neglectedTotal} days={highlights.neglectDays} /></Card>
        </Section>
      </div>

      <Section title="Crawled but not tracked" id="untracked"><Card><UntrackedCrawledUrls projectRef={ref} /></Card></Section>
      <Section title="AI crawlers" id="ai"><Card><AiCrawlerMatrix projectRef={ref} /></Card></Section>

      <Section title="Uploaded logs" id="imports">
        {imports.isPending ? <ListSkeleton label="Loading uploads…" rows={3} />
          : imports.isError ? <QueryError error={imports.error} retry={imports.refetch} />
          : !imports.data.data.length ? <EmptyState title="No logs uploaded yet" headingLevel={3}>Your uploads and their progress are listed here.</EmptyState>
          : <Card><LogImportsTable imports={imports.data.data} /></Card>}
      </Section>

      <Section title="Push logs automatically" id="push"><Card><IngestTokenCard projectRef={ref} initial={token} pushUrl={pushUrl} /></Card></Section>
      <p className="text-xs text-slate-600">
        What is kept: daily counts per URL and crawler for 16 months, and up to 50,000 untracked URLs. Log lines and visitors&apos; addresses are used only
        while a file is read (addresses to verify crawlers) and are not stored.
      </p>
    </div>
  );
}

function Section({ title, id, action, children }: { title: string; id: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`crawl-${id}`} className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`crawl-${id}`} className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: [string, string][] }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`mt-1 ${inputClasses}`}>
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </div>
  );
}
