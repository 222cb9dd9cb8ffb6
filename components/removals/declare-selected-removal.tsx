"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { declareRemoval, removalKeys, type CreatedRemoval } from "@/lib/queries/removals";
import type { ProjectPath, UrlFilters } from "@/lib/queries/urls";
import { count, INTENT_LABELS, MAX_REMOVAL_URLS } from "./labels";

type Intent = "gone" | "redirected" | "noindexed" | "blocked";
/** What the URL list offers: its selection on the page shown, and everything its filters match (`matching` URLs). */
type Scope = { urlIds: string[]; filters: UrlFilters; matching: number };

/** The URL list's bulk action: declare the selected URLs, or every URL the current filters match, removed with an intent. */
export function DeclareSelectedRemoval({ projectRef, onDeclared, ...scope }: Scope & { projectRef: ProjectPath; onDeclared: () => void }) {
  const [open, setOpen] = useState(false);
  const filtered = Object.keys(scope.filters).length > 0;
  return (
    <>
      <Button variant="secondary" disabled={!scope.urlIds.length && !filtered} onClick={() => setOpen(true)} aria-haspopup="dialog"
        title={scope.urlIds.length || filtered ? undefined : "Select URLs with the checkboxes, or filter the list, to declare them removed."}>
        Declare removal…
      </Button>
      {open && <Dialog projectRef={projectRef} scope={scope} onClose={() => setOpen(false)} onDeclared={onDeclared} />}
    </>
  );
}

function Dialog({ projectRef, scope, onClose, onDeclared }: { projectRef: ProjectPath; scope: Scope; onClose: () => void; onDeclared: () => void }) {
  const intentId = useId();
  const queryClient = useQueryClient();
  const filtered = Object.keys(scope.filters).length > 0;
  const [which, setWhich] = useState<"selected" | "matching">(scope.urlIds.length ? "selected" : "matching");
  const tooMany = which === "matching" && scope.matching > MAX_REMOVAL_URLS;
  const [intent, setIntent] = useState<Intent>("gone");
  const [target, setTarget] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<CreatedRemoval | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const urls = which === "selected" ? { urlIds: scope.urlIds } : { filter: scope.filters };
      const r = await declareRemoval(projectRef, { ...urls, intent, ...(intent === "redirected" && target.trim() ? { redirectTarget: target.trim() } : {}) });
      setDone(r);
      void queryClient.invalidateQueries({ queryKey: removalKeys.all(projectRef) });
      onDeclared();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Declare URLs removed" onClose={onClose}>
      {done ? (
        <div className="space-y-3 text-sm" role="status">
          <p>
            The removal of {count(done.counts.total)} URL{done.counts.total === 1 ? "" : "s"} is declared: it is followed on
            the <Link className="text-brand-700 underline" href={`/projects/${projectRef.projectId}/removals`}>Removals page</Link>.
          </p>
          {done.warnings.map((w) => <p key={w.code} className="text-amber-900">{w.message}</p>)}
          <Button onClick={onClose}>Close</Button>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <fieldset className="space-y-2 text-sm">
            <legend className="font-medium text-slate-800">Which URLs</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="which" checked={which === "selected"} disabled={!scope.urlIds.length} onChange={() => setWhich("selected")} />
              The {count(scope.urlIds.length)} selected on this page
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="which" checked={which === "matching"} disabled={!filtered} onChange={() => setWhich("matching")} />
              {filtered ? `All ${count(scope.matching)} URLs matching the current filters` : "All URLs matching the filters (filter the list first)"}
            </label>
            {tooMany && <p className="text-red-700">At most {count(MAX_REMOVAL_URLS)} URLs per removal: narrow the filters.</p>}
            {which === "matching" && !tooMany && <p className="text-slate-600">URLs already in an active removal are left out.</p>}
          </fieldset>
          <div>
            <label htmlFor={intentId} className="block text-sm font-medium text-slate-800">What the site does now</label>
            <select id={intentId} value={intent} onChange={(e) => setIntent(e.target.value as Intent)} className={`${inputClasses} mt-1`}>
              {Object.entries(INTENT_LABELS).map(([k, v]) => <option key={k} value={k}>{v.label}</option>)}
            </select>
            <p className="mt-1 text-xs text-slate-600">{INTENT_LABELS[intent].hint}</p>
          </div>
          {intent === "redirected" && <TextField label="Redirect target (optional)" type="url" value={target} onChange={(e) => setTarget(e.target.value)} />}
          {error !== null && <ErrorAlert error={error} />}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={busy || tooMany}>{busy ? "Declaring…" : "Declare removal"}</Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
