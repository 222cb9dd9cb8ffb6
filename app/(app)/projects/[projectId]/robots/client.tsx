"use client";

import { useQuery } from "@tanstack/react-query";
import { RobotsTester } from "@/components/robots/robots-tester";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { projectQuery } from "@/lib/queries/projects";
import type { RobotsSearch } from "./search-params";

export function RobotsClient({ orgId, projectId, initial }: { orgId: string; projectId: string; initial: RobotsSearch }) {
  const project = useQuery(projectQuery(orgId, projectId));
  return (
    <section aria-labelledby="robots-heading" className="space-y-4">
      <div>
        <h2 id="robots-heading" className="text-lg font-semibold">robots.txt tester</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">
          Check which URLs a crawler may fetch, against the live robots.txt of the site or a draft you paste before publishing it.
          Matching follows RFC 9309 (the most specific rule wins, and Allow wins a tie); Googlebot and Google&apos;s other crawlers are judged as
          Google&apos;s own parser reads the file, and where it reads a line differently the results say so.
        </p>
      </div>
      {project.isPending ? (
        <ListSkeleton label="Loading the project…" rows={4} />
      ) : project.isError ? (
        <QueryError error={project.error} retry={project.refetch} />
      ) : (
        <RobotsTester projectRef={{ orgId, projectId }} domain={project.data.domain} initialUrls={initial.urls} initialUserAgent={initial.userAgent} />
      )}
    </section>
  );
}
