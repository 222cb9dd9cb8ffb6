"use client";

import { useQuery } from "@tanstack/react-query";
import { AutomationCard } from "@/components/projects/overview/automation-card";
import { CoverageCard } from "@/components/projects/overview/coverage-card";
import { ProjectActivity } from "@/components/projects/overview/project-activity";
import { ProjectStatGrid } from "@/components/projects/overview/project-stat-grid";
import { TopIssues } from "@/components/projects/overview/top-issues";
import { TrendsCard } from "@/components/projects/overview/trends-card";
import { VerificationStatus } from "@/components/projects/overview/verification-status";
import { RobotsChangeLine } from "@/components/site-watch/robots-txt-section";
import { OpenSiteChangesLine } from "@/components/site-watch/site-changes-list";
import { QueryError } from "@/components/ui/query-error";
import { StatGridSkeleton } from "@/components/ui/skeleton-blocks";
import { projectQuery } from "@/lib/queries/projects";

export function OverviewClient({ orgId, projectId, serverNow }: { orgId: string; projectId: string; serverNow: number }) {
  const project = useQuery(projectQuery(orgId, projectId));

  if (project.isPending) return <StatGridSkeleton label="Loading the project…" />;
  if (project.isError)
    return (
      <QueryError error={project.error} retry={project.refetch} />
    );

  const p = project.data;
  return (
    <div className="space-y-8">
      <RobotsChangeLine orgId={orgId} projectId={p.id} serverNow={serverNow} />
      <OpenSiteChangesLine projectRef={{ orgId, projectId: p.id }} />
      <ProjectStatGrid orgId={orgId} project={p} />
      <TrendsCard orgId={orgId} projectId={p.id} />
      <CoverageCard orgId={orgId} project={p} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopIssues orgId={orgId} projectId={p.id} />
        <VerificationStatus project={p} />
      </div>
      <AutomationCard orgId={orgId} projectId={p.id} />
      <ProjectActivity orgId={orgId} project={p} serverNow={serverNow} />
    </div>
  );
}
