"use client";

import { useId, type ReactNode } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { ProgressBar } from "@/components/ui/progress-bar";
import { activationPreviewQuery, automationKeys, CADENCES, setAutomation, type ActivationPreview, type Cadence } from "@/lib/queries/automation";
import { ApiRequestError } from "@/lib/queries/fetch-api";
import { projectKeys, projectQuery } from "@/lib/queries/projects";
import { projectHref } from "../project-paths";

const CADENCE_LABELS: Record<Cadence, string> = { hourly: "Every hour", daily: "Every day", weekly: "Every week", monthly: "Every 30 days" };
const CYCLE_NAMES: Record<Cadence, string> = { hourly: "hourly", daily: "daily", weekly: "weekly", monthly: "30-day" };
const n = (v: number) => v.toLocaleString("en-US");
const urls = (v: number) => `${n(v)} ${v === 1 ? "URL" : "URLs"}`;

/**
 * Scheduled inspections: the on/off switch and the cadence (PUT …/automation, with its 409/402 shown here),
 * the next run, what a cycle costs against the balance, the current cycle's progress and the "check again"
 * queue, and a plain "Paused — out of credits" state when automation is on and the balance is empty.
 */
export function AutomationCard({ orgId, projectId }: { orgId: string; projectId: string }) {
  const preview = useQuery(activationPreviewQuery(orgId, projectId));
  return (
    <Card>
      <section aria-labelledby="automation-heading" data-testid="automation-card">
        {preview.isPending ? (
          <>
            <h2 id="automation-heading" className="text-base font-semibold">Scheduled inspections</h2>
            <div role="status" aria-busy="true" className="mt-3 h-32 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading scheduled inspections…</span></div>
          </>
        ) : preview.isError ? (
          <>
            <h2 id="automation-heading" className="text-base font-semibold">Scheduled inspections</h2>
            <ErrorAlert error={preview.error} className="mt-3" />
          </>
        ) : (
          <Automation orgId={orgId} projectId={projectId} p={preview.data} />
        )}
      </section>
    </Card>
  );
}

function Automation({ orgId, projectId, p }: { orgId: string; projectId: string; p: ActivationPreview }) {
  const id = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { enabled: boolean; cadence: Cadence }) => setAutomation(orgId, projectId, body),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectQuery(orgId, projectId).queryKey, project);
      await queryClient.invalidateQueries({ queryKey: automationKeys.preview(orgId, projectId) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists(orgId) });
    },
  });
  const on = p.automatedInspectionsEnabled;
  const paused = on && p.pausedForCredits;
  const status = paused ? <Badge tone="danger">Paused — out of credits</Badge> : on ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>;
  const short = p.creditBalance < p.creditsForFullCycle;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="automation-heading" className="flex flex-wrap items-center gap-2 text-base font-semibold">
            Scheduled inspections <span data-testid="automation-status">{status}</span>
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Every tracked URL is audited once per cycle (health, redirects, robots.txt, canonical, noindex) for 1 credit each.
          </p>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex items-center gap-3">
          <button
            type="button"
            role="switch"
            id={`${id}-switch`}
            aria-checked={on}
            aria-describedby={`${id}-switch-hint`}
            disabled={save.isPending}
            onClick={() => save.mutate({ enabled: !on, cadence: p.cadence })}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${on ? "bg-brand-600" : "bg-slate-400"}`}
          >
            <span aria-hidden="true" className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5.5" : "translate-x-0.5"}`} />
          </button>
          <label htmlFor={`${id}-switch`} className="text-sm font-medium text-slate-800">Automated inspections</label>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-cadence`} className="block text-sm font-medium text-slate-800">Cadence</label>
          <select
            id={`${id}-cadence`}
            value={p.cadence}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ enabled: on, cadence: e.target.value as Cadence })}
            className={`${inputClasses} w-44`}
          >
            {CADENCES.map((c) => <option key={c} value={c}>{CADENCE_LABELS[c]}</option>)}
          </select>
        </div>
        <p id={`${id}-switch-hint`} className="text-xs text-slate-600 sm:pb-2.5">
          {save.isPending ? "Saving…" : on ? "Turn off to stop scheduled inspections; nothing more is charged." : p.verified ? "Needs a tracked URL and at least 1 credit." : "Needs verified ownership of the domain first."}
        </p>
      </div>

      <div aria-live="polite" className="mt-3 empty:hidden">
        {save.isError && <AutomationError error={save.error} projectId={projectId} />}
      </div>

      {paused && (
        <div role="status" data-testid="automation-paused" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-semibold">Paused — out of credits.</p>
          <p>
            Your organization has no credits left, so no URL is inspected{p.dueNow > 0 ? ` (${urls(p.dueNow)} due now)` : ""}. Inspections resume on their own once credits are added; nothing is charged meanwhile.
          </p>
        </div>
      )}

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Next run" testId="automation-next-run">
          {on && p.nextInspectionAt ? <time dateTime={p.nextInspectionAt}>{formatDateTime(p.nextInspectionAt)}</time> : on ? "Nothing scheduled" : "Off"}
          {on && p.dueNow > 0 && !paused && <span className="block text-xs text-slate-600">{urls(p.dueNow)} due now</span>}
        </Fact>
        <Fact label={`Credits per ${CYCLE_NAMES[p.cadence]} cycle`} testId="automation-cost">
          <span className="tabular-nums">{n(p.creditsForFullCycle)}</span>
          <span className="block text-xs text-slate-600">one per tracked URL</span>
        </Fact>
        <Fact label="Credit balance" testId="automation-balance">
          <span className={`tabular-nums ${short ? "text-amber-800" : ""}`}>{n(p.creditBalance)}</span>
          <span className="block text-xs text-slate-600">
            {p.creditsForFullCycle === 0 ? "No URLs to inspect yet" : short ? `Covers ${urls(p.urlsInspectableNow)} of ${n(p.creditsForFullCycle)}` : "Covers a full cycle"}
          </span>
        </Fact>
        <Fact label="Check-again queue" testId="automation-queue">
          <span className="tabular-nums">{urls(p.queued)}</span>
          <span className="block text-xs text-slate-600">inspected first, 1 credit each</span>
        </Fact>
      </dl>

      <div className="mt-4" data-testid="automation-progress">
        <ProgressBar
          label={`This cycle: ${n(Math.min(p.inspectedThisCycle, p.trackedUrlCount))} of ${urls(p.trackedUrlCount)} inspected`}
          value={p.inspectedThisCycle}
          max={p.trackedUrlCount}
          valueText={`${n(Math.min(p.inspectedThisCycle, p.trackedUrlCount))} of ${urls(p.trackedUrlCount)}`}
        />
      </div>
    </>
  );
}

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div data-testid={testId}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The reasons enabling can fail, each with the way out. */
function AutomationError({ error, projectId }: { error: unknown; projectId: string }) {
  const link = "font-medium underline underline-offset-2";
  if (error instanceof ApiRequestError) {
    const box = (title: string, body: ReactNode) => (
      <div role="alert" data-testid="automation-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        <p className="font-semibold">{title}</p>
        <p>{body}</p>
      </div>
    );
    if (error.code === "OWNERSHIP_NOT_VERIFIED")
      return box("Verify the domain first.", <>Scheduled inspections need proof that the domain is yours. <Link href={projectHref(projectId, "setup")} className={link}>Prove ownership</Link>.</>);
    if (error.code === "NO_TRACKED_URLS")
      return box("There is nothing to inspect yet.", <>Add URLs first: <Link href={projectHref(projectId, "sitemaps")} className={link}>sync the sitemap</Link> or <Link href={projectHref(projectId, "urls")} className={link}>add URLs by hand</Link>.</>);
    if (error.code === "INSUFFICIENT_CREDITS") {
      const available = Number(error.meta?.available);
      return box("Not enough credits.", `Scheduled inspections need at least 1 credit${Number.isFinite(available) ? `; your organization has ${n(available)}` : ""}. Automation stays off.`);
    }
  }
  return <ErrorAlert error={error} />;
}
