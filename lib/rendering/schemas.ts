import { z } from "zod";
import { DIFFERENCE_KINDS } from "./compare";

export const renderBody = z.strictObject({
  confirm: z.boolean().optional().describe("Must be true: a render spends credits (`price` of GET …/rendering); without it nothing is spent (409 CONFLICT with `meta.price`)"),
});

export const renderingSettingsBody = z.strictObject({
  samplePerSection: z.number().int().min(0).max(100).optional().describe("Pages rendered per first path segment each week (0 renders no sample)"),
  cadence: z.enum(["weekly", "off"]).optional(),
});

const PageFactsSchema = z.object({
  title: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaRobots: z.array(z.string()).describe("Every robots meta tag Google reads (`robots`, `googlebot`)"),
  noindex: z.boolean(),
  nosnippet: z.boolean(),
  maxSnippet: z.number().int().nullable(),
  dataNosnippet: z.number().int().describe("Elements marked data-nosnippet"),
  canonical: z.string().nullable(),
  h1: z.string().nullable(),
  hreflang: z.array(z.object({ lang: z.string(), href: z.string() })),
  structuredDataTypes: z.array(z.string()),
  internalLinks: z.number().int(),
  internalLinkSample: z.array(z.string()),
  textLength: z.number().int(),
  textHash: z.string(),
});

const Value = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

export const RenderResponse = z.object({
  url: z.string(),
  renderedAt: z.string(),
  source: z.enum(["on_demand", "sample", "sentinel"]),
  status: z.enum(["rendered", "failed"]),
  failureReason: z.string().nullable().describe("Why the render failed, in words (render_failed)"),
  durationMs: z.number().int(),
  httpStatus: z.number().int().nullable().describe("The main document's status"),
  finalUrl: z.string().nullable(),
  googleRenders: z.boolean().describe("False when the raw HTML says noindex: Google does not render such a page, so what scripts change does not count"),
  raw: PageFactsSchema.nullable(),
  rendered: PageFactsSchema.nullable(),
  differences: z.array(z.object({ kind: z.enum(DIFFERENCE_KINDS), raw: Value, rendered: Value, note: z.string() })),
  consoleErrors: z.array(z.string()),
  failedRequests: z.array(z.object({ url: z.string(), resourceType: z.string(), reason: z.string() })),
  robotsBlockedResources: z.array(z.object({ url: z.string(), resourceType: z.string() })).describe("Requests robots.txt forbids Googlebot (not fetched)"),
  requestCount: z.number().int(),
  bytes: z.number().int(),
  textRatio: z.number().nullable().describe("Raw text length / rendered text length (0-1)"),
  screenshotUrl: z.string().nullable(),
  issues: z.array(z.string()).describe("The rendering issue types this render shows"),
});
export type RenderResponse = z.infer<typeof RenderResponse>;

export const RendererStateSchema = z.object({
  available: z.boolean(),
  mode: z.enum(["local", "remote"]).nullable(),
  poolSize: z.number().int(),
  reason: z.string().nullable(),
});

export const RenderingResponse = z.object({
  renderer: RendererStateSchema,
  price: z.number().int().describe("Credits one render costs"),
  samplePerSection: z.number().int(),
  cadence: z.enum(["weekly", "off"]),
  lastSampleAt: z.string().nullable(),
  sampled: z.number().int().describe("URLs with a render"),
  failed: z.number().int(),
  differencesByKind: z.record(z.string(), z.number().int()),
  bySection: z.array(z.object({ section: z.string(), rendered: z.number().int(), withDifferences: z.number().int(), underFifth: z.number().int() })),
  aiView: z.object({
    pagesUnderFifth: z.number().int().describe("Rendered pages whose raw HTML holds under a fifth of the rendered text"),
    sampled: z.number().int(),
    share: z.number().nullable().describe("pagesUnderFifth / sampled, 0-1"),
  }),
  recent: z.array(z.object({ urlId: z.string(), url: z.string(), renderedAt: z.string(), status: z.enum(["rendered", "failed"]), differences: z.number().int(), textRatio: z.number().nullable() })),
});

const Use = z.enum(["search", "training", "user"]);
export const AiAccessResponse = z.object({
  robotsUrl: z.string(),
  robotsStatus: z.number().int().nullable(),
  crawlers: z.array(z.object({ token: z.string(), operator: z.string(), use: Use, allowed: z.boolean().nullable() })),
  uses: z.array(z.object({
    use: Use,
    crawlersAllowed: z.number().int(),
    crawlersBlocked: z.number().int(),
    contentSignal: z.enum(["yes", "no"]).nullable().describe("The robots.txt Content-Signal value for this use (search, ai-train, ai-input), null when not stated"),
    verdict: z.enum(["allowed", "blocked", "mixed", "unknown"]),
  })),
  contentSignals: z.array(z.object({ userAgent: z.string(), signals: z.record(z.string(), z.string()) })).describe("Content-Signal lines of robots.txt"),
  googleExtended: z.boolean().nullable().describe("Whether robots.txt lets Google-Extended (Gemini training and grounding) fetch the home page"),
  snippets: z.object({ sampled: z.number().int(), nosnippet: z.number().int(), maxSnippet: z.number().int(), dataNosnippet: z.number().int() }),
  llmsTxt: z.object({ present: z.boolean(), url: z.string() }),
});
