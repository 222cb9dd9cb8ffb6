import { z } from "zod";

export const AvailabilityProbeResult = z.object({
  robotsTxtPresent: z.boolean().describe("https://{domain}/robots.txt answered 2xx (after redirects)"),
  llmsTxtPresent: z.boolean().describe("https://{domain}/llms.txt answered 2xx (after redirects)"),
  sitemapPresent: z.boolean().describe("The project's sitemapUrl answered 2xx (after redirects)"),
  robotsSitemapUrls: z.array(z.string()).describe("`Sitemap:` lines of robots.txt, resolved against its URL, in file order, deduplicated"),
  siteReachable: z.boolean().describe("https://{domain} answered at all (any HTTP status). When false the three presence flags are false because "
    + "nothing could be checked, and the project's robotsTxtPresent and llmsTxtPresent become null (unknown)"),
  problem: z.string().nullable().describe("Why the site could not be reached, in plain words; null when it answered"),
  sitemapProblem: z.string().nullable().describe("Why the sitemap is not there, in plain words (not found, an error status, no answer); null when present"),
});
export type AvailabilityProbeResult = z.infer<typeof AvailabilityProbeResult>;
