"use client";

import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { periodLabel } from "@/lib/reports/periods";
import { MAX_REPORT_RECIPIENTS, type ReportCadence } from "@/lib/reports/schemas";
import { latestReportHref, reportKeys, reportScheduleQuery, sendTestReport, setReportSchedule, type ReportSchedule } from "@/lib/queries/reports";
import type { ProjectPath } from "@/lib/queries/urls";

const CADENCES: [ReportCadence, string, string][] = [
  ["off", "Off", "No scheduled reports."],
  ["weekly", "Weekly", "Every Monday, for the week before (Monday to Sunday, UTC)."],
  ["monthly", "Monthly", "On the 1st, for the month before."],
];

const period = (p: { cadence: "weekly" | "monthly"; start: string; end: string }) =>
  `${p.cadence === "weekly" ? "the week of " : ""}${periodLabel({ cadence: p.cadence, start: new Date(p.start), end: new Date(p.end) })}`;

/** Scheduled client reports: cadence and recipients, a test sent to yourself, and the latest PDF. */
export function ReportScheduleCard({ projectRef }: { projectRef: ProjectPath }) {
  const schedule = useQuery(reportScheduleQuery(projectRef));
  return (
    <Card>
      <section aria-labelledby="reports-heading" className="space-y-4" data-testid="report-schedule">
        <div>
          <h2 id="reports-heading" className="text-lg font-semibold">Scheduled reports</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            A PDF by email: the counters and how they changed, indexed pages over 90 days, what Google and Bing index, time to index,
            the issues opened and fixed, and what was submitted through IndexNow.
          </p>
        </div>
        {schedule.isPending ? <ListSkeleton label="Loading the schedule…" rows={3} />
          : schedule.isError ? <ErrorAlert error={schedule.error} />
          
          : <ScheduleForm projectRef={projectRef} schedule={schedule.data} />}
      </section>
    </Card>
  );
}

function ScheduleForm({ projectRef, schedule }: { projectRef: ProjectPath; schedule: ReportSchedule }) {
  const queryClient = useQueryClient();
  const ids = { recipients: useId(), hint: useId(), cadence: useId() };
  const [cadence, setCadence] = useState<ReportCadence>(schedule.cadence);
  const [text, setText] = useState(schedule.recipients.join("\n"));
  const [saved, setSaved] = useState(false);
  const recipients = text.split(/[\s,;]+/).map((r) => r.trim()).filter(Boolean);
  const save = useMutation({
    mutationFn: () => setReportSchedule(projectRef, { cadence, recipients }),
    onSuccess: (s) => { queryClient.setQueryData(reportKeys.schedule(projectRef), s); setSaved(true); },
  });
  const test = useMutation({
    mutationFn: () => sendTestReport(projectRef),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.schedule(projectRef) }),
  });
  const last = schedule.lastReport;
  const active = schedule.recipients.length - schedule.unsubscribed.length;

  return (
    <div className="space-y-5">
      <form className="space-y-4" onSubmit={(e) => { e.preventDefault(); setSaved(false); save.mutate(); }}>
        <fieldset>
          <legend id={ids.cadence} className="text-sm font-medium text-slate-800">Send a report</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {CADENCES.map(([value, label, hint]) => (
              <label key={value} className={`flex cursor-pointer gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                cadence === value ? "border-brand-600 bg-brand-50" : "border-slate-300 hover:bg-slate-50"}`}>
                <input type="radio" name="cadence" value={value} checked={cadence === value} onChange={() => setCadence(value)} className="mt-0.5" />
                <span><span className="font-medium text-slate-900">{label}</span><span className="block text-xs text-slate-600">{hint}</span></span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={ids.recipients} className="block text-sm font-medium text-slate-800">Recipients</label>
          <textarea id={ids.recipients} value={text} onChange={(e) => setText(e.target.value)} rows={4} aria-describedby={ids.hint}
            className={`${inputClasses} mt-1 font-mono`} placeholder={"client@example.com\nseo@youragency.com"} spellCheck={false} />
          <p id={ids.hint} className="mt-1 text-xs text-slate-600">
            Email addresses, one a line (or separated by commas), up to {MAX_REPORT_RECIPIENTS}. Each gets their own copy, with a link to stop them.
          </p>
          {schedule.unsubscribed.length > 0 && (
            <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="report-unsubscribed">
              <p className="font-medium">Unsubscribed: {schedule.unsubscribed.length === 1 ? "this address gets" : "these addresses get"} no report, even when listed</p>
              <ul className="mt-1 list-inside list-disc font-mono text-xs">{schedule.unsubscribed.map((e) => <li key={e}>{e}</li>)}</ul>
              <p className="mt-1 text-xs">They stopped the reports with the link in a report mail; only they could ask for them again.</p>
            </div>
          )}
        </div>
        {save.isError && <ErrorAlert error={save.error} />}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : "Save schedule"}</Button>
          <p role="status" className="text-sm text-emerald-800">{saved ? "Schedule saved." : ""}</p>
        </div>
      </form>

      <div className="space-y-1 text-sm text-slate-700" data-testid="report-status">
        {schedule.nextReport
          ? <p>Next report: {period(schedule.nextReport)}, sent to {active} {active === 1 ? "recipient" : "recipients"} after {formatDateTime(schedule.nextReport.sendsAfter)}.</p>
          : <p>Scheduled reports are off.</p>}
        {last
          ? <p>Latest report: {period(last)}, made {formatDateTime(last.generatedAt)}{last.test ? " (a test, sent to you)" : last.status === "failed" ? " (the mail could not be sent)" : ""}.</p>
          : <p>No report has been made yet.</p>}
      </div>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate()}>{test.isPending ? "Sending…" : "Send a test report now"}</Button>
        {last && (
          <a href={latestReportHref(projectRef)} download className={buttonClasses("secondary")} data-testid="download-latest-report">
            Download latest report (PDF)
          </a>
        )}
        <p role="status" className="text-sm text-emerald-800">
          {test.data ? `Sent to ${test.data.sentTo.join(", ")}: the report of ${period({ cadence: test.data.cadence, start: test.data.periodStart, end: test.data.periodEnd })}.` : ""}
        </p>
      </div>
      <p className="text-xs text-slate-600">A test report goes to you only, with the last complete {cadence === "monthly" ? "month" : "week"}; it becomes the latest report.</p>
      {test.isError && <ErrorAlert error={test.error} />}
    </div>
  );
}
