"use client";

import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { Button, buttonClasses } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ApiRequestError } from "@/lib/queries/fetch-api";
import { syncProject, type Project } from "@/lib/queries/projects";
import { projectHref } from "../project-paths";
import { SyncResultSummary } from "../sync-result";
import { StepPanel } from "./step-panel";

/** Step 4: the first sitemap sync, with its result and what it cost. */
export function SyncStep({ orgId, project, creditBalance, focus, onSynced, onContinue }: {
  orgId: string; project: Project; creditBalance: number; focus: boolean; onSynced: () => void; onContinue: () => void;
}) {
  const sync = useMutation({ mutationFn: () => syncProject(orgId, project.id), onSuccess: onSynced });
  const error = sync.error;
  // A sync that read no sitemap is not a step done: it can be run again at once (it does not count towards the 15 minutes).
  const failed = sync.data?.status === "failed";
  const noCredits = error instanceof ApiRequestError && error.code === "INSUFFICIENT_CREDITS";

  return (
    <StepPanel
      title="First sitemap sync"
      focusOnMount={focus}
      intro="IndexWatch reads your sitemap (and those named in robots.txt) and starts tracking every URL on your domain. Each new URL costs 1 credit; the next syncs charge only for URLs that are new then."
    >
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Sitemap</dt>
          <dd className="wrap-anywhere font-medium">{project.sitemapUrl}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Credits available</dt>
          <dd className="font-medium tabular-nums" data-testid="setup-credits">
            {creditBalance.toLocaleString("en-US")}
          </dd>
        </div>
      </dl>
      <div aria-live="polite" className="empty:hidden">
        {sync.isError ? (
          <div className="space-y-2">
            <ErrorAlert error={sync.error} />
            {noCredits && (
              <p className="text-sm text-slate-700">
                No credit was used. You can{" "}
                <Link href={projectHref(project.id, "imports")} className="text-brand-700 underline underline-offset-2">
                  import a list of URLs
                </Link>{" "}
                instead: imports use no credits.
              </p>
            )}
          </div>
        ) : sync.data ? (
          <SyncResultSummary result={sync.data} />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {sync.data && !failed ? (
          <Button onClick={onContinue}>Continue</Button>
        ) : (
          <>
            <Button onClick={() => sync.mutate()} disabled={sync.isPending}>
              {sync.isPending ? "Syncing…" : failed ? "Sync again" : "Sync now"}
            </Button>
            <Button variant="secondary" onClick={onContinue} disabled={sync.isPending}>
              Skip for now
            </Button>
          </>
        )}
        {sync.isError && !noCredits && (
          <Link href={projectHref(project.id)} className={buttonClasses("ghost")}>
            Go to the overview
          </Link>
        )}
      </div>
    </StepPanel>
  );
}
