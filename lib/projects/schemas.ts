import { z } from "zod";
import { uuidParam } from "@/lib/api/route";
import { paginationQuery } from "@/lib/api/pagination";
import { BARE_DOMAIN_MESSAGE, isBareDomain } from "./bare-domain";

export { isBareDomain };
export const bareDomain = z.string().trim().toLowerCase().max(253).refine(isBareDomain, BARE_DOMAIN_MESSAGE);

const name = z.string().trim().min(1).max(255);
const sitemapUrl = z.url({ protocol: /^https?$/ }).max(2048);

export const projectParams = z.object({ organizationId: uuidParam, id: uuidParam });
export const listProjectsQuery = paginationQuery.extend({ q: z.string().trim().max(255).optional() });
export const createProjectBody = z.strictObject({ domain: bareDomain, name: name.optional(), sitemapUrl: sitemapUrl.optional() });
export const updateProjectBody = z.strictObject({ name: name.optional(), sitemapUrl: sitemapUrl.optional() });
export const projectStatusBody = z.strictObject({ status: z.enum(["active", "paused"]) });
export const cadence = z.enum(["hourly", "daily", "weekly", "monthly"]);
export const automationBody = z.strictObject({ enabled: z.boolean(), cadence });

const ts = z.string().nullable();
export const ProjectResponse = z.object({
  id: z.uuid(), organizationId: z.uuid(), createdAt: z.string(), updatedAt: z.string(), createdByUserId: z.string().nullable(),
  name: z.string(), domain: z.string(), sitemapUrl: z.string(), status: z.enum(["active", "paused"]), inspectionCadence: cadence,
  automatedInspectionsEnabled: z.boolean(), verified: z.boolean(),
  indexNowKey: z.string().nullable(), indexNowKeySource: z.enum(["generated", "provided"]).nullable(), indexNowKeyVerifiedAt: ts,
  dnsVerificationToken: z.string().nullable(), dnsVerifiedAt: ts, gscPropertyUrl: z.string().nullable(), gscConnectedAt: ts,
  engineBConnectedAt: ts, robotsTxtPresent: z.boolean().nullable(), llmsTxtPresent: z.boolean().nullable(),
  lastAvailabilityCheckAt: ts, lastSitemapSyncAt: ts, lastEngineSyncAt: ts,
});
export type ProjectResponse = z.infer<typeof ProjectResponse>;

export const ActivationPreviewResponse = z.object({
  verified: z.boolean(), trackedUrlCount: z.number().int().min(0), creditBalance: z.number().int().min(0),
  creditsForFullCycle: z.number().int().min(0), urlsInspectableNow: z.number().int().min(0), cadence, automatedInspectionsEnabled: z.boolean(),
});
