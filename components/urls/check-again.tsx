"use client";

import { useBalanceAgreement } from "@/components/app/credit-balance";
import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { activationPreviewQuery, automationKeys } from "@/lib/queries/automation";
import { creditBalanceQuery } from "@/lib/queries/organization";
import { queueInspections, urlKeys, type ProjectPath, type QueueResult, type UrlSelection } from "@/lib/queries/urls";
import { urlCount } from "./labels";

/** What checking one URL again costs (SPEC: 1 credit per inspection), charged when the scheduler inspects it. */
export const CHECK_AGAIN_COST = 1;
const credits = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "credit" : "credits"}`;

/**
 * "Check again" with its cost: the button asks first (how many URLs, what they cost, the balance), then queues them
 * for the scheduler at top priority (POST …/inspections). Nothing is charged at once: each URL costs 1 credit when it
 * is inspected, in the next run (every 5 minutes); while they wait, the balance is read again every 10 s and the
 * header's balance follows it. A 402 shows in the dialog, which stays open.
 */
export function CheckAgain({ projectRef, selection, count, label, disabledReason, onQueued }: {
  projectRef: ProjectPath; selection: UrlSelection | null; count: number; label: string; disabledReason?: string; onQueued?: (result: QueueResult) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<QueueResult | null>(null);
  const preview = useQuery(activationPreviewQuery(projectRef.orgId, projectRef.projectId));
  useHeaderBalance(projectRef, result !== null);
  const balance = preview.data?.creditBalance;
  useBalanceAgreement(projectRef.orgId, balance, preview.dataUpdatedAt);
  const disabled = !selection || count === 0;

  async function confirm() {
    const queued = await queueInspections(projectRef, selection!);
    setResult(queued);
    setAsking(false);
    onQueued?.(queued);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: automationKeys.preview(projectRef.orgId, projectRef.projectId) }),
      queryClient.invalidateQueries({ queryKey: urlKeys.all(projectRef) }),
    ]);
  }

  return (
    <div className="space-y-2" data-testid="check-again">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button variant="secondary" onClick={() => { setResult(null); setAsking(true); }} disabled={disabled} aria-haspopup="dialog" aria-describedby={`${id}-hint`}>
          {label}
        </Button>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {disabled && disabledReason ? disabledReason : `Inspected within about 5 minutes, before scheduled URLs: ${credits(CHECK_AGAIN_COST)} per URL, charged then.`}
        </p>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {result && <p role="status" data-testid="check-again-result" className="text-sm text-emerald-800">{summary(result)}</p>}
      </div>
      {asking && selection && (
        <ConfirmDialog
          title={`Check ${urlCount(count)} again?`}
          confirmLabel={`Check again for up to ${credits(count * CHECK_AGAIN_COST)}`}
          busyLabel="Queuing…"
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        >
          <p>
            {count === 1 ? "The URL is" : `The ${urlCount(count)} are`} audited again in the next inspection run, within about 5 minutes and before any
            scheduled URL, then Google and Bing are asked again within their quotas.
          </p>
          <p className="mt-2 font-medium text-slate-900" data-testid="check-again-cost">
            Cost: {credits(CHECK_AGAIN_COST)} per URL, up to {credits(count * CHECK_AGAIN_COST)}, charged as each URL is inspected.
            {balance !== undefined && <> Your organization has {credits(balance)}.</>}
          </p>
          <p className="mt-2 text-slate-600">URLs already waiting keep their place and are not charged twice.</p>
          {balance !== undefined && balance < count * CHECK_AGAIN_COST && (
            <p className="mt-2 text-amber-900">That is more than the balance: the request will be refused unless credits are added first.</p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

function summary(r: QueueResult): string {
  const parts = [`${urlCount(r.queued)} queued for inspection`];
  if (r.alreadyQueued) parts.push(`${urlCount(r.alreadyQueued)} already waiting`);
  if (r.unknown) parts.push(`${urlCount(r.unknown)} no longer tracked`);
  const cost = r.queued ? ` They are inspected in the next run (every 5 minutes), ${credits(CHECK_AGAIN_COST)} each, charged then: up to ${credits(r.queued * CHECK_AGAIN_COST)}.` : "";
  return `${parts.join(", ")}.${cost}`;
}

/**
 * While URLs wait to be checked again, reads the project's queue and the organization's balance every 10 s: the
 * header shows the same balance query, so its credits follow the inspections as they are charged.
 */
export function useHeaderBalance(projectRef: ProjectPath, watching: boolean) {
  const preview = useQuery({
    ...activationPreviewQuery(projectRef.orgId, projectRef.projectId),
    refetchInterval: (q) => (watching && (q.state.data?.queued ?? 0) > 0 ? 10_000 : 30_000),
  });
  const waiting = watching && (preview.data?.queued ?? 0) > 0;
  useQuery({ ...creditBalanceQuery(projectRef.orgId), refetchInterval: waiting ? 10_000 : false, enabled: watching });
}
