"use client";

import { useId } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { automationKeys } from "@/lib/queries/automation";
import { queueInspections, type ProjectRef, type QueueResult } from "@/lib/queries/urls";

const urls = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "URL" : "URLs"}`;

/**
 * "Check again": queues URLs for the scheduler at top priority (POST …/inspections). Nothing is charged
 * now: each URL costs 1 credit when it is inspected. `disabledReason` explains a disabled button.
 */
export function CheckAgain({ projectRef, urlIds, label, disabledReason, onQueued }: {
  projectRef: ProjectRef; urlIds: string[]; label: string; disabledReason?: string; onQueued?: (result: QueueResult) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const queue = useMutation({
    mutationFn: (ids: string[]) => queueInspections(projectRef, ids),
    onSuccess: async (result) => {
      onQueued?.(result);
      await queryClient.invalidateQueries({ queryKey: automationKeys.preview(projectRef.orgId, projectRef.projectId) });
    },
  });
  const disabled = urlIds.length === 0 || queue.isPending;

  return (
    <div className="space-y-2" data-testid="check-again">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button variant="secondary" onClick={() => queue.mutate(urlIds)} disabled={disabled} aria-describedby={`${id}-hint`}>
          {queue.isPending ? "Queuing…" : label}
        </Button>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {urlIds.length === 0 && disabledReason ? disabledReason : "Queued first for the next inspection run; each URL costs 1 credit when it is inspected."}
        </p>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {queue.isError ? (
          <ErrorAlert error={queue.error} />
        ) : queue.isSuccess ? (
          <p role="status" data-testid="check-again-result" className="text-sm text-emerald-800">{summary(queue.data)}</p>
        ) : null}
      </div>
    </div>
  );
}

function summary(r: QueueResult): string {
  const parts = [`${urls(r.queued)} queued for inspection`];
  if (r.alreadyQueued) parts.push(`${urls(r.alreadyQueued)} already waiting`);
  if (r.unknown) parts.push(`${urls(r.unknown)} no longer tracked`);
  return `${parts.join(", ")}. They are checked in the next run, before scheduled URLs.`;
}
