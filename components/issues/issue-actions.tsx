"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses } from "@/components/ui/field";
import { PROJECT_LEVEL_TYPES } from "@/lib/issues/severity";
import { issueTitle } from "@/lib/issues/issue-types";
import type { Issue, UpdateIssue } from "@/lib/queries/issues";

const NOTE_MAX = 1000;

/**
 * open → resolve or ignore; resolved → reopen; ignored → reopen or resolve. Resolve and ignore ask first and
 * say what they do (ignore takes an optional note); reopen brings back what is still affected at once.
 */
export function IssueActions({ issue, busy, onChange, onDone }: {
  issue: Issue; busy: boolean; onChange: (body: UpdateIssue) => Promise<Issue>; onDone: (updated: Issue, body: UpdateIssue) => void;
}) {
  const [asking, setAsking] = useState<"resolve" | "ignore" | null>(null);
  const [note, setNote] = useState("");
  const [reopenError, setReopenError] = useState<unknown>(null);
  const noteId = useId();
  const close = () => setAsking(null);
  // The outcome is announced once the dialog is gone, so that the focus can move to it (nothing outside a modal dialog takes focus).
  const run = async (body: UpdateIssue) => {
    const updated = await onChange(body);
    close();
    onDone(updated, body);
  };
  const projectLevel = PROJECT_LEVEL_TYPES.includes(issue.type);
  const n = issue.affectedUrlCount;
  const urls = `${n.toLocaleString("en-US")} affected ${n === 1 ? "URL" : "URLs"}`;

  return (
    <div className="flex flex-wrap gap-2">
      {issue.status !== "resolved" && <Button onClick={() => setAsking("resolve")} disabled={busy}>Resolve…</Button>}
      {issue.status === "open" && <Button variant="secondary" onClick={() => { setNote(""); setAsking("ignore"); }} disabled={busy}>Ignore…</Button>}
      {issue.status !== "open" && (
        <Button variant="secondary" disabled={busy} onClick={() => { setReopenError(null); run({ status: "open" }).catch(setReopenError); }}>Reopen</Button>
      )}
      {reopenError !== null && <ErrorAlert error={reopenError} className="w-full" />}

      {asking === "resolve" && (
        <ConfirmDialog title="Resolve this issue?" confirmLabel="Resolve" busyLabel="Resolving…" onClose={close} onConfirm={() => run({ status: "resolved" })}>
          <p>
            {projectLevel ? "The issue is marked fixed now." : <>The issue and its {urls} are marked fixed now.</>} Nothing changes on your site and
            nothing is checked: if the next {projectLevel ? "sync or check" : "check of a URL"} still finds the problem, the issue opens again
            {projectLevel ? "" : " with that URL"}.
          </p>
          {!projectLevel && <p className="mt-2">Reopening it later brings back the URLs that no check has found fixed in the meantime.</p>}
        </ConfirmDialog>
      )}
      {asking === "ignore" && (
        <ConfirmDialog
          title={`Ignore “${issueTitle(issue.type)}”?`}
          confirmLabel="Ignore"
          busyLabel="Ignoring…"
          onClose={close}
          onConfirm={() => run({ status: "ignored", note })}
          options={
            <div className="space-y-1">
              <label htmlFor={noteId} className="block font-medium text-slate-800">Note (optional)</label>
              <textarea
                id={noteId} rows={3} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)}
                className={inputClasses} placeholder="Why, for your team: e.g. “These redirects are intended: old campaign links.”"
              />
              <p className="text-xs text-slate-600">{note.length} of {NOTE_MAX} characters. Kept with the issue and in the audit log.</p>
            </div>
          }
        >
          <p>
            This type of problem stops counting as open for this project. Detections are still recorded (the affected URLs stay listed), but they
            do not reopen the issue or notify anyone. You can reopen it at any time.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
