"use client";

import { useQuery } from "@tanstack/react-query";
import { EngineBCard } from "@/components/connections/engine-b-card";
import { GscCard } from "@/components/connections/gsc-card";
import { GscPropertiesCard } from "@/components/connections/gsc-properties-card";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { connectionsQuery } from "@/lib/queries/connections";
import { projectQuery } from "@/lib/queries/projects";

export function ConnectionsClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const project = useQuery(projectQuery(orgId, projectId));
  const connections = useQuery(connectionsQuery(orgId, projectId));
  return (
    <section aria-labelledby="connections-heading" className="space-y-4">
      <div>
        <h2 id="connections-heading" className="text-lg font-semibold">Search engine connections</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">
          Connect Google Search Console and Bing Webmaster Tools to see whether each URL is indexed on Google and on Bing. Either connection also verifies that you own the domain.
        </p>
      </div>
      {project.isPending || connections.isPending ? (
        <ListSkeleton label="Loading the connections…" rows={4} />
      ) : project.isError ? (
        <QueryError error={project.error} retry={project.refetch} />
      ) : connections.isError ? (
        <QueryError error={connections.error} retry={connections.refetch} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <GscCard orgId={orgId} projectId={projectId} domain={project.data.domain} gsc={connections.data.gsc} />
          {/* Under the Google card on wide screens (row 2 of its column), and right after it in reading order. */}
          {connections.data.gsc.connected && (
            <GscPropertiesCard orgId={orgId} projectId={projectId} domain={project.data.domain} className="lg:col-start-1 lg:row-start-2" />
          )}
          <EngineBCard orgId={orgId} projectId={projectId} domain={project.data.domain} engineB={connections.data.engineB} />
        </div>
      )}
    </section>
  );
}
