import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { RobotsTxtSection } from "@/components/site-watch/robots-txt-section";
import { getQueryClient } from "@/lib/queries/query-client";
import { robotsVersionsQuery, watchQuery } from "@/lib/queries/site-watch";
import { listRobotsVersions } from "@/lib/site-watch/robots-versions";
import { getWatch } from "@/lib/site-watch/watch-summary";
import { projectOr404 } from "../../project-or-404";

export const metadata: Metadata = { title: "Changes: robots.txt" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The Changes tab's robots.txt page: the watch's status, the versions, a version's diff and impact (?version=<id>).
export default async function ChangesRobotsPage({ params, searchParams }: Props) {
  const [{ projectId }, sp] = await Promise.all([params, searchParams]);
  const { org, ctx, project } = await projectOr404(projectId);
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...watchQuery(org.id, project.id), queryFn: () => getWatch(ctx, project.id) }),
    queryClient.prefetchQuery({ ...robotsVersionsQuery(org.id, project.id), queryFn: () => listRobotsVersions(ctx, project.id, { offset: 0, limit: 20 }) }),
  ]);
  const version = typeof sp.version === "string" && /^[0-9a-f-]{36}$/i.test(sp.version) ? sp.version : undefined;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <h1 className="mb-6 text-xl font-semibold text-slate-900">Changes: robots.txt</h1>
      <RobotsTxtSection orgId={org.id} projectId={project.id} initialVersionId={version} />
    </HydrationBoundary>
  );
}
