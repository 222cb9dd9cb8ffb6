"use client";

import { ReportScheduleCard } from "@/components/reports/report-schedule-card";
import { ShareLinksCard } from "@/components/reports/share-links-card";

/** What a client sees of the project: read-only share links, and the PDF report mailed on a schedule. */
export function ClientReportsClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const projectRef = { orgId, projectId };
  return (
    <div className="space-y-6">
      <ShareLinksCard projectRef={projectRef} />
      <ReportScheduleCard projectRef={projectRef} />
    </div>
  );
}
