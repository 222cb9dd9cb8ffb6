"use client";

import { useEffect, useState, useTransition } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DoneStep } from "@/components/projects/setup/done-step";
import { OwnershipStep } from "@/components/projects/setup/ownership-step";
import { ProbeStep } from "@/components/projects/setup/probe-step";
import { Stepper } from "@/components/projects/setup/stepper";
import { SyncStep } from "@/components/projects/setup/sync-step";
import { attentionSetupSteps, completedSetupSteps, stepFromSearch, type SetupStep } from "@/components/projects/setup/steps";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { projectKeys, projectQuery } from "@/lib/queries/projects";

/**
 * The onboarding wizard; it opens at the first step the project has not completed, so it resumes. The step the
 * person moved to is kept in the address (`?step=`): a refresh of the page's server data (after a sync or a proof)
 * re-renders it with a new `initialStep`, which must never move them back (a skipped proof would otherwise send
 * "Continue" after the sync back to "Prove ownership"), nor may a refresh still in flight when they moved.
 *
 * The address is written only while no refresh is in flight. Next.js's refresh re-renders the tree of the address it
 * started from; an address changed under it (`history.pushState`) makes its answer mismatch the router's tree, which
 * Next.js settles by fetching again and then reloading the whole page. On a busy server the refresh after a proof
 * took longer than reading "Verified" and pressing Continue and "Sync now": the reload then cut the sync's request
 * short or threw its answer away (the "not enough credits" alert never showed, and the sync's 15-minute slot was
 * taken all the same). So a move shows its step at once and records it in the address once the refresh has landed.
 */
export function SetupClient({ orgId, projectId, initialStep, creditBalance }: { orgId: string; projectId: string; initialStep: SetupStep; creditBalance: number }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const project = useQuery(projectQuery(orgId, projectId));
  const chosen = stepFromSearch(useSearchParams().get("step"));
  const [opened] = useState<SetupStep>(initialStep);
  // The step moved to is also held here: a refresh started before the move (after a proof or a sync) may land after
  // it and bring back the address it was started with, which must not move the person back a step.
  const [movedTo, setMovedTo] = useState<SetupStep | null>(null);
  const step = movedTo ?? chosen ?? opened;
  const moved = movedTo !== null;
  // Back and forward go to the step in the address.
  useEffect(() => {
    const follow = () => setMovedTo(null);
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, []);

  // The refresh of the page's server data, pending until its answer has been rendered.
  const [refreshing, startRefresh] = useTransition();
  const go = (next: SetupStep) => setMovedTo(next);
  // The step moved to goes into the address (one history entry per move) when no refresh is in flight: see above.
  useEffect(() => {
    if (movedTo === null || refreshing) return;
    if (new URLSearchParams(window.location.search).get("step") !== movedTo) window.history.pushState(null, "", `?step=${movedTo}`);
  }, [movedTo, refreshing]);
  // The project changed on the server: refetch it, and refresh the shell's badges and the header's credits.
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: projectKeys.org(orgId) });
    startRefresh(() => router.refresh());
  };

  if (project.isPending) return <ListSkeleton label="Loading the project…" />;
  if (project.isError)
    return (
      <QueryError error={project.error} retry={project.refetch} />
    );
  const p = project.data;

  return (
    <div className="space-y-6">
      <Stepper current={step} completed={completedSetupSteps(p)} attention={attentionSetupSteps(p)} />
      {step === "probe" || step === "domain" ? (
        <ProbeStep orgId={orgId} project={p} focus={moved} onProbed={changed} onContinue={() => go(p.verified ? "sync" : "ownership")} />
      ) : step === "ownership" ? (
        <OwnershipStep orgId={orgId} project={p} focus={moved} onVerified={changed} onContinue={() => go("sync")} onSkip={() => go("sync")} />
      ) : step === "sync" ? (
        <SyncStep orgId={orgId} project={p} creditBalance={creditBalance} focus={moved} onSynced={changed} onContinue={() => go("done")} />
      ) : (
        <DoneStep project={p} focus={moved} onProveOwnership={() => go("ownership")} />
      )}
    </div>
  );
}
