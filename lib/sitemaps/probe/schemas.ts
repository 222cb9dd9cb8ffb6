import { z } from "zod";

export const AvailabilityProbeResult = z.object({
  robotsTxtPresent: z.boolean().describe("https://{domain}/robots.txt answered 2xx (after redirects)"),
  llmsTxtPresent: z.boolean().describe("https://{domain}/llms.txt answered 2xx (after redirects)"),
  sitemapPresent: z.boolean().describe("The project's sitemapUrl answered 2xx (after redirects)"),
  robotsSitemapUrls: z.array(z.string()).describe("`Sitemap:` lines of robots.txt, resolved against its URL, in file order, deduplicated"),
});
export type AvailabilityProbeResult = z.infer<typeof AvailabilityProbeResult>;
