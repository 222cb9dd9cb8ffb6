"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { declareRemoval, removalKeys, type CreatedRemoval } from "@/lib/queries/removals";
import type { ProjectRef } from "@/lib/queries/urls";
import { INTENT_LABELS } from "./labels";

type Intent = "gone" | "redirected" | "noindexed" | "blocked";

/** The URL list's bulk action: declare the selected URLs removed, with an intent. */
export function DeclareSelectedRemoval({ projectRef, urlIds, onDeclared }: { projectRef: ProjectRef; urlIds: string[]; onDeclared: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" disabled={!urlIds.length} onClick={() => setOpen(true)} aria-haspopup="dialog"
        title={urlIds.length ? undefined : "Select URLs with the checkboxes to declare them removed."}>
        Declare removal…
      </Button>
      {open && <Dialog projectRef={projectRef} urlIds={urlIds} onClose={() => setOpen(false)} onDeclared={onDeclared} />}
    </>
  );
}

function Dialog({ projectRef, urlIds, onClose, onDeclared }: { projectRef: ProjectRef; urlIds: string[]; onClose: () => void; onDeclared: () => void }) {
  const intentId = useId();
  const queryClient = useQueryClient();
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
      const r = await declareRemoval(projectRef, { urlIds, intent, ...(intent === "redirected" && target.trim() ? { redirectTarget: target.trim() } : {}) });
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
    <Modal title={`Declare ${urlIds.length} URL${urlIds.length === 1 ? "" : "s"} removed`} onClose={onClose}>
      {done ? (
        <div className="space-y-3 text-sm" role="status">
          <p>The removal is declared: it is followed on the <Link className="text-brand-700 underline" href={`/projects/${projectRef.projectId}/removals`}>Removals page</Link>.</p>
          {done.warnings.map((w) => <p key={w.code} className="text-amber-900">{w.message}</p>)}
          <Button onClick={onClose}>Close</Button>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
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
            <Button type="submit" disabled={busy}>{busy ? "Declaring…" : "Declare removal"}</Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
