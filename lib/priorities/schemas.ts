import { z } from "zod";
import { URL_PRIORITIES } from "@/lib/urls/schemas";

export const MAX_PRIORITY_RULES = 100;

const pathPrefix = z.string().min(1).max(512)
  .refine((p) => p.startsWith("/"), "A path prefix starts with /")
  .refine((p) => !/[\u0000-\u001f\u007f\s#]/.test(p), "A path prefix has no spaces, control characters or #");

export const PriorityRule = z.strictObject({ pathPrefix, priority: z.enum(URL_PRIORITIES) });
export const PrioritiesBody = z.strictObject({
  rules: z.array(PriorityRule).max(MAX_PRIORITY_RULES)
    .refine((rules) => new Set(rules.map((r) => r.pathPrefix)).size === rules.length, "Each path prefix appears once"),
});
export type PrioritiesBody = z.infer<typeof PrioritiesBody>;

export const PrioritiesResponse = z.object({
  rules: z.array(z.object({ pathPrefix: z.string(), priority: z.enum(URL_PRIORITIES) })),
});
export type PrioritiesResponse = z.infer<typeof PrioritiesResponse>;
