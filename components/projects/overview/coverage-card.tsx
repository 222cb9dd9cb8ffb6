"use client";

import { useId, type ReactNode } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { coverageQuery, type Coverage, type PlanReason } from "@/lib/queries/coverage";
import type { Project } from "@/lib/queries/projects";
import { projectHref } from "../project-paths";
import { CHECK_REASON_LABELS } from "@/components/urls/check-reasons";
import { ShareBar } from "./share-bar";

/** Today's plan by reason, in the order the backlog spends the quota (lib/coverage PLAN_REASONS). */
export const PLAN_REASON_LABELS: Record<PlanReason, { label: string; hint: string }> = {
  never_observed: CHECK_REASON_LABELS.never_observed,
  check_again: CHECK_REASON_LABELS.check_again,
  audit_changed: CHECK_REASON_LABELS.audit_changed,
  at_risk: { label: CHECK_REASON_LABELS.at_risk.label, hint: "An important page whose impressions stopped, or one Google last said indexed" },
  crawl_aging: CHECK_REASON_LABELS.crawl_aging,
  oldest_verdict: CHECK_REASON_LABELS.oldest_verdict,
};

const n = (v: number) => v.toLocaleString("en-US");
const plural = (v: number, one: string, many: string) => `${n(v)} ${v === 1 ? one : many}`;
const link = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

/**
 * Coverage: per engine the tracked URLs by the age of their verdict (within 7 days, 8–30 days, older, none yet: they add
 * up to the tracked URLs), where Google's verdicts come from, and what today's Google inspections will be spent on, by reason.
 */
export function CoverageCard({ orgId, project }: { orgId: string; project: Project }) {
  const id = useId();
  const coverage = useQuery(coverageQuery(orgId, project.id));
  return (
    <Card>
      <section aria-labelledby={`${id}-title`} data-testid="coverage">
        <h2 id={`${id}-title`} className="text-lg font-semibold">Coverage</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">
          How recent Google&apos;s and Bing&apos;s verdicts on your tracked URLs are, and what today&apos;s Google inspections go to.
        </p>
        {/* A retry after an error shows the skeleton again, so "Try again" visibly does something. */}
        {coverage.isPending || (coverage.isError && coverage.isFetching) ? (
          <CoverageSkeleton />
        ) : coverage.isError ? (
          <div className="mt-4"><QueryError error={coverage.error} retry={coverage.refetch} /></div>
        ) : (
          <CoverageBody project={project} c={coverage.data} />
        )}
      </section>
    </Card>
  );
}

function CoverageBody({ project, c }: { project: Project; c: Coverage }) {
  if (c.engineA.urls === 0) {
    return (
      <div className="mt-4 space-y-3">
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="coverage-empty">
          No URLs tracked yet. Coverage fills in once URLs are tracked:{" "}
          <Link href={projectHref(project.id, "setup")} className={link}>sync the sitemap</Link> or{" "}
          <Link href={projectHref(project.id, "imports")} className={link}>import a list of URLs</Link>.
        </p>
        {c.properties.length === 0 && <ConnectGoogle projectId={project.id} />}
      </div>
    );
  }
  return (
    <div className="mt-4 grid gap-x-8 gap-y-6 md:grid-cols-2 lg:grid-cols-3">
      <EngineCoverage name="Google" testId="coverage-google" e={c.engineA}>
        <h4 className="mt-5 text-sm font-semibold text-slate-800">Where the verdicts come from</h4>
        <ul className="mt-2 space-y-3">
          <ShareBar label="URL inspection" name="Google verdicts from URL inspection" value={c.engineA.bySource.inspection ?? 0} max={c.engineA.urls} tone="bg-brand-600" />
          <ShareBar label="Search performance (impressions)" name="Google verdicts from search performance (impressions)"
            value={c.engineA.bySource.search_analytics ?? 0} max={c.engineA.urls} tone="bg-sky-600" />
        </ul>
      </EngineCoverage>
      <EngineCoverage name="Bing" testId="coverage-bing" e={c.engineB}>
        {!project.engineBConnectedAt && (
          <p className="mt-4 text-sm text-slate-700" data-testid="coverage-bing-not-connected">
            <Link href={projectHref(project.id, "connections")} className={link}>Connect Bing Webmaster Tools</Link> to get Bing&apos;s verdicts.
          </p>
        )}
      </EngineCoverage>
      <div className="md:col-span-2 lg:col-span-1">
        <TodaysPlan projectId={project.id} coverage={c} />
      </div>
    </div>
  );
}

function EngineCoverage({ name, testId, e, children }: { name: string; testId: string; e: Coverage["engineA"]; children?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h3 id={id} className="text-base font-semibold">{name}</h3>
      <p className="text-sm text-slate-600">{plural(e.urls, "tracked URL", "tracked URLs")}</p>
      {/* Disjoint buckets: the four bars add up to the tracked URLs. */}
      <ul className="mt-3 space-y-3" aria-label={`${name}: tracked URLs by the age of the verdict`}>
        <ShareBar label="Verdict from the last 7 days" name={`${name}: verdict from the last 7 days`} value={e.ages.within7d} max={e.urls} tone="bg-emerald-600" />
        <ShareBar label="Verdict 8–30 days old" name={`${name}: verdict 8 to 30 days old`} value={e.ages.days8to30} max={e.urls} tone="bg-emerald-400" />
        <ShareBar label="Verdict older than 30 days" name={`${name}: verdict older than 30 days`} value={e.ages.olderThan30d} max={e.urls} tone="bg-amber-500" />
        <ShareBar label="No verdict yet" name={`${name}: no verdict yet`} value={e.ages.none} max={e.urls} tone="bg-slate-400" />
      </ul>
      {children}
    </section>
  );
}

function TodaysPlan({ projectId, coverage }: { projectId: string; coverage: Coverage }) {
  const id = useId();
  const { plan, properties } = coverage;
  const limit = properties.reduce((sum, p) => sum + p.quotaLimit, 0);
  const left = properties.reduce((sum, p) => sum + (p.sharedQuotaDetected ? 0 : Math.max(0, p.quotaLimit - p.quotaUsedToday)), 0);
  const shared = properties.filter((p) => p.sharedQuotaDetected);
  return (
    <section aria-labelledby={id} data-testid="coverage-plan">
      <h3 id={id} className="text-base font-semibold">Today&apos;s plan</h3>
      {properties.length === 0 ? (
        <div className="mt-3"><ConnectGoogle projectId={projectId} /></div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700" data-testid="coverage-planned">
            <span className="text-2xl font-semibold tabular-nums text-slate-900">{n(plan.planned)}</span>{" "}
            Google {plan.planned === 1 ? "inspection" : "inspections"} planned today
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {n(left)} of {n(limit)} inspections left today across {plural(properties.length, "property", "properties")}; Google&apos;s day (
            <time dateTime={plan.date}>{formatDate(plan.date)}</time>) ends at midnight Pacific time.
          </p>
          {plan.planned === 0 ? (
            <p className="mt-3 text-sm text-slate-700" data-testid="coverage-plan-empty">
              {left === 0 ? "Today's quota is spent: the plan starts again tomorrow." : "No URL is owed a Google check today: every verdict is recent or proven by impressions."}
            </p>
          ) : (
            <ul className="mt-3 space-y-3" aria-label="Planned inspections by reason">
              {(Object.keys(PLAN_REASON_LABELS) as PlanReason[]).map((reason) => (
                <ShareBar
                  key={reason}
                  label={PLAN_REASON_LABELS[reason].label}
                  name={`Planned: ${PLAN_REASON_LABELS[reason].label.toLowerCase()}`}
                  hint={PLAN_REASON_LABELS[reason].hint}
                  value={plan.byReason[reason] ?? 0}
                  max={plan.planned}
                  unit="planned inspections"
                  tone="bg-brand-600"
                />
              ))}
            </ul>
          )}
          {shared.length > 0 && (
            <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="coverage-shared-quota">
              Another tool spends the quota of {shared.map((p) => p.propertyUrl).join(", ")}: fewer inspections are left.{" "}
              <Link href={projectHref(projectId, "connections")} className="font-medium underline underline-offset-2">See the properties</Link>.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function ConnectGoogle({ projectId }: { projectId: string }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700" data-testid="coverage-gsc-not-connected">
      <p className="font-medium text-slate-900">Connect Google Search Console to plan inspections</p>
      <p className="mt-1">Each day IndexWatch spends the property&apos;s URL inspections on the URLs that need a check most.</p>
      <p className="mt-2"><Link href={projectHref(projectId, "connections")} className={link}>Go to Connections</Link></p>
    </div>
  );
}

function CoverageSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mt-4 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading coverage…</span>
      {[0, 1, 2].map((col) => (
        <div key={col} className="animate-pulse space-y-4">
          <div className="h-5 w-24 rounded bg-slate-200" />
          {[0, 1, 2].map((row) => (
            <div key={row} className="space-y-1.5">
              <div className="h-3.5 w-40 rounded bg-slate-100" />
              <div className="h-2 rounded-full bg-slate-100" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
