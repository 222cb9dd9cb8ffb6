import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";
import { internalAddressRefusal, suppliedUrlRefusal } from "@/lib/net/url-policy";
import { BARE_DOMAIN_MESSAGE, isBareDomain } from "./bare-domain";

export { isBareDomain };
export const bareDomain = z.string().trim().toLowerCase().max(253).refine(isBareDomain, BARE_DOMAIN_MESSAGE);

// A name is shown in mail subjects and Slack messages: no line breaks or other control characters.
const name = z.string().trim().min(1).max(255).regex(/^[^\p{Cc}]*$/u, "No control characters (line breaks, tabs)");
// The sitemap is fetched as given: a URL the safe fetcher would refuse (userinfo, a port other than
// 80/443 that CONNECT_TO does not name) is a 400 here rather than a sync that can only fail.
const sitemapUrl = z.url({ protocol: /^https?$/ }).max(2048).check((c) => {
  const refusal = suppliedUrlRefusal(c.value) ?? internalAddressRefusal(c.value);
  if (refusal) c.issues.push({ code: "custom", message: refusal, input: c.value });
});

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
  pausedForCredits: z.boolean().describe("Automation is on but the organization has no credit left: scheduled inspections wait"),
  nextInspectionAt: z.string().nullable().describe("The earliest scheduled inspection of the project"),
  dueNow: z.number().int().min(0).describe("URLs whose scheduled inspection is due"),
  inspectedThisCycle: z.number().int().min(0).describe("URLs audited within the last cadence period"),
  queued: z.number().int().min(0).describe("URLs waiting in the \"check again\" queue"),
});
