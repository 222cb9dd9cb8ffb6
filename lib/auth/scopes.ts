import { z } from "zod";

// SPEC.md, Authentication: the known scopes. A session carries all of them; an API key its own list.
export const SCOPES = [
  "user:read", "user:write",
  "projects:read", "projects:write",
  "organization:read", "organization:write",
  "api-keys:read", "api-keys:write", "api-keys:delete",
] as const;
export type Scope = (typeof SCOPES)[number];
export const scopeSchema = z.enum(SCOPES);

/** R and W of SPEC.md's project endpoints. */
export const R: Scope[] = ["projects:read", "organization:read"];
export const W: Scope[] = ["projects:write", "organization:read"];

export function missingScopes(granted: readonly string[], required: readonly Scope[]): Scope[] {
  return required.filter((s) => !granted.includes(s));
}
