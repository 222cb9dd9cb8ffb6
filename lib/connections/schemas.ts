import { z } from "zod";
import { parseProperty } from "@/lib/engines/property";
import { uuidParam } from "@/lib/core/params";
import { projectParams } from "@/lib/projects/schemas";

// SPEC.md ConnectionStatus, the gsc and engineB request bodies (Limits: OAuth state ≥ 16, engine key ≥ 16),
// and DESIGN.md's `GET …/connections`. Upper bounds are ours: nothing longer is a real state, code or key.
export const STATE_MIN = 16;
export const STATE_MAX = 512;
export const API_KEY_MIN = 16;
export const API_KEY_MAX = 512;

// Visible ASCII only: these travel in URLs and form bodies, and whitespace around one is a paste error.
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;
const token = (what: string, min: number, max: number) =>
  z.string().min(min, `${what} must be at least ${min} characters`).max(max, `${what} must be at most ${max} characters`)
    .regex(VISIBLE_ASCII, `${what} must be printable ASCII without spaces`);

export const oauthUrlQuery = z.object({
  state: token("state", STATE_MIN, STATE_MAX).optional()
    .describe("CSRF state chosen by the client (16-512 printable ASCII characters); generated (32 random bytes, base64url) when omitted"),
});

export const OAuthUrlResponse = z.object({
  authorizeUrl: z.string().describe("The Google Search Console consent page: offline access, forced consent, read-only webmaster scope"),
  state: z.string().describe("The state to expect back on the redirect and to send to `gsc/callback` (single use, 10 minutes)"),
});
export type OAuthUrlResponse = z.infer<typeof OAuthUrlResponse>;

export const gscCallbackBody = z.strictObject({
  code: token("code", 1, 2048).describe("The authorization code from the consent redirect"),
  state: token("state", STATE_MIN, STATE_MAX).describe("The state issued by `gsc/oauth-url`"),
  propertyUrl: z.string().min(1).max(2048)
    .refine((v) => v === v.trim() && parseProperty(v) !== null, "propertyUrl must be `sc-domain:{domain}` or a URL prefix such as `https://{domain}/`")
    .describe("A domain property (`sc-domain:example.com`) or URL-prefix property (`https://example.com/`), verbatim; it must cover the project domain"),
});
export type GscCallbackBody = z.infer<typeof gscCallbackBody>;

export const engineBConnectBody = z.strictObject({
  apiKey: token("apiKey", API_KEY_MIN, API_KEY_MAX).describe("The Bing Webmaster Tools API key (16-512 characters); stored encrypted, never returned"),
});
export type EngineBConnectBody = z.infer<typeof engineBConnectBody>;

const ts = z.string().nullable();

export const ConnectionStatus = z.object({
  projectId: z.uuid(),
  domain: z.string(),
  gscConnected: z.boolean(),
  gscConnectedAt: ts,
  gscPropertyUrl: z.string().nullable().describe("The property as supplied on connection"),
  engineBConnected: z.boolean(),
  engineBConnectedAt: ts,
});
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export const ConnectionsResponse = z.object({
  gsc: z.object({
    connected: z.boolean().describe("A refresh token is stored and the grant is not known to be revoked"),
    propertyUrl: z.string().nullable(),
    connectedAt: ts,
    revokedAt: ts.describe("When Google Search Console answered invalid_grant for the stored token; null while it works or after a new connection"),
    quotaUsedToday: z.number().int().min(0).describe("URL inspections spent today (Pacific day) on this property, by our count"),
    quotaLimit: z.number().int().min(0).describe("Inspections allowed per property per Pacific day (2,000, or lower by GSC_QUOTA_PER_DAY)"),
    sharedQuotaDetected: z.boolean().describe("Google Search Console refused for quota before our count reached the limit: another tool uses the property"),
    quotaUsedElsewhereToday: z.number().int().min(0).describe("Inspections another tool spent today on the same property: the limit minus our count when Google Search Console refused"),
  }),
  engineB: z.object({
    connected: z.boolean(),
    connectedAt: ts,
    lastError: z.string().nullable().describe("The last failure of a call with the stored key (never the key); null after a (re)connection"),
  }),
});
export type ConnectionsResponse = z.infer<typeof ConnectionsResponse>;

export const GscPropertyResponse = z.object({
  id: z.uuid().describe("The main property's id is the project's"),
  propertyUrl: z.string(),
  role: z.enum(["main", "pooled"]),
  permissionLevel: z.string().nullable().describe("The account's permission on a pooled property when it was added; null for the main one"),
  quotaUsedToday: z.number().int().min(0).describe("URL inspections spent today (Pacific day) through this property, by our count"),
  quotaLimit: z.number().int().min(0),
  sharedQuotaDetected: z.boolean(),
  urlsCovered: z.number().int().min(0).describe("Tracked URLs inside this property"),
});
export type GscPropertyResponse = z.infer<typeof GscPropertyResponse>;

export const addGscPropertyBody = z.strictObject({ propertyUrl: z.string().min(1).max(2048) });
export const gscPropertyParams = projectParams.extend({ propertyId: uuidParam });
