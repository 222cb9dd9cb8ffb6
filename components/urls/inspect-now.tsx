"use client";

import { useId } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useBalanceAgreement } from "@/components/app/credit-balance";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { activationPreviewQuery, automationKeys } from "@/lib/queries/automation";
import { ApiRequestError } from "@/lib/queries/fetch-api";
import { creditsMoved } from "@/lib/queries/credits";
import { creditBalanceQuery } from "@/lib/queries/organization";
import { projectKeys } from "@/lib/queries/projects";
import { inspectUrl, urlKeys, type ProjectPath, type TrackedUrl } from "@/lib/queries/urls";
import { healthText, indexabilityText } from "./labels";

/** What one "Inspect now" costs (SPEC: 1 credit per inspection). */
export const INSPECT_COST = 1;

/**
 * "Inspect now (1 credit)": audits the URL at once. Disabled, with the reason, when the organization has no
 * credits; a 402 or 429 says what happened in words. On success the URL, its history, the lists and the
 * counters are read again, and the header's balance with them (its query, not a server refresh, which would
 * remount the page and lose this result).
 */
export function InspectNow({ projectRef, url }: { projectRef: ProjectPath; url: TrackedUrl }) {
  const id = useId();
  const queryClient = useQueryClient();
  // Read afresh whenever the dialog opens: the balance said beside the button is current, and the header follows it.
  const preview = useQuery({ ...activationPreviewQuery(projectRef.orgId, projectRef.projectId), staleTime: 0 });
  const balance = preview.data?.creditBalance;
  useBalanceAgreement(projectRef.orgId, balance, preview.dataUpdatedAt);
  const noCredits = balance !== undefined && balance < INSPECT_COST;

  const inspect = useMutation({
    mutationFn: () => inspectUrl(projectRef, url.id),
    // The result shows as soon as it arrives: the rest (the lists, the counters, the balance) is read again behind it.
    onSuccess: (updated) => {
      queryClient.setQueryData(urlKeys.one(projectRef, url.id), updated);
      void queryClient.invalidateQueries({ queryKey: projectKeys.project(projectRef.orgId, projectRef.projectId) });
      void creditsMoved(queryClient, projectRef.orgId);
    },
    // A 402 means the balance shown was out of date: read it again (the button then says why it is disabled).
    onError: async (error) => {
      if (error instanceof ApiRequestError && error.code === "INSUFFICIENT_CREDITS") {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: automationKeys.preview(projectRef.orgId, projectRef.projectId) }),
          queryClient.invalidateQueries({ queryKey: creditBalanceQuery(projectRef.orgId).queryKey }),
        ]);
      }
    },
  });

  return (
    <div className="space-y-2" data-testid="inspect-now">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button onClick={() => inspect.mutate()} disabled={inspect.isPending || noCredits} aria-describedby={`${id}-cost`}>
          {inspect.isPending ? "Inspecting…" : `Inspect now (${INSPECT_COST} credit)`}
        </Button>
        <p id={`${id}-cost`} className="text-xs text-slate-600">
          {noCredits
            ? "Your organization has no credits left: an inspection costs 1 credit. Add credits to inspect this URL."
            : balance !== undefined
              ? `Audits the page now (health, redirects, robots.txt, canonical, noindex) for ${INSPECT_COST} credit; ${balance.toLocaleString("en-US")} available.`
              : `Audits the page now for ${INSPECT_COST} credit.`}
        </p>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {inspect.isError ? (
          <InspectError error={inspect.error} />
        ) : inspect.isSuccess ? (
          <p role="status" data-testid="inspect-result" className="text-sm text-emerald-800">
            Inspected {inspect.data.lastAuditAt ? `at ${formatDateTime(inspect.data.lastAuditAt)}` : "just now"}:{" "}
            {healthText(inspect.data.healthState, true, inspect.data.indexability === "blocked_by_robots")}
            {inspect.data.httpStatus ? ` (HTTP ${inspect.data.httpStatus})` : ""}, {indexabilityText(inspect.data.indexability, true)}.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function InspectError({ error }: { error: unknown }) {
  if (error instanceof ApiRequestError && (error.code === "INSUFFICIENT_CREDITS" || error.code === "RATE_LIMITED")) {
    const available = Number(error.meta?.available);
    return (
      <div role="alert" data-testid="inspect-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        {error.code === "INSUFFICIENT_CREDITS" ? (
          <>
            <p className="font-semibold">Not enough credits: the URL was not inspected.</p>
            <p>
              An inspection costs {INSPECT_COST} credit
              {Number.isFinite(available) ? `; your organization has ${available.toLocaleString("en-US")}` : ""}. Nothing was charged.
            </p>
          </>
        ) : (
          <>
            <p className="font-semibold">Too many inspections at once.</p>
            <p>Ten &ldquo;Inspect now&rdquo; checks are already running for this project. Wait a few seconds and try again; nothing was charged.</p>
          </>
        )}
      </div>
    );
  }
  return <ErrorAlert error={error} />;
}
