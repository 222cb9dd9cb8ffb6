import { z } from "zod";

// SPEC.md ProjectVerification / ProjectVerifyResult and the indexnow-key body (Limits: 8-128 chars of
// a-zA-Z0-9-; "" asks for a generated key, so the pattern admits it).
export const indexNowKeyBody = z.strictObject({
  key: z.string().max(128)
    .regex(/^(?:[a-zA-Z0-9-]{8,128})?$/, "The key must be 8-128 characters of a-z, A-Z, 0-9 and '-' (omit it or send \"\" to generate one)")
    .optional()
    .describe("Omitted or empty: a 64-hex key is generated. Otherwise 8-128 characters of `a-zA-Z0-9-`."),
});

const ts = z.string().nullable();
export const ProjectVerification = z.object({
  projectId: z.uuid(),
  domain: z.string(),
  verified: z.boolean().describe("True when any of the IndexNow key, DNS, Google Search Console (gsc) or Bing Webmaster Tools (engineB) timestamps is set"),
  dnsRecordName: z.string().describe("TXT host to create: `_service.{domain}`"),
  dnsRecordValue: z.string().nullable().describe("Full TXT value `service-site-verification={token}`; null when there is no token"),
  dnsVerificationToken: z.string().nullable(),
  dnsVerifiedAt: ts,
  indexNowKey: z.string().nullable(),
  indexNowKeySource: z.enum(["generated", "provided"]).nullable(),
  indexNowKeyFileUrl: z.string().nullable().describe("Expected key-file URL `https://{domain}/{key}.txt`"),
  indexNowKeyVerifiedAt: ts,
  gscConnectedAt: ts,
  engineBConnectedAt: ts,
});
export type ProjectVerification = z.infer<typeof ProjectVerification>;

export const ProjectVerifyResult = z.object({
  verified: z.boolean().describe("Whether this check succeeded (the project-level state is `verification.verified`)"),
  error: z.string().nullable().describe("Stable user-facing message when `verified` is false, else null"),
  verification: ProjectVerification,
});
export type ProjectVerifyResult = z.infer<typeof ProjectVerifyResult>;
