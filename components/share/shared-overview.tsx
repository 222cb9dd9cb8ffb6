"use client";

import { ProjectStatGrid } from "@/components/projects/overview/project-stat-grid";
import { TopIssues } from "@/components/projects/overview/top-issues";
import { TrendsCard } from "@/components/projects/overview/trends-card";
import { SHARED_SCOPE } from "@/lib/share-links/scope";

/** The overview's read-only parts, inside ReadOnlyProject (the data is already there; nothing fetches). */
export function SharedOverview() {
  return (
    <div className="space-y-8">
      <ProjectStatGrid orgId={SHARED_SCOPE} project={{ id: SHARED_SCOPE }} />
      <TrendsCard orgId={SHARED_SCOPE} projectId={SHARED_SCOPE} />
      <TopIssues orgId={SHARED_SCOPE} projectId={SHARED_SCOPE} />
    </div>
  );
}
