"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DoneStep } from "@/components/projects/setup/done-step";
import { OwnershipStep } from "@/components/projects/setup/ownership-step";
import { ProbeStep } from "@/components/projects/setup/probe-step";
import { Stepper } from "@/components/projects/setup/stepper";
import { SyncStep } from "@/components/projects/setup/sync-step";
import { completedSetupSteps, type SetupStep } from "@/components/projects/setup/steps";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { projectKeys, projectQuery } from "@/lib/queries/projects";

/** The onboarding wizard; it opens at the first step the project has not completed, so it resumes. */
export function SetupClient({ orgId, projectId, initialStep, creditBalance }: { orgId: string; projectId: string; initialStep: SetupStep; creditBalance: number }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const project = useQuery(projectQuery(orgId, projectId));
  const [step, setStep] = useState<SetupStep>(initialStep);
  const [moved, setMoved] = useState(false);

  const go = (next: SetupStep) => {
    setMoved(true);
    setStep(next);
  };
  // The project changed on the server: refetch it, and refresh the shell's badges and the header's credits.
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: projectKeys.org(orgId) });
    router.refresh();
  };

  if (project.isPending) return <ListSkeleton label="Loading the project…" />;
  if (project.isError)
    return (
      <QueryError error={project.error} retry={project.refetch} />
    );
  const p = project.data;

  return (
    <div className="space-y-6">
      <Stepper current={step} completed={completedSetupSteps(p)} />
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
