"use client";

import { linesOf, withLineNumbers } from "@/components/urls/url-lines";
import { useId, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { creditsMoved } from "@/lib/queries/credits";
import { projectKeys } from "@/lib/queries/projects";
import { admitUrls, type AdmitResult, type ProjectPath } from "@/lib/queries/urls";

/** SPEC.md Limits: 1-1000 URLs per manual admission. */
export const MAX_BATCH = 1000;


export function AdmitUrlsDialog({ projectRef, onClose }: { projectRef: ProjectPath; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [sent, setSent] = useState<string[]>([]);
  const lines = linesOf(text);
  const tooMany = lines.length > MAX_BATCH;

  const admit = useMutation({
    mutationFn: (urls: string[]) => admitUrls(projectRef, urls),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.project(projectRef.orgId, projectRef.projectId) }),
      creditsMoved(queryClient, projectRef.orgId),
    ]),
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (lines.length === 0 || tooMany) return;
    setSent(lines);
    admit.mutate(lines);
  }

  return (
    <Modal title="Add URLs" onClose={onClose}>
      {admit.isSuccess ? (
        <AdmitSummary result={admit.data} onMore={() => { admit.reset(); setText(""); }} onClose={onClose} />
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {admit.isError && <ErrorAlert error={withLineNumbers(admit.error, sent)} />}
          <div className="space-y-1">
            <label htmlFor={`${id}-urls`} className="block text-sm font-medium text-slate-800">URLs, one per line</label>
            <textarea
              id={`${id}-urls`}
              rows={8}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-describedby={`${id}-hint`}
              aria-invalid={tooMany || undefined}
              spellCheck={false}
              className={`${inputClasses} font-mono`}
              placeholder={"https://example.com/\nhttps://example.com/pricing"}
            />
            <p id={`${id}-hint`} className={`text-xs ${tooMany ? "text-red-700" : "text-slate-600"}`}>
              {lines.length.toLocaleString("en-US")} of at most {MAX_BATCH.toLocaleString("en-US")} URLs.{" "}
              {tooMany ? "Remove some lines, or use an import for larger lists." : "Only URLs on the project's own domain are added; adding costs no credits."}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={admit.isPending || lines.length === 0 || tooMany}>{admit.isPending ? "Adding…" : "Add URLs"}</Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

function AdmitSummary({ result, onMore, onClose }: { result: AdmitResult; onMore: () => void; onClose: () => void }) {
  return (
    <div className="space-y-4" data-testid="admit-result">
      <p role="status" className="text-sm text-slate-800">
        <strong>{result.inserted.toLocaleString("en-US")}</strong> added, <strong>{result.skipped.toLocaleString("en-US")}</strong> skipped
        {result.skippedOffHost.length > 0 && <> (of which {result.skippedOffHost.length.toLocaleString("en-US")} off-host)</>}.
      </p>
      <p className="text-sm text-slate-600">Skipped URLs were already tracked, repeated in the list, or on another host.</p>
      {result.skippedOffHost.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">Off-host URLs (not added)</h3>
          <ul className="mt-1 max-h-40 list-disc overflow-y-auto pl-5 text-sm text-slate-700">
            {result.skippedOffHost.map((s) => <li key={s.url} className="wrap-anywhere">{s.url}</li>)}
          </ul>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onMore}>Add more</Button>
        <Button onClick={onClose} autoFocus>Done</Button>
      </div>
    </div>
  );
}
