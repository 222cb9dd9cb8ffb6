import { z } from "zod";

export const identifyBody = z.strictObject({ email: z.email().max(320) });
export const ssoDiscoverQuery = z.object({ domain: z.string().trim().toLowerCase().min(1).max(253).regex(/^[a-z0-9.-]+$/, "Expected an email domain") });
export const ssoCompleteBody = z.strictObject({ handle: z.uuid() });

export const IdentifyResponse = z.object({
  method: z.enum(["sso", "password"]),
  ssoProvider: z.enum(["provider_a", "provider_b", "custom_oidc"]).optional(),
  ssoRedirectUrl: z.string().optional(),
  hasPasskey: z.literal(false),
  allowMagicLink: z.boolean(),
});

export const SsoDiscoverResponse = z.object({
  organizationSlug: z.string(), organizationName: z.string(),
  ssoProvider: z.enum(["provider_a", "provider_b", "custom_oidc"]).nullable(), loginUrl: z.string(),
}).nullable();
export const SsoCompleteResponse = z.object({ userId: z.uuid(), email: z.email() });
