import { z } from "zod";
import { scopeSchema } from "@/lib/auth/scopes";

const MAX_EXPIRES_IN = 5 * 365 * 86_400; // five years

const scopes = z.array(scopeSchema).min(1, "Give the key at least one scope").max(20)
  .refine((s) => new Set(s).size === s.length, "Scopes must not repeat");

export const createApiKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(255),
  expiresIn: z.number().int().min(60).max(MAX_EXPIRES_IN).optional(),
  metadata: z.strictObject({ scopes, organizationId: z.uuid() }),
});

export const apiKeyIdQuery = z.object({ id: z.string().min(1).max(64) });
export const apiKeyIdBody = z.strictObject({ id: z.string().min(1).max(64) });

export const updateApiKeyBody = z.strictObject({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(255).optional(),
  enabled: z.boolean().optional(),
  scopes: scopes.optional(),
});

export const ApiKeyResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  start: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  enabled: z.boolean(),
  scopes: z.array(z.string()),
  metadata: z.object({ organizationId: z.uuid(), scopes: z.array(z.string()) }).catchall(z.unknown()),
});
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>;

export const CreatedApiKeyResponse = z.object({ key: z.string(), id: z.uuid(), name: z.string() });
