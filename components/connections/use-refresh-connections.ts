"use client";

import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { connectionKeys } from "@/lib/queries/connections";
import { projectKeys } from "@/lib/queries/projects";

/** After a connection changes: the connections, the project (its ownership proof) and the server-rendered shell. */
export function useRefreshConnections(orgId: string, projectId: string) {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: connectionKeys.connections(orgId, projectId) });
    await queryClient.invalidateQueries({ queryKey: projectKeys.project(orgId, projectId) });
    // The shell's "Verified" badge is rendered on the server.
    router.refresh();
  };
}
