"use client";

import Link from "next/link";
import { useId } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { CreditBars } from "@/components/credits/usage-chart";
import { KIND_LABELS, LedgerTable } from "@/components/credits/ledger-table";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/field";
import { formatDate } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton, StatGridSkeleton } from "@/components/ui/skeleton-blocks";
import { StatCard } from "@/components/ui/stat-card";
import { forecastQuery, ledgerQuery, usageQuery, type CreditForecast, type CreditUsage, type LedgerKind } from "@/lib/queries/credits";
import { LEDGER_PAGE_SIZE, ledgerHref, ledgerRange, ledgerSearch } from "./search-params";

const n = (v: number) => v.toLocaleString("en-US");
const CADENCE: Record<CreditForecast["projects"][number]["cadence"], string> = { hourly: "Hourly", daily: "Daily", weekly: "Weekly", monthly: "Monthly" };
const SPENT = [
  { key: "sitemapAdmission", label: "Sitemap syncs", color: "#0369a1" },
  { key: "inspection", label: "Inspections", color: "#b45309" },
];

/** Settings → Credits: the balance, where the last 30 days' credits went, what scheduled inspections will cost, and the ledger. */
export function CreditsClient({ orgId, orgName }: { orgId: string; orgName: string }) {
  const usage = useQuery(usageQuery(orgId));
  const forecast = useQuery(forecastQuery(orgId));
  return (
    <div className="space-y-6">
      <p className="max-w-prose text-sm text-slate-600">
        Credits of <span className="font-medium text-slate-900">{orgName}</span>: 1 credit per URL a sitemap sync adds and per URL inspected
        (scheduled, “check again” or inspect now). Imports and URLs added by hand are free.
      </p>
      {usage.isPending || forecast.isPending ? (
        <StatGridSkeleton label="Loading the credit summary…" count={4} />
      ) : usage.isError || forecast.isError ? (
        <QueryError error={usage.error ?? forecast.error} retry={() => { void usage.refetch(); void forecast.refetch(); }} />
      ) : (
        <Summary usage={usage.data} forecast={forecast.data} />
      )}
      {usage.data && <UsageSection usage={usage.data} />}
      {forecast.data && <ForecastSection forecast={forecast.data} />}
      <LedgerSection orgId={orgId} />
    </div>
  );
}

function Summary({ usage, forecast }: { usage: CreditUsage; forecast: CreditForecast }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="credits-summary">
      <StatCard label="Balance" value={usage.balance} testId="credits-balance" />
      <StatCard label="Spent, last 30 days" value={usage.spent} hint={`${n(usage.granted)} added`} testId="credits-spent" />
      <StatCard label="Next cycle of inspections" value={forecast.nextCycleCredits} hint="credits, per project's cadence" testId="credits-next-cycle" />
      <StatCard
        label="Next 30 days (forecast)" value={forecast.next30DaysCredits} tone={forecast.runsOutOn ? "warn" : "neutral"} testId="credits-next-30"
        hint={forecast.runsOutOn ? <>The balance runs out on {formatDate(`${forecast.runsOutOn}T00:00:00Z`)}</> : "The balance covers it"}
      />
    </div>
  );
}

function UsageSection({ usage }: { usage: CreditUsage }) {
  const id = useId();
  const kinds = (Object.entries(usage.byKind) as [LedgerKind, number][]).filter(([, v]) => v !== 0);
  return (
    <Card>
      <section aria-labelledby={`${id}-h`} className="space-y-4" data-testid="credits-usage">
        <h2 id={`${id}-h`} className="text-base font-semibold">Last 30 days</h2>
        {usage.spent === 0 && usage.granted === 0 ? (
          <p className="text-sm text-slate-600">No credit moved in the last 30 days.</p>
        ) : (
          <>
            <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Totals per kind">
              {kinds.map(([kind, v]) => (
                <li key={kind}><span className="text-slate-600">{KIND_LABELS[kind][0]}:</span> <span className="font-semibold tabular-nums">{v > 0 ? "+" : "−"}{n(Math.abs(v))}</span></li>
              ))}
            </ul>
            <CreditBars rows={usage.daily} stacks={SPENT} caption="Credits spent per day over the last 30 days, by sitemap syncs and inspections"
              tableLabel="Credits spent per day" testId="credits-usage-chart" />
            {usage.byProject.length > 0 && (
              <DataTable
                label="Spending per project" rows={usage.byProject} rowKey={(p) => p.projectId} caption="Credits spent per project in the last 30 days"
                columns={[
                  { key: "name", header: "Project", cell: (p) => (p.deleted ? <>{p.name} (deleted)</> : <Link href={`/projects/${p.projectId}`} className="text-brand-700 underline-offset-2 hover:underline">{p.name}</Link>) },
                  { key: "sync", header: "Sitemap syncs", align: "right", cell: (p) => n(p.sitemapAdmission) },
                  { key: "insp", header: "Inspections", align: "right", cell: (p) => n(p.inspection) },
                  { key: "total", header: "Total", align: "right", cell: (p) => <span className="font-semibold">{n(p.sitemapAdmission + p.inspection)}</span> },
                ]}
              />
            )}
          </>
        )}
      </section>
    </Card>
  );
}

function ForecastSection({ forecast }: { forecast: CreditForecast }) {
  const id = useId();
  const spending = forecast.projects.filter((p) => p.next30DaysCredits > 0 || p.queued > 0);
  return (
    <Card>
      <section aria-labelledby={`${id}-h`} className="space-y-4" data-testid="credits-forecast">
        <div>
          <h2 id={`${id}-h`} className="text-base font-semibold">Forecast: scheduled inspections</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Each URL of a project with scheduled inspections is inspected at its next time and then once per cadence; the “check again” queue is
            inspected at the next run. URLs a future sitemap sync adds are not included.
          </p>
        </div>
        {forecast.runsOutOn && (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="credits-runs-out">
            At this pace the balance of {n(forecast.balance)} credits runs out on {formatDate(`${forecast.runsOutOn}T00:00:00Z`)}; inspections then
            pause until credits are added.
          </p>
        )}
        {spending.length === 0 ? (
          <EmptyState headingLevel={3} title="Nothing scheduled">No project has scheduled inspections or URLs waiting to be checked again: nothing will be spent on its own.</EmptyState>
        ) : (
          <>
            <CreditBars rows={forecast.daily} stacks={[{ key: "credits", label: "Forecast credits", color: "#b45309" }]}
              caption="Forecast credits per day over the next 30 days" tableLabel="Forecast credits per day" testId="credits-forecast-chart" />
            <DataTable
              label="Forecast per project" rows={forecast.projects} rowKey={(p) => p.projectId} rowProps={() => ({ "data-testid": "forecast-row" })}
              columns={[
                { key: "name", header: "Project", cell: (p) => <Link href={`/projects/${p.projectId}`} className="text-brand-700 underline-offset-2 hover:underline">{p.name}</Link> },
                {
                  key: "cadence", header: "Schedule", className: "whitespace-nowrap",
                  cell: (p) => (p.status === "paused" ? "Paused" : p.automatedInspectionsEnabled ? CADENCE[p.cadence] : "Off"),
                },
                { key: "urls", header: "Tracked URLs", align: "right", cell: (p) => n(p.trackedUrls) },
                { key: "due", header: "Due now", align: "right", cell: (p) => n(p.dueNow) },
                { key: "queued", header: "Check again", align: "right", cell: (p) => n(p.queued) },
                { key: "cycle", header: "Next cycle", align: "right", cell: (p) => n(p.nextCycleCredits) },
                { key: "month", header: "Next 30 days", align: "right", cell: (p) => <span className="font-semibold">{n(p.next30DaysCredits)}</span> },
              ]}
            />
          </>
        )}
      </section>
    </Card>
  );
}

function LedgerSection({ orgId }: { orgId: string }) {
  const id = useId();
  const pathname = usePathname();
  const params = useSearchParams();
  const search = ledgerSearch((k) => params.get(k));
  const range = ledgerRange(search.page);
  const ledger = useQuery(ledgerQuery(orgId, range, search.kind));
  const go = (s: { page: number; kind: LedgerKind | null }) => window.history.pushState(null, "", ledgerHref(pathname, s));
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3" data-testid="credits-ledger">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-h`} className="text-base font-semibold">Ledger</h2>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-kind`} className="text-sm font-medium text-slate-800">Show</label>
          <select id={`${id}-kind`} value={search.kind ?? ""} onChange={(e) => go({ page: 1, kind: (e.target.value || null) as LedgerKind | null })} className={`${inputClasses} w-auto`}>
            <option value="">Every movement</option>
            {(Object.keys(KIND_LABELS) as LedgerKind[]).map((k) => <option key={k} value={k}>{KIND_LABELS[k][0]}</option>)}
          </select>
        </div>
      </div>
      {ledger.isPending ? (
        <ListSkeleton label="Loading the ledger…" rows={5} />
      ) : ledger.isError ? (
        <QueryError error={ledger.error} retry={ledger.refetch} />
      ) : ledger.data.data.length === 0 ? (
        <EmptyState title={ledger.data.meta.total > 0 ? "There are no entries on this page" : "No entries"}>
          {ledger.data.meta.total > 0 ? "Go back to the first page." : "Credits added and spent show up here."}
        </EmptyState>
      ) : (
        <div aria-busy={ledger.isPlaceholderData || undefined} className={ledger.isPlaceholderData ? "opacity-60" : undefined}>
          <LedgerTable entries={ledger.data.data} />
          <Pagination
            label="Ledger pages" offset={range.offset} limit={LEDGER_PAGE_SIZE} total={ledger.data.meta.total} shown={ledger.data.data.length}
            onOffset={(offset) => go({ page: Math.floor(offset / LEDGER_PAGE_SIZE) + 1, kind: search.kind })}
          />
        </div>
      )}
    </section>
  );
}
