import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { projectQuery } from "@/lib/queries/projects";
import { getQueryClient } from "@/lib/queries/query-client";
import { projectOr404 } from "../project-or-404";
import { RobotsClient } from "./client";
import { parseRobotsSearch } from "./search-params";

export const metadata: Metadata = { title: "robots.txt tester" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RobotsPage({ params, searchParams }: Props) {
  const [{ projectId }, sp] = await Promise.all([params, searchParams]);
  const { org, project } = await projectOr404(projectId);
  const queryClient = getQueryClient();
  // The tester only needs the project (its domain); every test is a POST the user starts.
  queryClient.setQueryData(projectQuery(org.id, projectId).queryKey, project);

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <RobotsClient orgId={org.id} projectId={projectId} initial={parseRobotsSearch(sp)} />
    </HydrationBoundary>
  );
}
