import { z } from "zod";

// Every answer of gsc is parsed here. Enum-like fields stay strings: the service adds
// values (e.g. *_UNSPECIFIED) and an unknown one must not turn a good answer into an error.
const optionalString = z.string().optional().catch(undefined);
const stringList = z.array(z.string()).optional().catch(undefined);

export const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional().catch(undefined),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

export const oauthErrorAnswer = z.object({ error: z.string(), error_description: z.string().optional().catch(undefined) });

/** Google's API error envelope: {"error": {"code", "message", "status"}}. */
export const apiErrorAnswer = z.object({
  error: z.object({ code: z.coerce.number().optional(), message: z.string().optional(), status: z.string().optional() }),
});

export const siteEntry = z.object({ siteUrl: z.string().min(1), permissionLevel: z.string().default("") });
export const sitesAnswer = z.object({ siteEntry: z.array(siteEntry).optional() });

export const indexStatusResult = z.object({
  verdict: optionalString,
  coverageState: optionalString,
  robotsTxtState: optionalString,
  indexingState: optionalString,
  pageFetchState: optionalString,
  lastCrawlTime: optionalString,
  googleCanonical: optionalString,
  userCanonical: optionalString,
  crawledAs: optionalString,
  sitemap: stringList,
  referringUrls: stringList,
});
export type IndexStatusResult = z.infer<typeof indexStatusResult>;

export const inspectAnswer = z.object({
  inspectionResult: z.object({
    inspectionResultLink: optionalString,
    indexStatusResult: indexStatusResult.optional(),
  }),
});
