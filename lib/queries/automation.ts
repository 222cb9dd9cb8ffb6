import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { ActivationPreviewResponse, cadence } from "@/lib/projects/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath, type Project } from "./projects";

export type Cadence = z.infer<typeof cadence>;
/** Cost of a cycle against the balance, and where the current cycle stands (pausedForCredits: on, and no credits left). */
export type ActivationPreview = z.infer<typeof ActivationPreviewResponse>;

export const CADENCES: readonly Cadence[] = ["hourly", "daily", "weekly", "monthly"];

export const automationKeys = {
  preview: (orgId: string, id: string) => [...projectKeys.project(orgId, id), "activation-preview"] as const,
};

/**
 * Scheduled inspections of the project: cadence, cost per cycle against the balance, the current cycle's
 * progress and the "check again" queue; refreshed every 30 s while shown, as the counters are.
 */
export const activationPreviewQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: automationKeys.preview(orgId, id),
    queryFn: ({ signal }) => fetchApi<ActivationPreview>(projectsPath(orgId, id, "/activation-preview"), { signal }),
    refetchInterval: 30_000,
  });

/** PUT automation: 409 OWNERSHIP_NOT_VERIFIED / NO_TRACKED_URLS and 402 INSUFFICIENT_CREDITS when enabling. */
export const setAutomation = (orgId: string, id: string, body: { enabled: boolean; cadence: Cadence }) =>
  fetchApi<Project>(projectsPath(orgId, id, "/automation"), { method: "PUT", body });
