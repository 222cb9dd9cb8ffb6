"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DangerButton } from "@/components/ui/danger-button";
import { DeclareSelectedRemoval } from "@/components/removals/declare-selected-removal";
import { projectKeys } from "@/lib/queries/projects";
import { setUrlPriority, untrackUrls, type ProjectPath, type UrlFilters, type UrlPriority, type UrlSelection } from "@/lib/queries/urls";
import { MAX_BULK_URLS } from "@/lib/urls/limits";
import { CheckAgain } from "./check-again";
import { urlCount } from "./labels";


/** What the bar acts on: the rows ticked on this page, or every URL the filters match (`total` of them). */
export type BulkTarget = { kind: "ids"; ids: string[] } | { kind: "all"; selection: UrlSelection & { expectedCount: number }; total: number };

const PRIORITY_CHOICES: { value: UrlPriority | "rules"; label: string; hint: string }[] = [
  { value: "high", label: "High", hint: "Asked of Google first within the daily quota." },
  { value: "normal", label: "Normal", hint: "" },
  { value: "low", label: "Low", hint: "Asked of Google last." },
  { value: "rules", label: "By the priority rules", hint: "Forget the priority set by hand: the project's path rules decide." },
];

/**
 * The URL table's bulk actions on `target`, each with the count and a confirmation: check again (with its cost),
 * set priority, stop tracking, declare a removal (of the selection or of every match); the export (a CSV download) takes the
 * selection, or else the whole list as searched, filtered and sorted. Over a filter,
 * the count confirmed goes with the request, so URLs that came or went since are never acted on unseen (409), and
 * more than 10,000 URLs are left to the export.
 */
export function BulkActions({ projectRef, target, total, filters, exportHref, onDone }: {
  projectRef: ProjectPath; target: BulkTarget | null; total: number; filters: UrlFilters; exportHref: string; onDone: () => void;
}) {
  const count = !target ? 0 : target.kind === "ids" ? target.ids.length : target.total;
  const tooMany = target?.kind === "all" && target.total > MAX_BULK_URLS;
  const selection: UrlSelection | null = !target || count === 0 || tooMany ? null : target.kind === "ids" ? { urlIds: target.ids } : target.selection;
  const reason = !target || count === 0
    ? "Tick URLs on this page, or select every URL the filters match."
    : `At most ${MAX_BULK_URLS.toLocaleString("en-US")} URLs at once: narrow the search or the filters (the export takes any number).`;

  return (
    <div className="flex flex-wrap items-start gap-x-3 gap-y-2" data-testid="bulk-actions">
      <CheckAgain projectRef={projectRef} selection={selection} count={count} label="Check again…" disabledReason={reason} onQueued={onDone} />
      <SetPriority projectRef={projectRef} selection={selection} count={count} disabledReason={reason} onDone={onDone} />
      {/* A plain download link: the session cookie authenticates it, and the browser streams the file to disk. */}
      <a href={exportHref} download className={buttonClasses("secondary")} title="The URL and the columns shown, Google and Bing named">
        {target?.kind === "ids" ? `Export ${count} selected as CSV` : `Export all ${urlCount(total)} as CSV`}
      </a>
      <StopTracking projectRef={projectRef} selection={selection} count={count} disabledReason={reason} onDone={onDone} />
      <DeclareSelectedRemoval projectRef={projectRef} urlIds={target?.kind === "ids" ? target.ids : []} filters={filters} matching={total} onDeclared={onDone} />
    </div>
  );
}

function SetPriority({ projectRef, selection, count, disabledReason, onDone }: { projectRef: ProjectPath; selection: UrlSelection | null; count: number; disabledReason: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<UrlPriority | "rules">("high");
  const [done, setDone] = useState("");
  return (
    <div className="space-y-1">
      <Button variant="secondary" disabled={!selection} aria-haspopup="dialog" title={selection ? undefined : disabledReason} onClick={() => { setDone(""); setOpen(true); }}>
        Set priority…
      </Button>
      <p role="status" className="text-sm text-emerald-800 empty:hidden" data-testid="priority-result">{done}</p>
      {open && selection && (
        <ConfirmDialog
          title={`Set the priority of ${urlCount(count)}`}
          confirmLabel={`Set priority of ${urlCount(count)}`}
          busyLabel="Saving…"
          onClose={() => setOpen(false)}
          onConfirm={async () => {
            const r = await setUrlPriority(projectRef, selection, choice === "rules" ? null : choice);
            setDone(`Priority of ${urlCount(r.updated)} ${choice === "rules" ? "handed back to the priority rules" : `set to ${choice}`}.`);
            setOpen(false);
            onDone();
            await queryClient.invalidateQueries({ queryKey: projectKeys.project(projectRef.orgId, projectRef.projectId) });
          }}
          options={
            <fieldset className="space-y-2">
              <legend className="font-medium text-slate-900">Priority</legend>
              {PRIORITY_CHOICES.map((c) => (
                <label key={c.value} className="flex items-start gap-2">
                  <input type="radio" name="priority" className="mt-0.5 size-4" checked={choice === c.value} onChange={() => setChoice(c.value)} />
                  <span>{c.label}{c.hint && <span className="block text-xs text-slate-600">{c.hint}</span>}</span>
                </label>
              ))}
            </fieldset>
          }
        >
          A priority set here stays when the project&apos;s priority rules change; it orders which URLs Google is asked about first each day.
        </ConfirmDialog>
      )}
    </div>
  );
}

function StopTracking({ projectRef, selection, count, disabledReason, onDone }: { projectRef: ProjectPath; selection: UrlSelection | null; count: number; disabledReason: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState("");
  return (
    <div className="space-y-1">
      <DangerButton look="subtle" disabled={!selection} aria-haspopup="dialog" title={selection ? undefined : disabledReason} onClick={() => { setDone(""); setOpen(true); }}>
        Stop tracking…
      </DangerButton>
      <p role="status" className="max-w-prose text-sm text-emerald-800 empty:hidden" data-testid="untrack-result">{done}</p>
      {open && selection && (
        <ConfirmDialog
          title={`Stop tracking ${urlCount(count)}?`}
          confirmLabel={`Stop tracking ${urlCount(count)}`}
          busyLabel="Removing…"
          danger
          onClose={() => setOpen(false)}
          onConfirm={async () => {
            const r = await untrackUrls(projectRef, selection);
            const notes = [
              r.keptInRemoval ? `${urlCount(r.keptInRemoval)} kept: an active removal follows them` : "",
              r.stillInSitemap ? `${urlCount(r.stillInSitemap)} still in the sitemap will not come back with it` : "",
            ].filter(Boolean);
            setDone(`${urlCount(r.removed)} no longer tracked.${notes.length ? ` ${notes.join("; ")}.` : ""}`);
            setOpen(false);
            onDone();
            await queryClient.invalidateQueries({ queryKey: projectKeys.project(projectRef.orgId, projectRef.projectId) });
          }}
        >
          <p>
            {count === 1 ? "The URL leaves" : `The ${urlCount(count)} leave`} this project&apos;s inventory with {count === 1 ? "its" : "their"} history, issue
            memberships, Search Analytics and crawl data. This cannot be undone.
          </p>
          <p className="mt-2">
            They will not come back with the sitemap or an import: they are excluded from tracking (listed above the URL table, where you can allow
            them back). Adding a URL by hand tracks it again. URLs in an active removal are kept.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
