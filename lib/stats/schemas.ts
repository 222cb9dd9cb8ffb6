import { z } from "zod";

const counter = z.number().int().min(0);
export const WebsiteStatsResponse = z.object({
  id: z.uuid().nullable(), organizationId: z.uuid(), projectId: z.uuid(),
  totalUrls: counter, healthyUrls: counter, brokenUrls: counter, redirectedUrls: counter, indexedUrls: counter,
  notIndexedUrls: counter, staleUrls: counter, openIssues: counter, urlsWithIssues: counter,
  lastReconciledAt: z.string().nullable(), createdAt: z.string().nullable(), updatedAt: z.string().nullable(),
});
