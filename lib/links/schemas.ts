import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";

export const listLinksQuery = paginationQuery;

const LinkSource = z.object({ url: z.string(), anchorText: z.string().describe("the link's text (or its image's alt), at most 100 characters; empty when none") });

export const UrlLinksResponse = z.object({
  inlinks: z.object({
    pages: z.number().int().nullable().describe("distinct audited pages linking here, followed or not; null before the graph was computed"),
    nofollowOnly: z.boolean().nullable().describe("every link here is rel=nofollow"),
    sample: z.array(LinkSource).describe("up to 5 linking pages with their anchor text"),
  }),
  outlinks: z.object({
    count: z.number().int().describe("distinct internal targets kept (at most 1,000)"),
    seen: z.number().int().describe("internal links the page held, beyond the 1,000 kept too"),
    items: z.array(z.object({ url: z.string(), anchorText: z.string(), nofollow: z.boolean(), tracked: z.boolean() })).describe("the first 100 targets, in page order"),
    extractedAt: z.string().nullable().describe("when the audit (or render) read them; null before"),
  }),
  clickDepth: z.number().int().nullable().describe("clicks from the home page (breadth-first), null when unreachable or unknown"),
  orphan: z.boolean().nullable().describe("tracked, audited in the last complete cycle, linked from no audited page; null before a complete cycle"),
  graph: z.object({ computedAt: z.string().nullable(), completeAt: z.string().nullable().describe("when a cycle was last complete (orphans claimed)") }),
});
export type UrlLinksResponse = z.infer<typeof UrlLinksResponse>;

export const BrokenLinkResponse = z.object({
  target: z.string(),
  status: z.number().int().nullable().describe("the target's final HTTP status (after redirects); null when it never answered"),
  redirectTarget: z.string().nullable().describe("where the target redirects; null when it does not"),
  sourcePages: z.number().int().describe("audited pages that carry a link to it"),
  sampleSources: z.array(LinkSource).describe("up to 5 of them, with the link's anchor text: the pages to edit"),
});
export type BrokenLinkResponse = z.infer<typeof BrokenLinkResponse>;

export const UnlistedPageResponse = z.object({
  url: z.string(),
  inlinkPages: z.number().int().describe("audited pages linking to it"),
  firstSeenAt: z.string(),
  status: z.number().int().nullable().describe("its answer when we fetched it (robots.txt obeyed); null before its fetch or when it never answered"),
  redirectTarget: z.string().nullable(),
  fetchedAt: z.string().nullable(),
  trackable: z.boolean().describe("on the project's own host (a link to the www/apex twin host cannot be tracked)"),
});
export type UnlistedPageResponse = z.infer<typeof UnlistedPageResponse>;
